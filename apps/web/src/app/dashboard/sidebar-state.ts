const COOKIE = 'sidebar_state';
const MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

export function readSidebarOpen(): boolean {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${COOKIE}=`));
  return match ? match.split('=')[1] !== 'false' : true;
}

export function writeSidebarOpen(open: boolean) {
  document.cookie = `${COOKIE}=${open}; path=/; max-age=${MAX_AGE_SECONDS}; SameSite=Lax`;
}
