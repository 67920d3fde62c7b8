/** Follows the system's light or dark preference; both themes come from the same tokens. */
export function applyColorScheme() {
  const query = window.matchMedia?.('(prefers-color-scheme: dark)');
  if (!query) return;
  const apply = () => document.documentElement.classList.toggle('dark', query.matches);
  apply();
  query.addEventListener('change', apply);
}
