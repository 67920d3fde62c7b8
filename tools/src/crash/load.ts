import { DEMO_PASSWORD } from '@meltway/api/seed/seed';
import { SHIPPING } from '../cluster/checks.js';
import { call, signIn, type Answer, type Call } from '../cluster/http.js';

/**
 * The write load of the crash check: guests placing orders (some with the limited coupon), signed-in
 * contractors ordering their cart, visitors registering and learners answering a quiz, each client one
 * request at a time. Every answer is recorded: a 2xx with what it made (acknowledged: it must survive
 * every later kill), another status as refused, a request that got no answer (the process died under it)
 * as unknown: it may or may not have been written.
 */

export const KINDS = ['guest order', 'contractor order', 'registration', 'quiz attempt'] as const;
export type Kind = (typeof KINDS)[number];

/** A seeded generator (mulberry32): the same CRASH_SEED gives the same rounds and the same choices. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (from: number, to: number) => from + Math.floor(next() * (to - from + 1)) };
}
export type Random = ReturnType<typeof seeded>;

export type Line = { productId: string; quantity: number };
export type AckOrder = { kind: Kind; id: string; number: string; lines: Line[]; coupon: string | null };
type AckRegistration = { id: string; email: string; password: string };
type AckAttempt = { id: string; learner: number };

/** What the load knows after its rounds: each acknowledged write, and the requests of each kind refused or left unknown. */
export type Ledger = {
  orders: AckOrder[];
  registrations: AckRegistration[];
  attempts: AckAttempt[];
  /** By status and error code (`409 commerce.couponUsedUp`). */
  refused: Map<Kind, Map<string, number>>;
  unknown: Map<Kind, number>;
};

export const newLedger = (): Ledger => ({ orders: [], registrations: [], attempts: [], refused: new Map(), unknown: new Map() });

/** Idempotency keys and emails: one per write of the whole run, never one again in a later round. */
let keyN = 0;

export type Setup = {
  run: string;
  products: { id: string; slug: string }[];
  coupon: { id: string; code: string; limit: number };
  contractors: string[];
  learners: { token: string }[];
  quiz: { assignmentId: string; courseId: string; questions: number };
  admin: string;
};

