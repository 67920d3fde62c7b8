import { createHash } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import pg from 'pg';
import { DEFAULT_RATE_LIMITS } from '@meltway/api/lib/ctx';
import { DEMO_PASSWORD } from '@meltway/api/seed/seed';
import type { Mailbox } from './cluster.js';
import { bytes, call, signIn, sleep, waitFor } from './http.js';

export type Check = { label: string; ok: boolean; figures: string };

type Side = { name: string; base: string };
export type Sides = { a: Side; b: Side; lb: Side };

const ADMIN = 'admin@demo.meltway.ca';
/** Client addresses from TEST-NET-2 (RFC 5737), one per check, so that no check spends another's per-address limits. */
const address = (n: number) => `198.51.100.${n}`;
export const SHIPPING = { fullname: 'Cluster Check', line1: '1 King Street West', city: 'Toronto', province: 'ON', postalCode: 'M5H 1A1', country: 'CA' };

/** 1. A session made on A works on B: B reads the user, rotates the refresh token; a replay of the old one on A ends the family everywhere. */
export async function sessionCheck({ a, b }: Sides): Promise<Check> {
  const made = await signIn(a.base, 'customer@demo.meltway.ca', DEMO_PASSWORD, address(10));
  const me = await call<{ id: string }>(`${b.base}/api/v1/users/me`, { token: made.access_token });
  const rotated = await call<{ access_token: string; refresh_token: string }>(`${b.base}/api/v1/users/refresh`, { json: { refresh_token: made.refresh_token }, clientAddress: address(10) });
  const meOnA = rotated.status === 200 ? await call<{ id: string }>(`${a.base}/api/v1/users/me`, { token: rotated.body.access_token }) : { status: 0, body: { id: '' } };
  const replay = await call(`${a.base}/api/v1/users/refresh`, { json: { refresh_token: made.refresh_token }, clientAddress: address(10) });
  const afterReplay = rotated.status === 200 ? await call(`${b.base}/api/v1/users/refresh`, { json: { refresh_token: rotated.body.refresh_token }, clientAddress: address(10) }) : { status: 0 };
  const ok = me.status === 200 && me.body.id === made.id && rotated.status === 200 && meOnA.status === 200 && meOnA.body.id === made.id && replay.status === 401 && afterReplay.status === 401;
  return {
    label: 'a session made on A works on B',
    ok,
    figures: `signed in on ${a.name}; /users/me on ${b.name} ${me.status}; refresh on ${b.name} ${rotated.status}; new token on ${a.name} ${meOnA.status}; old refresh token replayed on ${a.name} ${replay.status} (401 expected); the rotated one on ${b.name} afterwards ${afterReplay.status} (401 expected: the family is revoked)`,
  };
}

/** Wrong passwords from one address until a 429, sent to `order` (the processes in turn); answers the attempt that got it. */
async function attemptsUntil429(order: Side[], email: string, clientAddress: string, cap: number) {
  for (let n = 1; n <= cap; n++) {
    const side = order[(n - 1) % order.length]!;
    const r = await call(`${side.base}/api/v1/users/login`, { json: { email, password: 'Wrong-password-1' }, clientAddress });
    if (r.status === 429) return { n, by: side.name };
    if (r.status !== 401) throw new Error(`a wrong password on ${side.name} answered ${r.status}`);
  }
  return { n: Number.NaN, by: '-' };
}

/** 2. The sign-in limit counts across both: the 429 comes at the same attempt with A and B in turn as with A alone. */
export async function signInLimitCheck({ a, b }: Sides): Promise<Check> {
  const expected = DEFAULT_RATE_LIMITS.failedLoginsPerAddress.max + 1;
  const cap = expected + 5;
  const alone = await attemptsUntil429([a], 'contractor@demo.meltway.ca', address(20), cap);
  const both = await attemptsUntil429([a, b], 'contractor2@demo.meltway.ca', address(21), cap);
  return {
    label: 'the sign-in limit counts across both processes',
    ok: alone.n === expected && both.n === expected,
    figures: `429 at attempt ${alone.n} with ${a.name} alone, at attempt ${both.n} with ${a.name} and ${b.name} in turn (answered by ${both.by}); the limit is ${expected - 1} failures per account and address, so ${expected} expected`,
  };
}

