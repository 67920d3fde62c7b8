import type { Check } from '../cluster/checks.js';
import { call } from '../cluster/http.js';
import { KINDS, nextAddress, type Ledger, type Setup } from './load.js';

/**
 * What the database must hold after the kills, read through the API of the last process started: every
 * acknowledged write, the stock each order in the database took and no more, the coupon's uses.
 */

type Summary = { id: string; number: string; status: string };
type Order = Summary & { lines: { productId: string; quantity: number }[]; coupon: { code: string } | null };
type Product = { id: string; slug: string; stock: number };

/** Runs `work` over `items`, `width` at a time. */
async function pooled<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!);
      }
    }),
  );
  return out;
}

/** Every order's id, as the admin's list pages through them. */
export async function orderIds(base: string, admin: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 1; ; page++) {
    const r = await call<{ items: Summary[]; total: number }>(`${base}/api/v1/orders?page=${page}&pageSize=100`, { token: admin });
    if (r.status !== 200) throw new Error(`the order list answered ${r.status}`);
    for (const o of r.body.items) ids.add(o.id);
    if (r.body.items.length < 100) return ids;
  }
}

export async function stockOf(base: string, products: Setup['products']) {
  const stock = new Map<string, number>();
  for (const p of products) {
    const r = await call<Product>(`${base}/api/v1/products/${p.slug}`);
    if (r.status !== 200) throw new Error(`product ${p.slug} answered ${r.status}`);
    stock.set(p.id, r.body.stock);
  }
  return stock;
}

const sum = (m: Map<string, number> | undefined) => [...(m?.values() ?? [])].reduce((x, y) => x + y, 0);

