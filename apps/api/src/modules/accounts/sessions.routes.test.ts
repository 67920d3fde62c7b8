import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import { refreshTokens } from '../../db/schema/accounts.js';
import { memoryLimiter } from '../../lib/limiter.js';
import { hashToken } from '../../lib/random.js';
import { bearer, expectNoSecrets, storedTokenHashes, userRow } from '../../test/accounts-fixtures.js';
import { MISSING, TEST_JWT_SECRET, actorOf, createTestApp, makeUser, signIn, type TestApp, issue } from '../../test/harness.js';
import { updateUser } from './users.repo.js';

const MINUTE = 60_000;
const b64url = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
/** The claims an access token carries (read, not verified). */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string; ver: number };

describe('sign-in, sessions and tokens', () => {
  let t: TestApp;
  // One clock for the app and its limiter, moved forward by the tests that need time to pass.
  let now = new Date();
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, password } });
  /** Signs in from a client address of its own. */
  const loginFrom = (remoteAddress: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, password }, remoteAddress });
  const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/users/refresh', payload: { refresh_token: token } });
  const me = (token?: string) => t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: token ? bearer(token) : {} });

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, limiter: memoryLimiter(() => now.getTime()) });
  });
  afterAll(() => t.close());

  describe('POST /api/v1/users/login', () => {
    it('returns the user with both tokens, and nothing secret', async () => {
      const dealer = await makeUser(t, { role: 'dealer' });
      const res = await login(dealer.email, dealer.password);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ id: dealer.id, email: dealer.email, fullname: dealer.fullname, role: 'dealer', status: 'approved' });
      expect(body).toHaveProperty('created_at');
      expect(body.dealerData).toMatchObject({ commission: 10, bankingInfo: { transitNumber: '••345', institutionNumber: '•••', accountNumber: '••••567' } });
      expect(typeof body.access_token).toBe('string');
      expect(typeof body.refresh_token).toBe('string');
      expect(body.access_token.split('.')).toHaveLength(3);
      expectNoSecrets(res.body);
      for (const hash of await storedTokenHashes(t, dealer.id)) expect(res.body).not.toContain(hash);
    });

    it('accepts the email in any case and with spaces around it', async () => {
      const user = await makeUser(t, { role: 'customer' });
      const res = await login(`  ${user.email.toUpperCase()} `, user.password);
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(user.id);
    });

    it('refuses empty fields with their messages', async () => {
      const res = await login('', '');
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('accounts.emailRequired');
      expect(body.issues).toEqual(
        expect.arrayContaining([
          issue('email', 'Email is required'),
          issue('password', 'Password is required'),
        ]),
      );
      const missing = await t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: {} });
      expect(missing.statusCode).toBe(400);
    });

    it('gives a wrong email and a wrong password the same status and body', async () => {
      const user = await makeUser(t, { role: 'customer' });
      const wrongPassword = await login(user.email, 'Wrong1234');
      const wrongEmail = await login(`nobody-${user.email}`, user.password);
      expect(wrongPassword.statusCode).toBe(401);
      expect(wrongEmail.statusCode).toBe(401);
      expect(wrongEmail.body).toBe(wrongPassword.body);
      expect(wrongPassword.json()).toEqual({ message: m.invalidCredentials, code: 'accounts.invalidCredentials' });
    });

    it('keeps a pending account out with 403 ACCOUNT_PENDING', async () => {
      const user = await makeUser(t, { role: 'dealer', status: 'pending' });
      const res = await login(user.email, user.password);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: m.accountPending, code: 'accounts.accountPending' });
      expect(await storedTokenHashes(t, user.id)).toEqual([]);
    });

    it('keeps an inactive account out with 403 ACCOUNT_INACTIVE', async () => {
      const user = await makeUser(t, { role: 'dealer', status: 'inactive' });
      const res = await login(user.email, user.password);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: m.accountInactive, code: 'accounts.accountInactive' });
    });

    it('does not tell a wrong password on a pending account apart from any other', async () => {
      const user = await makeUser(t, { role: 'contractor', status: 'pending', dealerId: (await makeUser(t, { role: 'dealer' })).id });
      const res = await login(user.email, 'Wrong1234');
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('accounts.invalidCredentials');
    });

    it('answers 429 with Retry-After after 10 failed sign-ins from one address, and lets the account in again after the window', async () => {
      const user = await makeUser(t, { role: 'customer' });
      const other = await makeUser(t, { role: 'customer' });
      for (let i = 0; i < 10; i++) expect((await login(user.email, `Wrong${i}pass`)).statusCode).toBe(401);

      const blocked = await login(user.email, user.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: m.tooManyAttempts, code: 'accounts.tooManyAttempts' });
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);

      // The limit is per account: someone else signs in normally meanwhile.
      expect((await login(other.email, other.password)).statusCode).toBe(200);

      advance(14 * MINUTE);
      expect((await login(user.email, user.password)).statusCode).toBe(429);
      advance(retryAfter * 1000 - 14 * MINUTE + 1000);
      const again = await login(user.email, user.password);
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(user.id);
    });

    it('holds the limit against parallel guesses from one address', async () => {
      const user = await makeUser(t, { role: 'customer' });
      const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => loginFrom('203.0.113.77', user.email, `Guess${i}abc`)));
      const statuses = guesses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    });

    it("does not let someone else's failures keep the owner out: only the failing address is locked out of the account", async () => {
      const user = await makeUser(t, { role: 'customer' });
      const attacker = '198.51.100.66';
      for (let i = 0; i < 10; i++) expect((await loginFrom(attacker, user.email, `Wrong${i}pass`)).statusCode).toBe(401);
      expect((await loginFrom(attacker, user.email, 'Wrong10pass')).statusCode).toBe(429);

      const owner = await loginFrom('192.0.2.10', user.email, user.password);
      expect(owner.statusCode).toBe(200);
      expect(owner.json().id).toBe(user.id);
      // The attacker's address stays locked out of this account, right password or not.
      expect((await loginFrom(attacker, user.email, user.password)).statusCode).toBe(429);
    });

    it('holds a ceiling of 100 failures an hour per account across addresses, below which the owner gets in from a clean address', async () => {
      const user = await makeUser(t, { role: 'customer' });
      // 95 failures from 19 addresses (5 each, under their own limit), 10 at a time.
      const guesses = Array.from({ length: 95 }, (_, i) => ({ address: `203.0.113.${100 + (i % 19)}`, password: `Guess${i}abc` }));
      for (let i = 0; i < guesses.length; i += 10) {
        const batch = await Promise.all(guesses.slice(i, i + 10).map((g) => loginFrom(g.address, user.email, g.password)));
        expect(batch.map((r) => r.statusCode)).toEqual(batch.map(() => 401));
      }
      expect((await loginFrom('192.0.2.20', user.email, user.password)).statusCode).toBe(200);

      // The owner's sign-in spent nothing: of 10 parallel guesses from new addresses, 5 reach the ceiling.
      const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => loginFrom(`203.0.113.${200 + i}`, user.email, `Burst${i}abc`)));
      const statuses = burst.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);

      // At the ceiling the account is closed to every address, for what is left of the hour.
      const refused = await loginFrom('192.0.2.21', user.email, user.password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: m.tooManyAttempts, code: 'accounts.tooManyAttempts' });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(15 * 60);
      expect(retryAfter).toBeLessThanOrEqual(60 * 60);
      advance(retryAfter * 1000 + 1000);
      expect((await loginFrom('192.0.2.21', user.email, user.password)).statusCode).toBe(200);
      // 110 sign-ins, each a full password hash: 11 s on an idle 2-core machine, more beside other test files.
    }, 120_000);

    it('clears the failure count on a successful sign-in', async () => {
      const user = await makeUser(t, { role: 'customer' });
      for (let i = 0; i < 9; i++) expect((await login(user.email, 'Wrong1234')).statusCode).toBe(401);
      expect((await login(user.email, user.password)).statusCode).toBe(200);
      // Without the reset this would be the 11th attempt in the window, and refused.
      expect((await login(user.email, 'Wrong1234')).statusCode).toBe(401);
      expect((await login(user.email, user.password)).statusCode).toBe(200);
    });
  });

  describe('GET /api/v1/users/me', () => {
    it('returns the signed-in user for every role', async () => {
      for (const role of ['admin', 'dealer', 'contractor', 'customer'] as const) {
        const dealerId = role === 'contractor' ? (await makeUser(t, { role: 'dealer' })).id : undefined;
        const a = await actorOf(t, role, { dealerId });
        const res = await me(a.access_token);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: a.user.id, email: a.user.email, role, status: 'approved' });
        expectNoSecrets(res.body);
      }
    });

    it('shows a contractor its dealer, and a dealer no contractor data', async () => {
      const dealer = await makeUser(t, { role: 'dealer' });
      const contractor = await actorOf(t, 'contractor', { dealerId: dealer.id });
      const body = (await me(contractor.access_token)).json();
      expect(body.contractorData).toMatchObject({ dealerId: dealer.id, dealerName: dealer.fullname, companyName: 'Test Co' });
      expect(body.dealerData).toBeNull();
    });

    it('answers 401 without a token, or with a header that is not a bearer token', async () => {
      const none = await me();
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ message: m.notSignedIn, code: 'accounts.notSignedIn' });
      const a = await actorOf(t, 'customer');
      const basic = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Basic ${a.access_token}` } });
      expect(basic.statusCode).toBe(401);
    });

    it('refuses an access token signed with another secret', async () => {
      const a = await actorOf(t, 'admin');
      const forged = await new SignJWT({ role: 'admin', ver: 0, sid: claimsOf(a.access_token).sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setSubject(a.user.id)
        .setIssuer('meltway')
        .setAudience('meltway-api')
        .setIssuedAt()
        .setExpirationTime('15m')
        .sign(new TextEncoder().encode('another-secret-that-is-also-long-enough-0123456789'));
      expect((await me(forged)).statusCode).toBe(401);
    });

    it('refuses an unsigned token (alg none)', async () => {
      const a = await actorOf(t, 'admin');
      const [, payload] = a.access_token.split('.');
      const unsigned = `${b64url({ alg: 'none', typ: 'at+jwt' })}.${payload}.`;
      expect((await me(unsigned)).statusCode).toBe(401);
    });

    it('refuses a token whose payload was changed after signing', async () => {
      const a = await actorOf(t, 'customer');
      const [header, payload, signature] = a.access_token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const tampered = `${header}.${b64url({ ...claims, role: 'admin' })}.${signature}`;
      expect((await me(tampered)).statusCode).toBe(401);
    });

    it('refuses a token of our key with the wrong audience or type', async () => {
      const a = await actorOf(t, 'customer');
      const key = new TextEncoder().encode(TEST_JWT_SECRET);
      const base = () =>
        new SignJWT({ role: 'customer', ver: 0, sid: claimsOf(a.access_token).sid }).setSubject(a.user.id).setIssuer('meltway').setIssuedAt(Math.floor(now.getTime() / 1000)).setExpirationTime(Math.floor(now.getTime() / 1000) + 600);
      const wrongAudience = await base().setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setAudience('someone-else').sign(key);
      const wrongType = await base().setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setAudience('meltway-api').sign(key);
      const right = await base().setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setAudience('meltway-api').sign(key);
      expect((await me(wrongAudience)).statusCode).toBe(401);
      expect((await me(wrongType)).statusCode).toBe(401);
      expect((await me(right)).statusCode).toBe(200);
    });

    it('refuses an expired access token', async () => {
      const a = await actorOf(t, 'customer');
      const expired = await t.deps.tokens.sign({ sub: a.user.id, role: 'customer', ver: 0, sid: claimsOf(a.access_token).sid }, new Date(now.getTime() - 16 * MINUTE));
      expect((await me(expired)).statusCode).toBe(401);
    });

    it('lets an access token work for 15 minutes and no longer', async () => {
      const a = await actorOf(t, 'customer');
      advance(14 * MINUTE);
      expect((await me(a.access_token)).statusCode).toBe(200);
      advance(MINUTE + 1000);
      expect((await me(a.access_token)).statusCode).toBe(401);
    });

    it('refuses a token of ours that names no sign-in, or one that never was', async () => {
      const a = await actorOf(t, 'customer');
      const key = new TextEncoder().encode(TEST_JWT_SECRET);
      const iat = Math.floor(now.getTime() / 1000);
      const signed = (claims: object) =>
        new SignJWT({ role: 'customer', ver: 0, ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setSubject(a.user.id).setIssuer('meltway').setAudience('meltway-api').setIssuedAt(iat).setExpirationTime(iat + 600).sign(key);
      expect((await me(await signed({}))).statusCode).toBe(401);
      expect((await me(await signed({ sid: MISSING }))).statusCode).toBe(401);
      expect((await me(await signed({ sid: claimsOf(a.access_token).sid }))).statusCode).toBe(200);
    });

    it('refuses a refresh token used as a bearer token', async () => {
      const a = await actorOf(t, 'customer');
      expect((await me(a.refresh_token)).statusCode).toBe(401);
    });

    it('ends a session as soon as the versions are read again when the account stops being approved', async () => {
      const a = await actorOf(t, 'dealer');
      expect((await me(a.access_token)).statusCode).toBe(200);
      // Written behind the API's back, as another process would: seen at the next poll, forced here.
      await updateUser(t.db, a.user.id, { status: 'inactive' });
      await t.app.cacheVersions.refresh();
      expect((await me(a.access_token)).statusCode).toBe(401);
      expect((await refresh(a.refresh_token)).statusCode).toBe(401);
    });
  });

  describe('POST /api/v1/users/refresh', () => {
    it('returns a new pair; the new access token works and the old refresh token no longer does', async () => {
      const a = await actorOf(t, 'dealer');
      const res = await refresh(a.refresh_token);
      expect(res.statusCode).toBe(200);
      const pair = res.json();
      expect(Object.keys(pair).sort()).toEqual(['access_token', 'refresh_token']);
      expect(pair.refresh_token).not.toBe(a.refresh_token);
      expect((await me(pair.access_token)).json().id).toBe(a.user.id);
      // One sign-in still: rotation ends no access token.
      expect(claimsOf(pair.access_token).sid).toBe(claimsOf(a.access_token).sid);
      expect((await me(a.access_token)).statusCode).toBe(200);

      const old = await refresh(a.refresh_token);
      expect(old.statusCode).toBe(401);
      expect(old.json()).toEqual({ message: m.refreshInvalid, code: 'accounts.refreshInvalid' });
    });

    it('revokes the whole sign-in when a used refresh token is replayed, and only that sign-in', async () => {
      const user = await makeUser(t, { role: 'customer' });
      const first = await signIn(t, user.email);
      const otherDevice = await signIn(t, user.email);
      const second = (await refresh(first.refresh_token)).json();
      const third = (await refresh(second.refresh_token)).json();

      // Someone replays the first token: the newest token of that sign-in must die with it.
      expect((await refresh(first.refresh_token)).statusCode).toBe(401);
      expect((await refresh(third.refresh_token)).statusCode).toBe(401);

      const stored = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
      const familyOf = (token: string) => stored.find((r) => r.tokenHash === hashToken(token))!.familyId;
      const family = stored.filter((r) => r.familyId === familyOf(first.refresh_token));
      expect(family).toHaveLength(3);
      expect(family.every((r) => r.revokedAt)).toBe(true);
      expect(stored.filter((r) => r.familyId === familyOf(otherDevice.refresh_token)).every((r) => !r.revokedAt)).toBe(true);

      expect((await refresh(otherDevice.refresh_token)).statusCode).toBe(200);
    });

    it("ends the revoked sign-in's access tokens at once, and no other sign-in's", async () => {
      const user = await makeUser(t, { role: 'customer' });
      const first = await signIn(t, user.email);
      const otherDevice = await signIn(t, user.email);
      const second = (await refresh(first.refresh_token)).json();
      expect((await me(second.access_token)).statusCode).toBe(200);

      expect((await refresh(first.refresh_token)).statusCode).toBe(401);
      expect((await me(first.access_token)).statusCode).toBe(401);
      expect((await me(second.access_token)).statusCode).toBe(401);
      expect((await me(otherDevice.access_token)).statusCode).toBe(200);
    });

    it('stores only a hash of each refresh token', async () => {
      const a = await actorOf(t, 'customer');
      const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, a.user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).not.toBe(a.refresh_token);
      expect(rows[0]!.tokenHash).not.toContain(a.refresh_token);
      expect(JSON.stringify(rows)).not.toContain(a.refresh_token);
    });

    it('refuses an unknown token with 401 and an empty one with 400', async () => {
      expect((await refresh('not-a-token-we-ever-issued')).statusCode).toBe(401);
      const empty = await refresh('');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().code).toBe('accounts.refreshInvalid');
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/users/refresh', payload: {} })).statusCode).toBe(400);
    });

    it('refuses a refresh token after 30 days', async () => {
      const a = await actorOf(t, 'customer');
      advance(30 * 24 * 60 * MINUTE + 1000);
      expect((await refresh(a.refresh_token)).statusCode).toBe(401);
    });

    it('lets exactly one of 20 parallel refreshes with one token succeed', async () => {
      const a = await actorOf(t, 'customer');
      const results = await Promise.all(Array.from({ length: 20 }, () => refresh(a.refresh_token)));
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 401)).toHaveLength(19);
      const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, a.user.id));
      // The sign-in's token plus exactly one rotated successor.
      expect(rows).toHaveLength(2);
    });
  });

  describe('POST /api/v1/users/logout', () => {
    it('revokes the refresh token and every token rotated from the same sign-in', async () => {
      const a = await actorOf(t, 'customer');
      const rotated = (await refresh(a.refresh_token)).json();
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', payload: { refresh_token: rotated.refresh_token } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: m.loggedOut });
      expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    });

    it('refuses a refresh token that is not a string', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', payload: { refresh_token: 42 } });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('refresh_token');
    });

    it('answers the same for an unknown or missing token', async () => {
      for (const payload of [{ refresh_token: 'never-issued' }, {}]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', payload });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: 'Signed out' });
      }
    });

    it("ends the sign-in's access tokens at once, rotated ones included", async () => {
      const a = await actorOf(t, 'customer');
      const rotated = (await refresh(a.refresh_token)).json();
      expect((await me(a.access_token)).statusCode).toBe(200);
      expect((await me(rotated.access_token)).statusCode).toBe(200);
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', payload: { refresh_token: rotated.refresh_token } });
      expect(res.statusCode).toBe(200);
      expect((await me(rotated.access_token)).statusCode).toBe(401);
      expect((await me(a.access_token)).statusCode).toBe(401);
    });

    it('leaves other sign-ins of the same user alone', async () => {
      const user = await makeUser(t, { role: 'customer' });
      const phone = await signIn(t, user.email);
      const laptop = await signIn(t, user.email);
      await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', payload: { refresh_token: phone.refresh_token } });
      expect((await me(phone.access_token)).statusCode).toBe(401);
      expect((await me(laptop.access_token)).statusCode).toBe(200);
      expect((await refresh(phone.refresh_token)).statusCode).toBe(401);
      expect((await refresh(laptop.refresh_token)).statusCode).toBe(200);
      expect((await userRow(t, user.id))?.status).toBe('approved');
    });
  });
});
