import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ANSWERS, MAX_QUESTIONS } from '@meltway/shared/academy/limits';
import { REGISTER_FILE_MAX_BYTES } from '@meltway/shared/accounts/roles';
import { commonMessages } from '@meltway/shared/common/messages';
import { PNG_BYTES, dataUrl, dealerBody } from '../test/accounts-fixtures.js';
import { makeCategory } from '../test/catalogue-fixtures.js';
import { actorOf, createTestApp, type Session, type TestApp } from '../test/harness.js';

const KB = 1024;
/** A character that UTF-8 writes in 3 bytes: texts at their longest, as heavy as honest text gets. */
const WIDE = '€';

type Answer = { status: number; headers: string; body: string; bodySent: number };

/**
 * Sends a request's head, then `body` (which may be only part of what Content-Length announces), and keeps
 * the connection open; returns the answer once it is complete, or null if none comes within `waitMs`.
 */
function rawRequest(port: number, head: string, body: Buffer | string = '', waitMs = 3000): { answer: Promise<Answer | null>; close(): void } {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let bodySent = 0;
  const answer = new Promise<Answer | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs);
    socket.on('connect', () => {
      socket.write(head);
      socket.write(body);
      bodySent = Buffer.byteLength(body);
    });
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const headers = received.slice(0, end);
      const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
      const rest = received.slice(end + 4);
      if (Buffer.byteLength(rest) < length) return;
      clearTimeout(timer);
      resolve({ status: Number(headers.split(' ')[1]), headers: headers.toLowerCase(), body: rest.slice(0, length), bodySent });
    });
    socket.on('error', () => {});
  });
  return { answer, close: () => socket.destroy() };
}

/** What one connection saw: each answer's status and headers, whether it ended (the server's FIN), any error. */
type Conversation = { answers: { status: number; headers: string }[]; ended: boolean; error: string | null };

/**
 * Writes `bytes` on one keep-alive connection (several requests one after the other), and answers what came
 * back once the connection closes or `wanted` answers have arrived (then it closes it itself).
 */
function converse(port: number, bytes: Buffer, wanted: number, waitMs = 5000): Promise<Conversation> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const seen: Conversation = { answers: [], ended: false, error: null };
    let received = Buffer.alloc(0);
    const done = () => {
      clearTimeout(timer);
      resolve(seen);
    };
    const timer = setTimeout(() => {
      socket.destroy();
      done();
    }, waitMs);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      for (;;) {
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return;
        const headers = received.subarray(0, end).toString('latin1').toLowerCase();
        const length = Number(/content-length: (\d+)/.exec(headers)?.[1] ?? 0);
        if (received.length < end + 4 + length) return;
        seen.answers.push({ status: Number(headers.split(' ')[1]), headers });
        received = received.subarray(end + 4 + length);
        if (seen.answers.length === wanted) {
          socket.end();
          socket.once('close', done);
          return;
        }
      }
    });
    socket.on('end', () => (seen.ended = true));
    socket.on('error', (err: NodeJS.ErrnoException) => (seen.error = err.code ?? err.message));
    socket.on('close', done);
  });
}

