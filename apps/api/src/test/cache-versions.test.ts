import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../db/schema/accounts.js';
import { cacheVersions } from '../db/schema/cache.js';
import { products } from '../db/schema/catalogue.js';
import { redisLimiter } from '../lib/limiter.js';
import * as usersRepo from '../modules/accounts/users.repo.js';
import { courseBody, makeAssignment, makeAuthor, makeCourse, makeDoc } from './academy-fixtures.js';
import { makeCategory, makeProduct } from './catalogue-fixtures.js';
import { actorOf, createTestApp, linkIn, makeUser, onPostgres, signIn, type Session, type TestApp, type TestAppOptions } from './harness.js';

/** How long another process may take to see a write: the bearer check's bound, and the public caches'. */
const BOUND_MS = 1000;

// On PostgreSQL the two apps also share the rate limiter, as two processes behind a load balancer would.
const REDIS_URL = onPostgres ? (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined;
const shared = (): TestAppOptions =>
  REDIS_URL ? { env: { REDIS_URL }, limiter: redisLimiter(REDIS_URL, `meltway:test:${process.pid}:${Date.now().toString(36)}:`) } : {};

const versionsOf = async (t: TestApp) =>
  Object.fromEntries((await t.db.select().from(cacheVersions)).map((r) => [r.name, r.version])) as Record<string, number>;

describe('cache versions in the database', () => {
  let t: TestApp;
  let admin: Session;
  let categoryId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    categoryId = (await makeCategory(t, admin.auth)).id;
  });
  afterAll(() => t.close());

  it('has one row per domain', async () => {
    expect(Object.keys(await versionsOf(t)).sort()).toEqual(['academy', 'catalogue', 'content', 'sessions', 'taxes', 'users']);
  });

  it('bumps a domain once per transaction, however many rows it writes, and only that domain', async () => {
    await makeProduct(t, admin.auth, categoryId);
    await makeProduct(t, admin.auth, categoryId);
    const before = await versionsOf(t);
    await t.db.transaction(async (tx) => {
      await tx.update(products).set({ description: sql`${products.description} || ' '` });
      await tx.update(products).set({ description: sql`rtrim(${products.description})` });
    });
    const after = await versionsOf(t);
    expect(after.catalogue).toBe(before.catalogue! + 1);
    expect(after.academy).toBe(before.academy);
    expect(after.users).toBe(before.users);
  });

  it('leaves the catalogue version alone when only stock moves (orders), and bumps when stock moves with anything else', async () => {
    await makeProduct(t, admin.auth, categoryId);
    const before = await versionsOf(t);
    await t.db.update(products).set({ stock: sql`${products.stock} + 1` });
    await t.db.update(products).set({ stock: sql`${products.stock} - 1` });
    expect((await versionsOf(t)).catalogue).toBe(before.catalogue);
    await t.db.update(products).set({ stock: sql`${products.stock} + 1`, active: sql`not ${products.active}` });
    await t.db.update(products).set({ stock: sql`${products.stock} - 1`, active: sql`not ${products.active}` });
    expect((await versionsOf(t)).catalogue).toBe(before.catalogue! + 2);
  });

  it('bumps content when a FAQ is written, and the public FAQ list shows it at once', async () => {
    const before = await versionsOf(t);
    const listed = async () => ((await t.app.inject({ method: 'GET', url: '/api/v1/faq' })).json() as { name: string }[]).map((f) => f.name);
    const first = await listed();
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/faq', headers: admin.auth, payload: { name: 'Does the mat need a sensor?', description: 'Yes, or a timer.' } });
    expect(created.statusCode, created.body).toBe(201);
    const after = await versionsOf(t);
    expect(after.content).toBe(before.content! + 1);
    expect(after.catalogue).toBe(before.catalogue);
    const second = await listed();
    expect(second).toHaveLength(first.length + 1);
    expect(second).toContain('Does the mat need a sensor?');
  });

  it('bumps again in the next transaction', async () => {
    const before = await versionsOf(t);
    await makeProduct(t, admin.auth, categoryId);
    await makeProduct(t, admin.auth, categoryId);
    expect((await versionsOf(t)).catalogue).toBe(before.catalogue! + 2);
  });

  it('bumps nothing when the write rolls back', async () => {
    const before = await versionsOf(t);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(products).set({ description: sql`${products.description} || ' '` });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await versionsOf(t)).toEqual(before);
  });

  it('bumps users on deletion, status and token version changes', async () => {
    const user = await makeUser(t, { role: 'customer' });
    for (const write of [
      () => usersRepo.updateUser(t.db, user.id, { status: 'inactive' }),
      () => usersRepo.bumpTokenVersion(t.db, user.id),
      () => usersRepo.deleteUserRow(t.db, user.id),
    ]) {
      const before = (await versionsOf(t)).users!;
      await write();
      expect((await versionsOf(t)).users).toBe(before + 1);
    }
  });

  it('bumps sessions when a sign-in ends, and not when tokens are issued or rotated', async () => {
    const user = await makeUser(t, { role: 'customer' });
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    const step = async (write: () => Promise<unknown>) => {
      const before = (await versionsOf(t)).sessions!;
      await write();
      return (await versionsOf(t)).sessions! - before;
    };
    let session: Awaited<ReturnType<typeof signIn>> | undefined;
    expect(await step(async () => (session = await signIn(t, user.email)))).toBe(0);
    let rotated: { refresh_token: string } | undefined;
    expect(await step(async () => (rotated = (await post('/api/v1/users/refresh', { refresh_token: session!.refresh_token })).json()))).toBe(0);
    expect(await step(() => post('/api/v1/users/logout', { refresh_token: rotated!.refresh_token }))).toBe(1);
    // Already revoked: nothing changes, nothing is bumped.
    expect(await step(() => post('/api/v1/users/logout', { refresh_token: rotated!.refresh_token }))).toBe(0);
    expect(await step(() => t.db.delete(refreshTokens).where(eq(refreshTokens.userId, user.id)))).toBe(1);
  });

  it('is read by the app again after its own writes, before their answer leaves', async () => {
    await makeProduct(t, admin.auth, categoryId);
    expect(t.app.cacheVersions.version('catalogue')).toBe((await versionsOf(t)).catalogue);
  });
});

