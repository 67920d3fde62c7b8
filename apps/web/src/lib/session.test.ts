import { describe, expect, it } from 'vitest';
import { SESSION_KEY, sessionStore, type SessionUser } from './session';

const user = { id: 'u1', fullname: 'Dee Dealer', email: 'd@x.ca', role: 'dealer' } as SessionUser;

describe('session store', () => {
  it('writes every change under the one session key and notifies subscribers', () => {
    let notified = 0;
    const unsubscribe = sessionStore.subscribe(() => notified++);
    sessionStore.set({ user, access_token: 'a', refresh_token: 'r' });
    sessionStore.updateUser({ fullname: 'Dee Renamed' });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual({
      user: { ...user, fullname: 'Dee Renamed' },
      access_token: 'a',
      refresh_token: 'r',
    });
    expect(localStorage.length).toBe(1);
    sessionStore.clear();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(notified).toBe(3);
    unsubscribe();
  });

  it('ignores a damaged stored value', () => {
    localStorage.setItem(SESSION_KEY, '{"user":');
    sessionStore.reload();
    expect(sessionStore.get()).toBeNull();
  });

  it('never writes back tokens that another tab has already replaced', () => {
    sessionStore.set({ user, access_token: 'a1', refresh_token: 'r1' });
    // Another tab renews the session; this tab has not seen it yet.
    localStorage.setItem(SESSION_KEY, JSON.stringify({ user, access_token: 'a2', refresh_token: 'r2' }));
    sessionStore.updateUser({ fullname: 'Dee Renamed' });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual({
      user: { ...user, fullname: 'Dee Renamed' },
      access_token: 'a2',
      refresh_token: 'r2',
    });
  });

  it('does not bring back a session another tab ended', () => {
    sessionStore.set({ user, access_token: 'a1', refresh_token: 'r1' });
    localStorage.removeItem(SESSION_KEY);
    sessionStore.updateUser({ fullname: 'Dee Renamed' });
    sessionStore.setTokens({ access_token: 'a3', refresh_token: 'r3' });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(sessionStore.get()).toBeNull();
  });
});