const PASSWORD = 'Crash1234!';
/** Client addresses (the API trusts X-Forwarded-For here, TRUST_PROXY=1): one per request, so per-address limits never answer. */
let addressN = 0;
export const nextAddress = () => {
  const n = addressN++;
  return `10.${60 + Math.floor(n / 65_000)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
};

type Placed = { id: string; number: string; lines: Line[]; coupon: { code: string } | null };
type Course = { id: string; sections: { lessons: { type: string; assignments: string | null }[] }[] };

/**
 * Before the first kill: the products the load buys, their stock set high enough that it never runs out,
 * a coupon limited to `limit` orders, the two demo contractors signed in, and `learners` new customers
 * enrolled in a demo course with a quiz.
 */
export async function prepare(base: string, run: string, limit: number, learners: number): Promise<Setup> {
  const admin = (await signIn(base, 'admin@demo.meltway.ca', DEMO_PASSWORD, nextAddress())).access_token;
  const listed = await call<{ items: { id: string; slug: string; price: number }[] }>(`${base}/api/v1/products?page=1&pageSize=20`);
  const products = listed.body.items.filter((p) => p.price > 0).slice(0, 6);
  if (products.length < 6) throw new Error(`the demo catalogue lists ${products.length} products for sale, 6 expected`);
  for (const p of products) {
    const r = await call(`${base}/api/v1/products/${p.id}`, { method: 'PUT', token: admin, json: { stock: 100_000 } });
    if (r.status !== 200) throw new Error(`setting the stock of ${p.slug} answered ${r.status}`);
  }
  const code = `CRASH${run.toUpperCase()}`;
  const coupon = await call<{ id: string }>(`${base}/api/v1/coupons`, {
    token: admin,
    json: { name: 'Crash check', code, discount_percent: 10, usage_limit: limit },
  });
  if (coupon.status !== 201) throw new Error(`creating the coupon answered ${coupon.status}: ${JSON.stringify(coupon.body)}`);

  const contractors = await Promise.all(
    ['contractor@demo.meltway.ca', 'contractor2@demo.meltway.ca'].map(async (email) => (await signIn(base, email, DEMO_PASSWORD, nextAddress())).access_token),
  );

  const courses = await call<{ id: string }[]>(`${base}/api/v1/courses?page=1&pageSize=12`);
  let quiz: Setup['quiz'] | undefined;
  for (const { id } of courses.body) {
    const course = await call<Course>(`${base}/api/v1/courses/${id}`);
    const lesson = course.body.sections.flatMap((s) => s.lessons).find((l) => l.type === 'assignment' && l.assignments);
    if (lesson) {
      quiz = { assignmentId: lesson.assignments!, courseId: id, questions: 0 };
      break;
    }
  }
  if (!quiz) throw new Error('no demo course has a quiz lesson');
  const tokens: { token: string }[] = [];
  for (let i = 0; i < learners; i++) {
    const email = `crash-learner-${run}-${i}@example.com`;
    const made = await call(`${base}/api/v1/users`, { json: { role: 'customer', fullname: `Crash Learner ${i}`, email, password: PASSWORD }, clientAddress: nextAddress() });
    if (made.status !== 201) throw new Error(`registering learner ${email} answered ${made.status}`);
    const token = (await signIn(base, email, PASSWORD, nextAddress())).access_token;
    const enrolled = await call(`${base}/api/v1/courses/${quiz.courseId}/enrolment`, { method: 'POST', token });
    if (enrolled.status !== 200 && enrolled.status !== 201) throw new Error(`enrolment answered ${enrolled.status}`);
    tokens.push({ token });
  }
  const read = await call<{ questions: unknown[] }>(`${base}/api/v1/assignments/${quiz.assignmentId}/quiz?courseId=${quiz.courseId}`, { token: tokens[0]!.token });
  if (read.status !== 200) throw new Error(`reading the quiz answered ${read.status}`);
  quiz.questions = read.body.questions.length;
  return { run, products, coupon: { id: coupon.body.id, code, limit }, contractors, learners: tokens, quiz, admin };
}

/** Distinct products, one to two lines of one to three each. */
function pickLines(s: Setup, random: Random): Line[] {
  const first = random.int(0, s.products.length - 1);
  const lines = [{ productId: s.products[first]!.id, quantity: random.int(1, 3) }];
  if (random.next() < 0.4) lines.push({ productId: s.products[(first + random.int(1, s.products.length - 1)) % s.products.length]!.id, quantity: random.int(1, 3) });
  return lines;
}

const ordered = (kind: Kind, body: Placed): AckOrder => ({
  kind,
  id: body.id,
  number: body.number,
  lines: body.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
  coupon: body.coupon?.code ?? null,
});

/**
 * One round of load against `base` until `stop()`: each client sends its next request only while the round
 * runs, so the requests the kill interrupts are the ones in flight. `done` resolves once every client has
 * its last answer (or its failure).
 */
export function startLoad(base: string, s: Setup, ledger: Ledger, random: Random, clients: { guests: number; registrations: number }) {
  let running = true;
  const key = () => `crash-${s.run}-${keyN++}`;
  const refuse = (kind: Kind, answer: Answer) => {
    const code = (answer.body as { code?: unknown } | null)?.code;
    const why = `${answer.status}${typeof code === 'string' ? ` ${code}` : ''}`;
    const m = ledger.refused.get(kind) ?? new Map<string, number>();
    m.set(why, (m.get(why) ?? 0) + 1);
    ledger.refused.set(kind, m);
  };
  /** One write: its answer, or null when none came (unknown). */
  const send = async <T>(kind: Kind, url: string, c: Call): Promise<Answer<T> | null> => {
    try {
      const r = await call<T>(url, c);
      if (r.status < 200 || r.status > 299) refuse(kind, r);
      return r.status >= 200 && r.status <= 299 ? r : null;
    } catch {
      ledger.unknown.set(kind, (ledger.unknown.get(kind) ?? 0) + 1);
      return null;
    }
  };
  const loop = async (step: () => Promise<unknown>) => {
    while (running) await step();
  };

  const guest = () => {
    const lines = pickLines(s, random);
    const couponCode = random.next() < 0.3 ? s.coupon.code : undefined;
    const k = key();
    return send<Placed>('guest order', `${base}/api/v1/orders`, {
      json: { items: lines, email: `crash-guest-${k}@example.com`, shippingAddress: SHIPPING, shippingMethodId: 'standard', paymentMethod: 'card', locale: 'en', couponCode },
      headers: { 'idempotency-key': k },
      clientAddress: nextAddress(),
    }).then((r) => r && ledger.orders.push(ordered('guest order', r.body)));
  };
  const contractor = (token: string) => async () => {
    const lines = pickLines(s, random);
    for (const l of lines) {
      // The cart is not what is checked: a put that the kill interrupts ends the step.
      const put = await call(`${base}/api/v1/cart/items/${l.productId}`, { method: 'PUT', token, json: { quantity: l.quantity } }).catch(() => null);
      if (!put || !running) return;
    }
    const couponCode = random.next() < 0.3 ? s.coupon.code : undefined;
    const r = await send<Placed>('contractor order', `${base}/api/v1/orders`, {
      token,
      json: { shippingAddress: SHIPPING, shippingMethodId: 'standard', paymentMethod: 'card', locale: 'en', couponCode },
      headers: { 'idempotency-key': key() },
    });
    if (r) ledger.orders.push(ordered('contractor order', r.body));
  };
  const registration = async () => {
    const email = `crash-user-${key()}@example.com`;
    const r = await send<{ id: string }>('registration', `${base}/api/v1/users`, {
      json: { role: 'customer', fullname: 'Crash Visitor', email, password: PASSWORD },
      clientAddress: nextAddress(),
    });
    if (r) ledger.registrations.push({ id: r.body.id, email, password: PASSWORD });
  };
  const attempt = (learner: number) => async () => {
    const token = s.learners[learner]!.token;
    // The quiz's open sheet: the answers index into its shown answers. None once passed or while the attempts wait.
    const read = await call<{ sheetId: string | null; questions: { answers: string[] }[] }>(`${base}/api/v1/assignments/${s.quiz.assignmentId}/quiz?courseId=${s.quiz.courseId}`, {
      token,
    }).catch(() => null);
    if (!read || read.status !== 200 || !read.body.sheetId) return new Promise((resolve) => setTimeout(resolve, 200));
    const answers = read.body.questions.map((q) => random.int(0, q.answers.length - 1));
    const r = await send<{ id: string }>('quiz attempt', `${base}/api/v1/assignments/${s.quiz.assignmentId}/attempts`, {
      token,
      json: { answers, courseId: s.quiz.courseId, sheetId: read.body.sheetId },
      headers: { 'idempotency-key': key() },
    });
    if (r) ledger.attempts.push({ id: r.body.id, learner });
  };

  const done = Promise.all([
    ...Array.from({ length: clients.guests }, () => loop(guest)),
    ...s.contractors.map((t) => loop(contractor(t))),
    ...Array.from({ length: clients.registrations }, () => loop(registration)),
    ...s.learners.map((_, i) => loop(attempt(i))),
  ]);
  return {
    stop: () => {
      running = false;
    },
    done,
  };
}
