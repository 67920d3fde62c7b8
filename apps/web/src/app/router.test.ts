import { describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { sessionStore, type SessionUser } from '@/lib/session';
import { requireStaff } from './router';

const args = (url: string) => ({ request: new Request(`http://localhost${url}`), params: {}, context: {} }) as LoaderFunctionArgs;

function redirectOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (thrown) {
    return thrown instanceof Response ? thrown.headers.get('Location') : null;
  }
}

describe('dashboard guard', () => {
  it('sends a signed-out visitor to sign in, remembering the page', () => {
    sessionStore.clear();
    expect(redirectOf(() => requireStaff(args('/dashboard/courses?tab=2')))).toBe('/login?redirect=%2Fdashboard%2Fcourses%3Ftab%3D2');
  });

  it('sends customers and contractors home, and lets admins and dealers in', () => {
    for (const [role, expected] of [
      ['customer', '/'],
      ['contractor', '/'],
      ['admin', null],
      ['dealer', null],
    ] as const) {
      sessionStore.set({ user: { id: 'u', role } as SessionUser, access_token: 'a', refresh_token: 'r' });
      expect(redirectOf(() => requireStaff(args('/dashboard'))), role).toBe(expected);
    }
    sessionStore.clear();
  });
});
