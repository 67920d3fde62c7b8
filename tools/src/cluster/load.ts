import type { EventEmitter } from 'node:events';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { hashPassword } from '@meltway/api/lib/passwords';
import { DEMO_PASSWORD } from '@meltway/api/seed/seed';
import type { Sides } from './checks.js';
import { SHIPPING } from './checks.js';
import { call, signIn } from './http.js';

/**
 * The mixed workload: what the storefront, the academy and the dashboard ask of the API, through the load
 * balancer. Requests that carry a user's state (a cart, an order, lesson progress) are sent by one connection
 * per account, so that no two connections race over one cart; the rest share their connections.
 */

type Req = { method?: string; path?: string; headers?: Record<string, string>; body?: string; setupRequest?: (request: Req) => Req };
type Job = { kind: string; connections: number; requests: Req[]; overallRate?: number };
type Running = Promise<Result> & EventEmitter;

export type Tally = { kind: string; latencies: number[]; non2xx: Map<number, number>; errors: number; errorKinds: Map<string, number> };

const PASSWORD = 'Cluster1234!';
const json = (token?: string): Record<string, string> => ({ 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type Fixtures = {
  products: { id: string; slug: string }[];
  courseId: string;
  lessons: [string, string];
  cartUsers: string[];
  orderUsers: string[];
  learners: string[];
};

export type Tokens = { admin: string; dealer: string; cart: string[]; orders: string[]; learners: string[] };

/** Accounts of the workload (customers, one per connection that keeps state) and products with stock for the whole run. */
export async function prepareFixtures(dbUrl: string, lb: string, counts: { cart: number; orders: number; learners: number }): Promise<Fixtures> {
  const c = new pg.Client({ connectionString: dbUrl });
  c.on('error', (err) => console.warn('database connection lost:', err.message));
  await c.connect();
  // Card orders hold their stock for 30 minutes: enough of it that the run never runs out.
  await c.query(`UPDATE products SET stock = 1000000000 WHERE active`);
  const products = (await c.query<{ id: string; slug: string }>(`SELECT id, slug FROM products WHERE active ORDER BY slug LIMIT 10`)).rows;
  const hash = await hashPassword(PASSWORD);
  const total = counts.cart + counts.orders + counts.learners;
  const emails = (
    await c.query<{ email: string }>(
      `INSERT INTO users (email, password_hash, fullname, role, status)
       SELECT 'cluster-user-' || i || '@example.com', $1, 'Cluster User ' || i, 'customer', 'approved' FROM generate_series(1, $2::int) AS i
       RETURNING email`,
      [hash, total],
    )
  ).rows
    .map((r) => r.email)
    .sort((x, y) => Number(x.replace(/\D/g, '')) - Number(y.replace(/\D/g, '')));
  await c.end();
  const courses = await call<{ id: string }[]>(`${lb}/api/v1/courses?page=1&pageSize=12`);
  const courseId = courses.body[0]!.id;
  const course = await call<{ sections: { lessons: { id: string }[] }[] }>(`${lb}/api/v1/courses/${courseId}`);
  const lessonIds = course.body.sections.flatMap((s) => s.lessons.map((l) => l.id));
  if (lessonIds.length < 2) throw new Error('the demo course has fewer than 2 lessons');
  return {
    products,
    courseId,
    lessons: [lessonIds[0]!, lessonIds[1]!],
    cartUsers: emails.slice(0, counts.cart),
    orderUsers: emails.slice(counts.cart, counts.cart + counts.orders),
    learners: emails.slice(counts.cart + counts.orders),
  };
}

/**
 * Signs every workload account in, on A and B in turn, each from an address of its own (as people behind the
 * load balancer are), a few at a time; learners are enrolled in the course.
 */
export async function signInAll({ a, b }: Sides, f: Fixtures): Promise<Tokens> {
  const sides = [a, b];
  let n = 0;
  const one = (email: string) => {
    const i = n++;
    const password = email.startsWith('cluster-user-') ? PASSWORD : DEMO_PASSWORD;
    return signIn(sides[i % 2]!.base, email, password, `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`).then((s) => s.access_token);
  };
  const all = [...f.cartUsers, ...f.orderUsers, ...f.learners];
  const tokens: string[] = [];
  for (let i = 0; i < all.length; i += 6) tokens.push(...(await Promise.all(all.slice(i, i + 6).map(one))));
  const [admin, dealer] = await Promise.all([one('admin@demo.meltway.ca'), one('dealer@demo.meltway.ca')]);
  const cart = tokens.slice(0, f.cartUsers.length);
  const orders = tokens.slice(f.cartUsers.length, f.cartUsers.length + f.orderUsers.length);
  const learners = tokens.slice(f.cartUsers.length + f.orderUsers.length);
  for (const token of learners) {
    const r = await call(`${a.base}/api/v1/courses/${f.courseId}/enrolment`, { method: 'POST', token });
    if (r.status !== 200 && r.status !== 201) throw new Error(`enrolment answered ${r.status}`);
  }
  return { admin, dealer, cart, orders, learners };
}

/** The workload's jobs: `shared` connections per kind that needs no account of its own, plus one per workload account. */
export function workload(f: Fixtures, t: Tokens, shared: { browse: number; search: number; quote: number; dashboard: number }, options: { orders: boolean }): Job[] {
  const slugs = f.products.map((p) => p.slug);
  const ids = f.products.map((p) => p.id);
  let k = 0;
  const jobs: Job[] = [
    {
      kind: 'browse',
      connections: shared.browse,
      requests: [
        { path: '/api/v1/products?page=1&pageSize=20' },
        ...slugs.slice(0, 5).map((s) => ({ path: `/api/v1/products/${s}` })),
        { path: '/api/v1/categories' },
        { path: '/api/v1/courses?page=1&pageSize=12' },
        { path: `/api/v1/courses/${f.courseId}` },
        { path: `/product/${slugs[0]}` },
        { path: '/' },
      ],
    },
    {
      kind: 'search',
      connections: shared.search,
      requests: [
        { path: '/api/v1/products?q=mat&page=1&pageSize=20' },
        { path: '/api/v1/products?q=cable&page=1&pageSize=20' },
        { path: '/api/v1/courses?q=driveway&page=1&pageSize=12' },
        { path: '/api/v1/courses?q=sensor&page=1&pageSize=12' },
      ],
    },
    {
      kind: 'checkout quote',
      connections: shared.quote,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/checkout/quote',
          headers: json(),
          setupRequest: (r) => ({
            ...r,
            body: JSON.stringify({ items: [{ productId: ids[k++ % ids.length], quantity: 1 + (k % 3) }], shippingAddress: SHIPPING, shippingMethodId: 'standard', paymentMethod: 'card' }),
          }),
        },
      ],
    },
    {
      kind: 'dashboard lists',
      connections: Math.ceil((shared.dashboard * 2) / 3),
      requests: [
        { path: '/api/v1/orders?page=1&pageSize=20', headers: bearer(t.admin) },
        { path: '/api/v1/users/contractors?page=1&pageSize=10', headers: bearer(t.admin) },
        { path: '/api/v1/students?page=1&pageSize=10', headers: bearer(t.admin) },
        { path: '/api/v1/dashboard/stats', headers: bearer(t.admin) },
      ],
    },
    {
      kind: 'dashboard lists',
      connections: Math.floor(shared.dashboard / 3),
      requests: [
        { path: '/api/v1/orders?page=1&pageSize=20', headers: bearer(t.dealer) },
        { path: '/api/v1/users/contractors?page=1&pageSize=10', headers: bearer(t.dealer) },
      ],
    },
    ...t.cart.map((token, i) => ({
      kind: 'cart',
      connections: 1,
      requests: [
        { method: 'PUT', path: `/api/v1/cart/items/${ids[i % ids.length]}`, headers: json(token), setupRequest: (r: Req) => ({ ...r, body: JSON.stringify({ quantity: 1 + Math.floor(Math.random() * 5) }) }) },
        { path: '/api/v1/cart', headers: bearer(token) },
      ],
    })),
    ...t.learners.map((token) => ({
      kind: 'lesson progress',
      connections: 1,
      requests: [
        { method: 'PUT', path: `/api/v1/lessons/${f.lessons[0]}/progress`, headers: json(token), body: JSON.stringify({ seen: true }) },
        { path: `/api/v1/courses/${f.courseId}/progress`, headers: bearer(token) },
        { method: 'PUT', path: `/api/v1/lessons/${f.lessons[1]}/progress`, headers: json(token), body: JSON.stringify({ seen: false }) },
      ],
    })),
  ];
  if (options.orders) {
    let n = 0;
    const run = Date.now().toString(36);
    jobs.push(
      ...t.orders.map((token, i) => ({
        kind: 'place order',
        connections: 1,
        // Two requests a second per account (a cart line, then the order): the mails they queue leave as fast as they come.
        overallRate: 2,
        requests: [
          { method: 'PUT', path: `/api/v1/cart/items/${ids[i % ids.length]}`, headers: json(token), body: JSON.stringify({ quantity: 1 }) },
          {
            method: 'POST',
            path: '/api/v1/orders',
            setupRequest: (r: Req) => ({
              ...r,
              headers: { ...json(token), 'idempotency-key': `cluster-${run}-${i}-${n++}` },
              body: JSON.stringify({ shippingAddress: SHIPPING, shippingMethodId: 'standard', paymentMethod: 'card', locale: 'en' }),
            }),
          },
        ],
      })),
    );
  }
  return jobs;
}

