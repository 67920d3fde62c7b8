import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import { memoryLimiter } from '../../lib/limiter.js';
import { customerBody } from '../../test/accounts-fixtures.js';
import { TEST_PASSWORD, createTestApp, makeUser, signIn, type TestApp } from '../../test/harness.js';

describe('per-address rate limits', () => {
  let t: TestApp;
  let now = new Date();
  let address = 0;
  /** A fresh client address per test, so the tests do not share counters. */
  const nextAddress = () => `198.51.100.${++address}`;

  const post = (url: string, payload: object, remoteAddress: string) => t.app.inject({ method: 'POST', url, payload, remoteAddress });
  const expectLimited = (res: Awaited<ReturnType<typeof post>>) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: m.tooManyAttempts, code: 'accounts.tooManyAttempts' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  };

  beforeAll(async () => {
    t = await createTestApp({
      clock: () => now,
      limiter: memoryLimiter(() => now.getTime()),
      limits: {
        loginPerIp: { max: 3, windowSeconds: 60 },
        refreshPerIp: { max: 3, windowSeconds: 60 },
        forgotPerIp: { max: 2, windowSeconds: 60 },
        resetPerIp: { max: 2, windowSeconds: 60 },
        registerPerIp: { max: 2, windowSeconds: 60 },
      },
    });
  });
  afterAll(() => t.close());

  it('limits sign-ins per address, right password or not, and only for that address', async () => {
    const user = await makeUser(t, { role: 'customer' });
    const ip = nextAddress();
    for (let i = 0; i < 3; i++) expect((await post('/api/v1/users/login', { email: user.email, password: TEST_PASSWORD }, ip)).statusCode).toBe(200);
    expectLimited(await post('/api/v1/users/login', { email: user.email, password: TEST_PASSWORD }, ip));
    expect((await post('/api/v1/users/login', { email: user.email, password: TEST_PASSWORD }, nextAddress())).statusCode).toBe(200);
  });

  it('lets the address in again once the window has passed', async () => {
    const user = await makeUser(t, { role: 'customer' });
    const ip = nextAddress();
    for (let i = 0; i < 3; i++) await post('/api/v1/users/login', { email: user.email, password: 'Wrong1234' }, ip);
    expectLimited(await post('/api/v1/users/login', { email: user.email, password: TEST_PASSWORD }, ip));
    now = new Date(now.getTime() + 61_000);
    expect((await post('/api/v1/users/login', { email: user.email, password: TEST_PASSWORD }, ip)).statusCode).toBe(200);
  });

  it('limits refreshes per address', async () => {
    const user = await makeUser(t, { role: 'customer' });
    const ip = nextAddress();
    let token = (await signIn(t, user.email)).refresh_token;
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/v1/users/refresh', { refresh_token: token }, ip);
      expect(res.statusCode).toBe(200);
      token = res.json().refresh_token;
    }
    expectLimited(await post('/api/v1/users/refresh', { refresh_token: token }, ip));
    // The limited request did not use the token up.
    expect((await post('/api/v1/users/refresh', { refresh_token: token }, nextAddress())).statusCode).toBe(200);
  });

  it('limits reset mails per address, known email or not', async () => {
    const ip = nextAddress();
    const user = await makeUser(t, { role: 'customer' });
    expect((await post('/api/v1/users/forgot-password', { email: user.email }, ip)).statusCode).toBe(200);
    expect((await post('/api/v1/users/forgot-password', { email: 'nobody@example.com' }, ip)).statusCode).toBe(200);
    expectLimited(await post('/api/v1/users/forgot-password', { email: user.email }, ip));
    expect(await t.mailsTo(user.email)).toHaveLength(1);
  });

  it('limits reset attempts per address, so tokens cannot be guessed at speed', async () => {
    const ip = nextAddress();
    const body = { token: 'guess', newPassword: 'Guess1234', confirmPassword: 'Guess1234' };
    expect((await post('/api/v1/users/reset-password', body, ip)).statusCode).toBe(400);
    expect((await post('/api/v1/users/reset-password', body, ip)).statusCode).toBe(400);
    expectLimited(await post('/api/v1/users/reset-password', body, ip));
  });

  it('limits registrations per address', async () => {
    const ip = nextAddress();
    expect((await post('/api/v1/users', customerBody(), ip)).statusCode).toBe(201);
    expect((await post('/api/v1/users', customerBody(), ip)).statusCode).toBe(201);
    const body = customerBody();
    expectLimited(await post('/api/v1/users', body, ip));
    expect((await post('/api/v1/users', body, nextAddress())).statusCode).toBe(201);
  });
});
