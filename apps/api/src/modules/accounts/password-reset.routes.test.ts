import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import { passwordTokens } from '../../db/schema/accounts.js';
import { memoryLimiter } from '../../lib/limiter.js';
import { verifyPassword } from '../../lib/passwords.js';
import { bearer, userRow } from '../../test/accounts-fixtures.js';
import { createTestApp, linkIn, makeUser, signIn, type TestApp, issue } from '../../test/harness.js';

const MINUTE = 60_000;
const NEW_PASSWORD = 'Fresh4Snow';

describe('forgot and reset password', () => {
  let t: TestApp;
  let now = new Date();
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/users/forgot-password', payload: { email } });
  const reset = (token: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) =>
    t.app.inject({ method: 'POST', url: '/api/v1/users/reset-password', payload: { token, newPassword, confirmPassword } });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, password } });

  /** Asks for a reset mail and returns the token from its link. */
  const tokenFor = async (email: string) => {
    const before = (await t.mailsTo(email)).length;
    expect((await forgot(email)).statusCode).toBe(200);
    const mails = await t.mailsTo(email);
    expect(mails).toHaveLength(before + 1);
    return new URL(linkIn(mails.at(-1)!)).searchParams.get('token')!;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, limiter: memoryLimiter(() => now.getTime()) });
  });
  afterAll(() => t.close());

  describe('POST /api/v1/users/forgot-password', () => {
    it('answers the same for an existing and an unknown email, and mails only the existing one', async () => {
      const user = await makeUser(t, { role: 'customer' });
      const unknown = `nobody-${user.email}`;
      const known = await forgot(user.email);
      const missing = await forgot(unknown);
      expect(known.statusCode).toBe(200);
      expect(missing.statusCode).toBe(200);
      expect(missing.body).toBe(known.body);
      expect(known.json()).toEqual({ message: m.resetSent });
      expect(await t.mailsTo(user.email)).toHaveLength(1);
      expect(await t.mailsTo(unknown)).toHaveLength(0);
    });

    it('mails a PUBLIC_URL/reset?token=… link with a long random token', async () => {
      const user = await makeUser(t, { role: 'dealer' });
      await forgot(user.email.toUpperCase());
      const [mail] = await t.mailsTo(user.email);
      expect(mail).toMatch(/^Subject: Reset your Meltway password/m);
      const link = linkIn(mail!);
      expect(link).toMatch(/^http:\/\/shop\.test\/reset\?token=[A-Za-z0-9_-]+$/);
      const token = new URL(link).searchParams.get('token')!;
      // At least 128 random bits.
      expect(token.length).toBeGreaterThanOrEqual(22);
    });

    it('stores only a hash of the token', async () => {
      const user = await makeUser(t, { role: 'customer' });
      const token = await tokenFor(user.email);
      const rows = await t.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).not.toBe(token);
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(30 * MINUTE);
    });

    it('sends at most 3 mails per account per hour, still answering 200', async () => {
      const user = await makeUser(t, { role: 'customer' });
      for (let i = 0; i < 4; i++) {
        const res = await forgot(user.email);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: m.resetSent });
      }
      expect(await t.mailsTo(user.email)).toHaveLength(3);
      advance(61 * MINUTE);
      await forgot(user.email);
      expect(await t.mailsTo(user.email)).toHaveLength(4);
    });

    it('holds the 3 mails an hour against parallel requests', async () => {
      const user = await makeUser(t, { role: 'customer' });
      const results = await Promise.all(Array.from({ length: 10 }, () => forgot(user.email)));
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      expect(await t.mailsTo(user.email)).toHaveLength(3);
      expect(await t.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user.id))).toHaveLength(3);
    });

    it('refuses a missing or malformed email with its message', async () => {
      const empty = await forgot('');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().issues).toEqual([issue('email', 'Email is required')]);
      const bad = await forgot('not-an-email');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toEqual([issue('email', 'Invalid email format')]);
    });
  });

  describe('POST /api/v1/users/reset-password', () => {
    it('sets the new password: it signs in, the old one does not', async () => {
      const user = await makeUser(t, { role: 'customer' });
      const res = await reset(await tokenFor(user.email));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: m.passwordChanged });
      expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await login(user.email, user.password)).statusCode).toBe(401);
    });

    it('works once: the second use is 400 TOKEN_USED', async () => {
      const user = await makeUser(t, { role: 'customer' });
      const token = await tokenFor(user.email);
      expect((await reset(token)).statusCode).toBe(200);
      const again = await reset(token, 'Another5Pass');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: m.resetLinkUsed, code: 'accounts.resetLinkUsed' });
      expect((await login(user.email, 'Another5Pass')).statusCode).toBe(401);
    });

    it('refuses an unknown token with 400 INVALID_TOKEN, a missing one with its message', async () => {
      const res = await reset('x'.repeat(43));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: m.resetLinkInvalid, code: 'accounts.resetLinkInvalid' });
      const missing = await reset('');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().issues).toContainEqual(issue('token', m.resetLinkInvalid));
    });

    it('expires after 30 minutes: 400 TOKEN_EXPIRED', async () => {
      const user = await makeUser(t, { role: 'customer' });
      const token = await tokenFor(user.email);
      advance(30 * MINUTE + 1000);
      const res = await reset(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: m.resetLinkExpired, code: 'accounts.resetLinkExpired' });
      expect((await login(user.email, user.password)).statusCode).toBe(200);
    });

    it('still works just before the 30 minutes are up', async () => {
      const user = await makeUser(t, { role: 'customer' });
      const token = await tokenFor(user.email);
      advance(29 * MINUTE);
      expect((await reset(token)).statusCode).toBe(200);
    });

    it(`says "Passwords don't match" on a mismatch and keeps the token usable`, async () => {
      const user = await makeUser(t, { role: 'customer' });
      const token = await tokenFor(user.email);
      const res = await reset(token, NEW_PASSWORD, 'Fresh4Snow!');
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([issue('confirmPassword', "Passwords don't match")]);
      expect(m.passwordsDontMatch).toBe("Passwords don't match");
      expect((await reset(token)).statusCode).toBe(200);
    });

    it('applies the registration password rules to newPassword', async () => {
      const cases: [string, string][] = [
        ['', m.passwordRequired],
        ['Ab1', m.passwordMin],
        ['lowercase1', m.passwordUpper],
        ['UPPERCASE1', m.passwordLower],
        ['NoDigitsHere', m.passwordNumber],
      ];
      for (const [password, message] of cases) {
        const res = await reset('some-token', password, password);
        expect(res.statusCode).toBe(400);
        expect(res.json().issues).toContainEqual(issue('newPassword', message));
      }
      const empty = await reset('some-token', NEW_PASSWORD, '');
      expect(empty.json().issues).toContainEqual(issue('confirmPassword', 'Password is required'));
    });

    it('ends every session of the user', async () => {
      const user = await makeUser(t, { role: 'dealer' });
      const laptop = await signIn(t, user.email);
      const phone = await signIn(t, user.email);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: laptop.auth })).statusCode).toBe(200);

      expect((await reset(await tokenFor(user.email))).statusCode).toBe(200);

      for (const s of [laptop, phone]) {
        expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(s.access_token) })).statusCode).toBe(401);
        const r = await t.app.inject({ method: 'POST', url: '/api/v1/users/refresh', payload: { refresh_token: s.refresh_token } });
        expect(r.statusCode).toBe(401);
      }
      const fresh = await signIn(t, user.email, NEW_PASSWORD);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: fresh.auth })).statusCode).toBe(200);
    });

    it('of 20 parallel resets with one token, exactly one succeeds and the password changes once', async () => {
      const user = await makeUser(t, { role: 'customer' });
      const token = await tokenFor(user.email);
      const before = await userRow(t, user.id);
      const passwords = Array.from({ length: 20 }, (_, i) => `Parallel${i}Pass`);

      const results = await Promise.all(passwords.map((p) => reset(token, p)));

      const winners = results.flatMap((r, i) => (r.statusCode === 200 ? [i] : []));
      expect(winners).toHaveLength(1);
      for (const r of results.filter((r) => r.statusCode !== 200)) {
        expect(r.statusCode).toBe(400);
        expect(r.json().code).toBe('accounts.resetLinkUsed');
      }
      const after = await userRow(t, user.id);
      expect(after!.tokenVersion).toBe(before!.tokenVersion + 1);
      expect(await verifyPassword(passwords[winners[0]!]!, after!.passwordHash)).toBe(true);
      expect(await verifyPassword(passwords[(winners[0]! + 1) % 20]!, after!.passwordHash)).toBe(false);
      expect((await login(user.email, passwords[winners[0]!]!)).statusCode).toBe(200);
    });
  });
  describe('GET /api/v1/users/reset-password/:token', () => {
    const check = (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/users/reset-password/${encodeURIComponent(token)}` });

    it('says a working link works, with its expiry, and leaves it usable', async () => {
      const user = await makeUser(t, { role: 'customer' });
      const token = await tokenFor(user.email);
      const first = await check(token);
      expect(first.statusCode, first.body).toBe(200);
      expect(new Date(first.json().expiresAt).getTime()).toBe(now.getTime() + 30 * MINUTE);
      expect((await check(token)).statusCode).toBe(200);
      expect((await reset(token)).statusCode).toBe(200);
    });

    it('says why a link no longer works: unknown, used or expired, as the reset itself would', async () => {
      const unknown = await check('x'.repeat(43));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ message: m.resetLinkInvalid, code: 'accounts.resetLinkInvalid' });

      const used = await tokenFor((await makeUser(t, { role: 'customer' })).email);
      expect((await reset(used)).statusCode).toBe(200);
      expect((await check(used)).json()).toEqual({ message: m.resetLinkUsed, code: 'accounts.resetLinkUsed' });

      const user = await makeUser(t, { role: 'customer' });
      const expiring = await tokenFor(user.email);
      advance(30 * MINUTE);
      const expired = await check(expiring);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ message: m.resetLinkExpired, code: 'accounts.resetLinkExpired' });
      expect((await reset(expiring)).json().code).toBe('accounts.resetLinkExpired');
    });
  });
});