type Product = { id: string; slug: string; price: number; images: { id: string; url: string }[] };

export async function adminToken(a: Side) {
  return (await signIn(a.base, ADMIN, DEMO_PASSWORD, address(30))).access_token;
}

/**
 * 3. A price changed through A is read through B: the time from A's answer to B's first answer with the new price, B
 * having read (and kept) the old one just before. Five rounds; each must see it within 5 s, and A reads its own change
 * at once. The worst time is printed against CACHE_POLL_MS + 100 ms; it is judged only when `timed` (`npm run soak`,
 * on a quiet machine), since on a busy one a late poll is the machine's, not the code's.
 */
export async function cacheCheck({ a, b }: Sides, token: string, pollMs: number, timed: boolean): Promise<Check> {
  const bound = pollMs + 100;
  const list = await call<{ items: Product[] }>(`${b.base}/api/v1/products?page=1&pageSize=5`);
  const product = list.body.items[0]!;
  const seen: number[] = [];
  let ownLate = 0;
  let price = product.price;
  for (let round = 1; round <= 5; round++) {
    const before = await call<Product>(`${b.base}/api/v1/products/${product.slug}`);
    if (before.body.price !== price) throw new Error(`B read ${before.body.price} before the change, ${price} expected`);
    price += 100;
    const put = await call<Product>(`${a.base}/api/v1/products/${product.id}`, { method: 'PUT', token, json: { price } });
    if (put.status !== 200) throw new Error(`the price change on A answered ${put.status}`);
    const t0 = performance.now();
    const found = await waitFor(async () => (await call<Product>(`${b.base}/api/v1/products/${product.slug}`)).body.price === price, 5_000, 5);
    seen.push(found ? performance.now() - t0 : Number.POSITIVE_INFINITY);
    // The process that wrote refreshes its versions before answering: it reads its own change at once.
    if ((await call<Product>(`${a.base}/api/v1/products/${product.slug}`)).body.price !== price) ownLate++;
    await sleep(Math.random() * pollMs);
  }
  const worst = Math.max(...seen);
  const withinBound = worst <= bound;
  return {
    label: timed
      ? `a product price changed through A is seen through B within CACHE_POLL_MS + 100 ms (${bound} ms)`
      : 'a product price changed through A is seen through B (within 5 s), and at once through A',
    ok: Number.isFinite(worst) && ownLate === 0 && (!timed || withinBound),
    figures: `seen on ${b.name} after ${seen.map((ms) => ms.toFixed(0)).join(', ')} ms (worst ${worst.toFixed(0)} ms, ${withinBound ? 'within' : 'over'} the ${bound} ms of CACHE_POLL_MS + 100${timed ? '' : ', printed, not judged'}); ${a.name} read its own change at once in ${5 - ownLate} of 5 rounds`,
  };
}

/** A 2 x 2 PNG, written here so that each run uploads bytes of its own. */
function png(seed: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, seed & 255, 80, 160, 20, 40, 60, 0, 255, 0, 0, 0, 255, 10, 20, 30]);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** 4. An image uploaded through A is served, byte for byte, by B and through the load balancer. */
export async function uploadCheck({ a, b, lb }: Sides, token: string): Promise<Check> {
  const listed = (await call<{ items: Product[] }>(`${a.base}/api/v1/products?page=1&pageSize=5`)).body.items[1]!;
  const product = (await call<Product>(`${a.base}/api/v1/products/${listed.slug}`)).body;
  const image = png(Date.now());
  const form = new FormData();
  form.append('images', new Blob([image], { type: 'image/png' }), 'cluster-check.png');
  const added = await call<Product>(`${a.base}/api/v1/products/${product.id}/images`, { token, form });
  const fresh = added.status === 201 ? added.body.images.find((i) => !product.images.some((old) => old.id === i.id)) : undefined;
  if (!fresh) return { label: 'an upload through A is served by B', ok: false, figures: `upload on A answered ${added.status}: ${JSON.stringify(added.body)}` };
  const sha = (d: Buffer) => createHash('sha256').update(d).digest('hex').slice(0, 12);
  const fromB = await bytes(`${b.base}${fresh.url}`);
  const fromLb = await bytes(`${lb.base}${fresh.url}`);
  return {
    label: 'an upload through A is served by B',
    ok: fromB.status === 200 && fromB.data.equals(image) && fromLb.status === 200 && fromLb.data.equals(image),
    figures: `${fresh.url} (${image.length} bytes, sha256 ${sha(image)}): from ${b.name} ${fromB.status} sha256 ${sha(fromB.data)}, through nginx ${fromLb.status} sha256 ${sha(fromLb.data)}`,
  };
}