describe('two API processes on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Session;
  let categoryId: string;

  beforeAll(async () => {
    a = await createTestApp(shared());
    b = await createTestApp({ ...shared(), sameDatabaseAs: a });
    admin = await actorOf(a, 'admin');
    categoryId = (await makeCategory(a, admin.auth)).id;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** Polls `seen` on instance B until it holds; fails after the bound. Returns the delay. */
  async function seenWithin(what: string, seen: () => Promise<boolean>) {
    const start = performance.now();
    for (;;) {
      if (await seen()) break;
      if (performance.now() - start > BOUND_MS) throw new Error(`${what}: not seen by the other instance within ${BOUND_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const ms = Math.round(performance.now() - start);
    process.stdout.write(`[two instances, ${onPostgres ? 'PostgreSQL' : 'PGlite'}] ${what}: seen by B after ${ms} ms\n`);
    return ms;
  }

  it('a product changed through A is seen by B', async () => {
    const product = await makeProduct(a, admin.auth, categoryId);
    const url = `/api/v1/products/${product.id}`;
    // B keeps the public answer first, so what follows tests the invalidation, not a miss.
    await seenWithin('new product', async () => (await b.app.inject({ url })).statusCode === 200);
    expect((await b.app.inject({ url })).json().name).toBe(product.name);
    const res = await a.app.inject({ method: 'PUT', url: `/api/v1/products/${product.id}`, headers: admin.auth, payload: { name: 'Renamed mat' } });
    expect(res.statusCode).toBe(200);
    expect((await a.app.inject({ url })).json().name).toBe('Renamed mat');
    await seenWithin('renamed product', async () => (await b.app.inject({ url })).json().name === 'Renamed mat');
    await a.app.inject({ method: 'PUT', url: `/api/v1/products/${product.id}`, headers: admin.auth, payload: { active: false } });
    await seenWithin('deactivated product', async () => (await b.app.inject({ url })).statusCode === 404);
  });

  it('a course changed through A is seen by B', async () => {
    const refs = { author: (await makeAuthor(a, admin.auth)).id, doc: (await makeDoc(a, admin.auth)).id, assignment: (await makeAssignment(a, admin.auth)).id };
    const course = await makeCourse(a, admin.auth, refs, { status: 'published' });
    const url = `/api/v1/courses/${course.id}`;
    await seenWithin('new course', async () => (await b.app.inject({ url })).statusCode === 200);
    await b.app.inject({ url: '/api/v1/courses' });
    const res = await a.app.inject({ method: 'PUT', url, headers: admin.auth, payload: { ...courseBody(refs), courseTitle: 'Renamed course', status: 'published' } });
    expect(res.statusCode).toBe(200);
    await seenWithin('renamed course', async () => (await b.app.inject({ url })).json().courseTitle === 'Renamed course');
    await seenWithin('renamed course in the list', async () =>
      ((await b.app.inject({ url: '/api/v1/courses' })).json() as { id: string; courseTitle: string }[]).some((c) => c.id === course.id && c.courseTitle === 'Renamed course'),
    );
  });

  describe("a sign-in ended through A: B refuses its access token", () => {
    const me = (t: TestApp, s: { auth: { authorization: string } }) => t.app.inject({ url: '/api/v1/users/me', headers: s.auth });
    const post = (t: TestApp, url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

    it('once signed out', async () => {
      const user = await makeUser(a, { role: 'customer' });
      const session = await signIn(a, user.email);
      const otherDevice = await signIn(a, user.email);
      expect((await me(b, session)).statusCode).toBe(200);
      expect((await post(a, '/api/v1/users/logout', { refresh_token: session.refresh_token })).statusCode).toBe(200);
      await seenWithin('sign-out', async () => (await me(b, session)).statusCode === 401);
      expect((await me(b, otherDevice)).statusCode).toBe(200);
    });

    it('once revoked by a replayed refresh token', async () => {
      const session = await actorOf(a, 'customer');
      const rotated = (await post(a, '/api/v1/users/refresh', { refresh_token: session.refresh_token })).json() as { access_token: string };
      const rotatedAuth = { auth: { authorization: `Bearer ${rotated.access_token}` } };
      expect((await me(b, rotatedAuth)).statusCode).toBe(200);
      expect((await post(a, '/api/v1/users/refresh', { refresh_token: session.refresh_token })).statusCode).toBe(401);
      await seenWithin('replay revocation', async () => (await me(b, rotatedAuth)).statusCode === 401);
      expect((await me(b, session)).statusCode).toBe(401);
    });
  });

  describe("a user changed through A: B refuses the user's access token", () => {
    const me = (t: TestApp, s: { auth: { authorization: string } }) => t.app.inject({ url: '/api/v1/users/me', headers: s.auth });

    it('once deactivated', async () => {
      const user = await actorOf(a, 'customer');
      expect((await me(b, user)).statusCode).toBe(200);
      await usersRepo.updateUser(a.db, user.user.id, { status: 'inactive' });
      await seenWithin('deactivated user', async () => (await me(b, user)).statusCode === 401);
    });

    it('once deleted', async () => {
      const user = await actorOf(a, 'customer');
      expect((await me(b, user)).statusCode).toBe(200);
      expect((await a.app.inject({ method: 'DELETE', url: `/api/v1/users/permanent/${user.user.id}`, headers: admin.auth })).statusCode).toBe(200);
      await seenWithin('deleted user', async () => (await me(b, user)).statusCode === 401);
    });

    it('once its password is reset', async () => {
      const user = await makeUser(a, { role: 'customer' });
      const session = await signIn(a, user.email);
      expect((await me(b, session)).statusCode).toBe(200);
      expect((await a.app.inject({ method: 'POST', url: '/api/v1/users/forgot-password', payload: { email: user.email } })).statusCode).toBe(200);
      const token = new URL(linkIn((await a.mailsTo(user.email)).at(-1)!)).searchParams.get('token')!;
      const reset = await a.app.inject({ method: 'POST', url: '/api/v1/users/reset-password', payload: { token, newPassword: 'Another123', confirmPassword: 'Another123' } });
      expect(reset.statusCode).toBe(200);
      await seenWithin('password reset', async () => (await me(b, session)).statusCode === 401);
    });
  });
});
