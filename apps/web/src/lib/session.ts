import { useSyncExternalStore } from 'react';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import type { Tokens } from '@meltway/shared/accounts/auth.schema';

export type SessionUser = UserOut;
export type Session = { user: SessionUser } & Tokens;

/** The one storage key for the signed-in user and tokens; every write goes here. */
export const SESSION_KEY = 'meltway.session';

type Listener = () => void;
const listeners = new Set<Listener>();

function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<Session>;
  return (
    typeof v.access_token === 'string' &&
    typeof v.refresh_token === 'string' &&
    !!v.user &&
    typeof v.user === 'object' &&
    typeof v.user.id === 'string'
  );
}

/** The stored session; `fallback` when storage cannot be read at all (private modes). */
function read(fallback: Session | null = null): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return fallback;
  }
}

let current: Session | null = read();
/** Whether the last session ended by the user's own sign-out (rather than expiring). */
let endedBySignOut = false;

function emit() {
  for (const listener of listeners) listener();
}

function write(next: Session | null) {
  current = next;
  try {
    if (next) localStorage.setItem(SESSION_KEY, JSON.stringify(next));
    else localStorage.removeItem(SESSION_KEY);
  } catch {
    // Private modes may refuse storage; the in-memory session still works for this tab.
  }
  emit();
}

export const sessionStore = {
  get: (): Session | null => current,
  set: (next: Session) => {
    endedBySignOut = false;
    write(next);
  },
  // Partial updates start from what storage holds now, not from this tab's copy: another tab may have
  // renewed the tokens (writing back older ones would spend a used refresh token) or ended the session.
  setTokens: (tokens: Tokens) => {
    const base = read(current);
    if (base) write({ ...base, ...tokens });
    else sessionStore.reload();
  },
  updateUser: (patch: Partial<SessionUser>) => {
    const base = read(current);
    if (base) write({ ...base, user: { ...base.user, ...patch } });
    else sessionStore.reload();
  },
  clear: (reason?: 'sign-out') => {
    endedBySignOut = reason === 'sign-out';
    write(null);
  },
  endedBySignOut: () => endedBySignOut,
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Re-reads storage; used when another tab signs in or out. */
  reload: () => {
    current = read();
    emit();
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY || event.key === null) sessionStore.reload();
  });
}

const getServerSnapshot = () => null;

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, getServerSnapshot);
}

export function useCurrentUser(): SessionUser | null {
  return useSession()?.user ?? null;
}

export const isStaff = (user: Pick<SessionUser, 'role'> | null | undefined) =>
  user?.role === 'admin' || user?.role === 'dealer';