export const connectionsOf = (jobs: Job[]) => jobs.reduce((n, j) => n + j.connections, 0);

/** Runs every job at once for `seconds` against `base`; each kind's latencies and failures are tallied from every answer. */
export async function runJobs(base: string, jobs: Job[], seconds: number): Promise<Tally[]> {
  const tallies = new Map<string, Tally>();
  await Promise.all(
    jobs.map(async (job) => {
      let t = tallies.get(job.kind);
      if (!t) tallies.set(job.kind, (t = { kind: job.kind, latencies: [], non2xx: new Map(), errors: 0, errorKinds: new Map() }));
      const tally = t;
      const options = { url: base, connections: job.connections, duration: seconds, timeout: 30, requests: job.requests, overallRate: job.overallRate };
      const running = autocannon(options as Parameters<typeof autocannon>[0]) as Running;
      running.on('reqError', (err: Error) => tally.errorKinds.set(err.message, (tally.errorKinds.get(err.message) ?? 0) + 1));
      running.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
        tally.latencies.push(ms);
        if (status < 200 || status > 299) tally.non2xx.set(status, (tally.non2xx.get(status) ?? 0) + 1);
      });
      const r = await running;
      tally.errors += r.errors;
    }),
  );
  return [...tallies.values()];
}

export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Orders the workload's accounts placed, and the mails the SMTP server received for them. */
export async function workloadOrders(dbUrl: string) {
  const c = new pg.Client({ connectionString: dbUrl });
  c.on('error', (err) => console.warn('database connection lost:', err.message));
  await c.connect();
  const row = (
    await c.query<{ orders: string; pending: string }>(
      `SELECT (SELECT count(*) FROM orders WHERE email LIKE 'cluster-user-%') AS orders,
              (SELECT count(*) FROM outbox WHERE payload->>'to' LIKE 'cluster-user-%' AND done_at IS NULL AND failed_at IS NULL) AS pending`,
    )
  ).rows[0]!;
  await c.end();
  return { orders: Number(row.orders), pending: Number(row.pending) };
}