/** Mails each process's log says it sent to one of `addresses` (pino JSON lines, `mail sent`). */
function mailsSentBy(logText: string, addresses: Set<string>) {
  let n = 0;
  for (const line of logText.split('\n')) {
    if (!line.includes('"mail sent"')) continue;
    try {
      const entry = JSON.parse(line) as { to?: string };
      if (entry.to && addresses.has(entry.to.toLowerCase())) n++;
    } catch {
      // Not a JSON line.
    }
  }
  return n;
}

/**
 * 5. Orders placed through A and B at once each queue one mail in the outbox; with both processes' workers
 * polling it, each mail reaches the SMTP server exactly once and its job is done in one attempt.
 */
export async function mailOnceCheck({ a, b }: Sides, box: Mailbox, dbUrl: string, logs: { name: string; read: () => string }[]): Promise<Check> {
  const ORDERS = 10;
  const product = (await call<{ items: Product[] }>(`${a.base}/api/v1/products?page=1&pageSize=5`)).body.items[2]!;
  const run = Date.now().toString(36);
  const emails = Array.from({ length: ORDERS }, (_, i) => `cluster-mail-${run}-${i}@example.com`);
  const placed = await Promise.all(
    emails.map((email, i) =>
      call<{ number: string }>(`${(i % 2 ? b : a).base}/api/v1/orders`, {
        json: { items: [{ productId: product.id, quantity: 1 }], email, shippingAddress: SHIPPING, shippingMethodId: 'standard', paymentMethod: 'card', locale: 'en' },
        clientAddress: address(50),
        headers: { 'idempotency-key': `cluster-mail-${run}-${i}` },
      }),
    ),
  );
  const failed = placed.filter((p) => p.status !== 201);
  if (failed.length) return { label: 'each mail sent once with both workers running', ok: false, figures: `${failed.length} orders refused: ${failed.map((f) => f.status).join(', ')}` };
  const mine = new Set(emails);
  const count = () => box.received.filter((m) => m.to.some((t) => mine.has(t))).length;
  const t0 = Date.now();
  await waitFor(async () => count() >= ORDERS, 30_000, 100);
  const arrivedMs = Date.now() - t0;
  // Longer than two polls of both workers: a second sending would have happened by now.
  await sleep(5_000);
  const perAddress = emails.map((e) => box.received.filter((m) => m.to.includes(e)).length);
  const c = new pg.Client({ connectionString: dbUrl });
  c.on('error', (err) => console.warn('database connection lost:', err.message));
  await c.connect();
  const jobs = (
    await c.query<{ done: string; attempts: string; total: string }>(
      `SELECT count(*) FILTER (WHERE done_at IS NOT NULL) AS done, coalesce(sum(attempts), 0) AS attempts, count(*) AS total FROM outbox WHERE payload->>'to' = ANY($1::text[])`,
      [emails],
    )
  ).rows[0]!;
  await c.end();
  const by = logs.map((l) => `${l.name} ${mailsSentBy(l.read(), mine)}`).join(', ');
  const ok = perAddress.every((n) => n === 1) && Number(jobs.total) === ORDERS && Number(jobs.done) === ORDERS && Number(jobs.attempts) === ORDERS;
  return {
    label: 'each mail sent once with both workers running',
    ok,
    figures: `${ORDERS} orders (${placed.map((p) => p.body.number).slice(0, 2).join(', ')}, …) placed through ${a.name} and ${b.name}: mails received per address ${perAddress.join(' ')} (1 each expected) within ${(arrivedMs / 1000).toFixed(1)} s; outbox jobs ${jobs.total}, done ${jobs.done}, attempts ${jobs.attempts}; sent by ${by}`,
  };
}