const head = (method: string, url: string, headers: Record<string, string | number>) =>
  `${method} ${url} HTTP/1.1\r\nHost: shop.test\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

describe('body limits', () => {
  let t: TestApp;
  let port: number;
  let admin: Session;
  const routes: { method: string | string[]; url: string; bodyLimit?: number }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ onRoute: (route) => routes.push(route) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
    admin = await actorOf(t, 'admin');
  });
  afterAll(() => t.close());

  it('gives every route 16 KB unless it declares more; only sign-ups, courses, quizzes, help articles, FAQs and products (in two languages), payment events and drawn layout designs read over 64 KB', () => {
    expect(t.app.initialConfig.bodyLimit).toBe(16 * KB);
    const withBody = routes.filter((r) => [r.method].flat().some((m) => ['POST', 'PUT', 'PATCH'].includes(m)));
    const large = withBody
      .filter((r) => (r.bodyLimit ?? 16 * KB) > 64 * KB)
      .map((r) => `${[r.method].flat().join(',')} ${r.url}`)
      .sort();
    expect(large).toEqual([
      'POST /api/v1/assignments',
      'POST /api/v1/courses',
      'POST /api/v1/design/calculate',
      'POST /api/v1/designs',
      'POST /api/v1/faq',
      'POST /api/v1/helpcenter',
      'POST /api/v1/payments/stripe/webhook',
      'POST /api/v1/products',
      'POST /api/v1/users',
      'PUT /api/v1/assignments/:id',
      'PUT /api/v1/courses/:id',
      'PUT /api/v1/designs/:id',
      'PUT /api/v1/faq/:id',
      'PUT /api/v1/helpcenter/:id',
      'PUT /api/v1/products/:id',
    ]);
  });

  it('refuses a body over its route’s limit with 413 and the catalogue’s message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: 'a@b.ca', password: 'x'.repeat(17 * KB) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: commonMessages.payloadTooLarge, code: 'common.payloadTooLarge' });
  });

  it('refuses it from its Content-Length, before a byte of it arrives', async () => {
    const req = rawRequest(port, head('POST', '/api/v1/users/login', { 'content-type': 'application/json', 'content-length': 64 * KB }));
    const answer = await req.answer;
    req.close();
    expect(answer?.status).toBe(413);
    expect(JSON.parse(answer!.body)).toEqual({ message: commonMessages.payloadTooLarge, code: 'common.payloadTooLarge' });
  });

  it('refuses a chunked body as soon as it passes the limit, without waiting for its end', async () => {
    const chunk = `{"email":"a@b.ca","password":"${'x'.repeat(20 * KB)}`;
    const req = rawRequest(port, head('POST', '/api/v1/users/login', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }), `${Buffer.byteLength(chunk).toString(16)}\r\n${chunk}\r\n`);
    const answer = await req.answer;
    req.close();
    expect(answer?.status).toBe(413);
  });

  it('reads a small refused body to its end and answers the next request on the same connection', async () => {
    // 60 KB for a 16 KB route, then a second request right behind it, as a proxy reusing its connection sends them.
    const body = Buffer.alloc(60 * KB, 'x');
    const bytes = Buffer.concat([
      Buffer.from(head('POST', '/api/v1/users/login', { 'content-type': 'application/json', 'content-length': body.length, connection: 'keep-alive' })),
      body,
      Buffer.from(head('GET', '/api/v1/health', { connection: 'keep-alive' })),
    ]);
    const seen = await converse(port, bytes, 2);
    expect(seen.answers.map((a) => a.status)).toEqual([413, 200]);
    expect(seen.answers[0]!.headers).not.toContain('connection: close');
    expect(seen.error).toBeNull();
  });

  it('answers a large refused body with connection: close and ends the connection without a reset', async () => {
    // 200 KB for a 16 KB route, announced by its Content-Length: refused unread, then a request the server must not take.
    const body = Buffer.alloc(200 * KB, 'x');
    const bytes = Buffer.concat([
      Buffer.from(head('POST', '/api/v1/users/login', { 'content-type': 'application/json', 'content-length': body.length, connection: 'keep-alive' })),
      body,
      Buffer.from(head('GET', '/api/v1/health', { connection: 'keep-alive' })),
    ]);
    const seen = await converse(port, bytes, 2);
    expect(seen.answers.map((a) => a.status)).toEqual([413]);
    expect(seen.answers[0]!.headers).toContain('connection: close');
    expect(seen.ended).toBe(true);
    expect(seen.error).toBeNull();
  });

  it('answers a chunked body refused part way with connection: close and ends the connection without a reset', async () => {
    const chunk = `{"email":"a@b.ca","password":"${'x'.repeat(20 * KB)}`;
    const bytes = Buffer.from(
      head('POST', '/api/v1/users/login', { 'content-type': 'application/json', 'transfer-encoding': 'chunked', connection: 'keep-alive' }) +
        `${Buffer.byteLength(chunk).toString(16)}\r\n${chunk}\r\n`,
    );
    const seen = await converse(port, bytes, 2);
    expect(seen.answers.map((a) => a.status)).toEqual([413]);
    expect(seen.answers[0]!.headers).toContain('connection: close');
    expect(seen.ended).toBe(true);
    expect(seen.error).toBeNull();
  });

  it('reads two large bodies at once and refuses a third with 503 and Retry-After, before reading it', async () => {
    const large = { 'content-type': 'application/json', 'content-length': 10 * 1024 * KB };
    // Two sign-ups whose bodies are still arriving hold both places.
    const holders = [rawRequest(port, head('POST', '/api/v1/users', large), '{"role":"dealer",'), rawRequest(port, head('POST', '/api/v1/users', large), '{"role":"dealer",')];
    await new Promise((resolve) => setTimeout(resolve, 300));
    const third = rawRequest(port, head('POST', '/api/v1/users', large));
    const answer = await third.answer;
    third.close();
    expect(answer?.status).toBe(503);
    expect(answer?.headers).toContain('retry-after: 5');
    expect(JSON.parse(answer!.body)).toEqual({ message: commonMessages.busy, code: 'common.busy' });
    expect(answer?.bodySent).toBe(0);
    // A small sign-up of the same route does not wait for a place.
    const small = await t.app.inject({ method: 'POST', url: '/api/v1/users', payload: { role: 'customer' } });
    expect(small.statusCode).toBe(400);
    for (const h of holders) h.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const freed = await t.app.inject({ method: 'POST', url: '/api/v1/users', payload: dealerBody({ image: dataUrl('image/png', Buffer.concat([PNG_BYTES, Buffer.alloc(100 * KB)])) }) });
    expect(freed.statusCode).toBe(201);
  });

  describe('honest bodies at the schemas’ limits fit', () => {
    it('a dealer’s sign-up with a void cheque and a logo of 5 MB each', async () => {
      const file = Buffer.alloc(REGISTER_FILE_MAX_BYTES);
      PNG_BYTES.copy(file);
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/users', payload: dealerBody({ image: dataUrl('image/png', file), logo: dataUrl('image/png', file) }) });
      expect(res.statusCode).toBe(201);
    });

    it('texts at their longest, in 3-byte characters', async () => {
      const text = (n: number) => WIDE.repeat(n);
      const category = await makeCategory(t, admin.auth);
      const cases: [string, string, object][] = [
        ['POST', '/api/v1/helpcenter', { name: text(200), description: text(50_000) }],
        ['POST', '/api/v1/faq', { name: text(500), description: text(20_000) }],
        ['POST', '/api/v1/categories', { name: text(120), description: text(5000) }],
        ['POST', '/api/v1/brands', { name: text(120), description: text(5000) }],
        ['POST', '/api/v1/authors', { name: text(120), description: text(5000) }],
        ['POST', '/api/v1/products', { name: text(200), sku: 'WIDE-1', description: text(20_000), price: 100, categoryId: category.id, kind: 'mat' }],
        [
          'POST',
          '/api/v1/assignments',
          { title: text(200), questions: Array.from({ length: MAX_QUESTIONS }, () => ({ questionText: text(2000), answers: Array.from({ length: MAX_ANSWERS }, () => text(1000)), correctIndex: 0 })) },
        ],
      ];
      for (const [method, url, payload] of cases) {
        const res = await t.app.inject({ method: method as 'POST', url, headers: admin.auth, payload });
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(201);
      }
      const contact = await t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: { name: text(120), email: 'reader@example.com', subject: text(200), message: text(5000) } });
      expect(contact.statusCode).toBe(201);
    });
  });
});