/** The figures the checks print, and the checks themselves. */
export async function verify(base: string, s: Setup, ledger: Ledger, before: { orders: Set<string>; stock: Map<string, number> }): Promise<Check[]> {
  const checks: Check[] = [];

  // Orders: every order made since the setup, with its lines.
  const now = await orderIds(base, s.admin);
  const fresh = [...now].filter((id) => !before.orders.has(id));
  const read = await pooled(fresh, 6, async (id) => {
    const r = await call<Order>(`${base}/api/v1/orders/${id}`, { token: s.admin });
    if (r.status !== 200) throw new Error(`order ${id} is listed but answered ${r.status}`);
    return r.body;
  });
  const inDb = new Map(read.map((o) => [o.id, o]));
  const sameLines = (a: { productId: string; quantity: number }[], b: { productId: string; quantity: number }[]) => {
    const key = (ls: typeof a) => ls.map((l) => `${l.productId}x${l.quantity}`).sort().join(',');
    return key(a) === key(b);
  };
  const missing = ledger.orders.filter((o) => !inDb.has(o.id));
  const wrongLines = ledger.orders.filter((o) => inDb.has(o.id) && !sameLines(o.lines, inDb.get(o.id)!.lines));
  const acked = new Set(ledger.orders.map((o) => o.id));
  const unknownOrders = (ledger.unknown.get('guest order') ?? 0) + (ledger.unknown.get('contractor order') ?? 0);
  const committedUnknown = read.filter((o) => !acked.has(o.id)).length;
  checks.push({
    label: 'every acknowledged order is in the database with its lines',
    ok: missing.length === 0 && wrongLines.length === 0,
    figures:
      `${ledger.orders.length} acknowledged, ${missing.length} missing${missing.length ? ` (${missing.slice(0, 5).map((o) => o.number).join(', ')})` : ''}, ` +
      `${wrongLines.length} with other lines; ${unknownOrders} unknown (no answer), of which ${committedUnknown} committed`,
  });
  checks.push({
    label: 'no order in the database that was not asked for',
    ok: committedUnknown <= unknownOrders,
    figures: `${fresh.length} orders made since the setup = ${fresh.length - committedUnknown} acknowledged + ${committedUnknown} unanswered that committed (at most ${unknownOrders})`,
  });

  // Stock: the start minus what the orders in the database took (a cancelled order gives its stock back).
  const taken = new Map<string, number>();
  const live = read.filter((o) => o.status !== 'cancelled');
  for (const o of live) for (const l of o.lines) taken.set(l.productId, (taken.get(l.productId) ?? 0) + l.quantity);
  const stock = await stockOf(base, s.products);
  const mismatches = s.products.filter((p) => stock.get(p.id) !== before.stock.get(p.id)! - (taken.get(p.id) ?? 0));
  checks.push({
    label: 'stock = start − what the orders in the database took, for each product',
    ok: mismatches.length === 0,
    figures:
      `${s.products.length} products, ${mismatches.length} mismatches; units taken ${[...taken.values()].reduce((x, y) => x + y, 0)} by ${live.length} orders (${read.length - live.length} cancelled)` +
      mismatches.map((p) => `; ${p.slug}: stock ${stock.get(p.id)}, expected ${before.stock.get(p.id)! - (taken.get(p.id) ?? 0)}`).join(''),
  });

  // The coupon: its count is the orders using it, never past its limit.
  const coupons = await call<{ id: string; used_count: number; usage_limit: number | null }[]>(`${base}/api/v1/coupons?q=${s.coupon.code}`, { token: s.admin });
  const coupon = coupons.body.find((c) => c.id === s.coupon.id);
  const using = live.filter((o) => o.coupon?.code === s.coupon.code).length;
  const ackUsing = ledger.orders.filter((o) => o.coupon === s.coupon.code).length;
  const usedUp = (['guest order', 'contractor order'] as const).reduce((n, k) => n + sum(new Map([...(ledger.refused.get(k) ?? [])].filter(([why]) => why.endsWith('couponUsedUp')))), 0);
  checks.push({
    label: `the coupon's use count = the orders in the database using it ≤ its limit (${s.coupon.limit})`,
    ok: !!coupon && coupon.used_count === using && using <= s.coupon.limit,
    figures: `used_count ${coupon?.used_count ?? 'not found'}, orders using it ${using} (${ackUsing} acknowledged), limit ${s.coupon.limit}; orders refused as the coupon was used up ${usedUp}`,
  });

  // Registrations: each acknowledged account signs in.
  const signIns = await pooled(ledger.registrations, 4, async (r) => (await call(`${base}/api/v1/users/login`, { json: { email: r.email, password: r.password }, clientAddress: nextAddress() })).status);
  const lost = signIns.filter((status) => status !== 200);
  checks.push({
    label: 'every acknowledged registration signs in',
    ok: lost.length === 0,
    figures: `${ledger.registrations.length} acknowledged, ${lost.length} missing${lost.length ? ` (sign-in answered ${[...new Set(lost)].join(', ')})` : ''}; ${ledger.unknown.get('registration') ?? 0} unknown`,
  });

  // Quiz attempts: each learner's attempts, as the quiz lists them.
  const listed = new Set<string>();
  for (const learner of s.learners) {
    const q = await call<{ attempts: { id: string }[] }>(`${base}/api/v1/assignments/${s.quiz.assignmentId}/quiz?courseId=${s.quiz.courseId}`, { token: learner.token });
    if (q.status !== 200) throw new Error(`a learner's quiz answered ${q.status}`);
    for (const a of q.body.attempts) listed.add(a.id);
  }
  const lostAttempts = ledger.attempts.filter((a) => !listed.has(a.id));
  const ackAttempts = new Set(ledger.attempts.map((a) => a.id));
  checks.push({
    label: 'every acknowledged quiz attempt is listed',
    ok: lostAttempts.length === 0,
    figures: `${ledger.attempts.length} acknowledged, ${lostAttempts.length} missing; ${ledger.unknown.get('quiz attempt') ?? 0} unknown, ${[...listed].filter((id) => !ackAttempts.has(id)).length} of them committed`,
  });

  checks.push({
    label: 'the load: writes of every kind acknowledged',
    ok: ledger.orders.length > 0 && ledger.registrations.length > 0 && ledger.attempts.length > 0,
    figures: KINDS.map((k) => {
      const acknowledged = k === 'registration' ? ledger.registrations.length : k === 'quiz attempt' ? ledger.attempts.length : ledger.orders.filter((o) => o.kind === k).length;
      const refused = [...(ledger.refused.get(k) ?? [])].map(([st, n]) => `${st}: ${n}`).join(', ');
      return `${k}: ${acknowledged} acknowledged, ${ledger.unknown.get(k) ?? 0} unknown, ${sum(ledger.refused.get(k))} refused${refused ? ` (${refused})` : ''}`;
    }).join('; '),
  });
  return checks;
}
