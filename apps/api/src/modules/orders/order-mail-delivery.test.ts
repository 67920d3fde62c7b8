import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outbox } from '../../db/schema/commerce.js';
import type { Mail } from '../../lib/mailer.js';
import { outboxBackoffMs } from '../../lib/outbox.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { orderWorld, placeOrder } from '../../test/order-fixtures.js';

describe('order mails while the mail server is down', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof orderWorld>>;
  let now = new Date();
  let down = false;
  const sent: Mail[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      clock: () => now,
      mailer: () => ({
        async send(mail) {
          if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:587');
          sent.push(mail);
        },
        close() {},
      }),
    });
    w = await orderWorld(t);
  });
  afterAll(() => t.close());

  it('keeps the change, keeps the mail, retries it with back-off and sends it once the server is back', async () => {
    // Ahead of the database's clock, which dates the queued mails: they are due at once.
    now = new Date(Date.now() + 60_000);
    const o = await placeOrder(t, { buyer: w.customer, lines: [{ productId: w.product.id, quantity: 1 }], paymentMethod: 'card' });
    await t.app.inject({ method: 'POST', url: '/api/v1/payments/test/confirm', payload: { orderId: o.id, clientSecret: o.clientSecret } });
    await t.deliverOutbox();
    sent.length = 0;

    down = true;
    const shipped = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${o.id}/ship`, headers: w.admin.auth, payload: { carrier: 'Purolator', trackingNumber: 'PUR777' } });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await t.db.select().from(orders).where(eq(orders.id, o.id)))[0]!.status).toBe('shipped');
    const job = async () => (await t.db.select().from(outbox).where(sql`${outbox.payload}->>'subject' = ${`Order ${o.number} has shipped`}`))[0]!;

    expect(await t.deliverOutbox()).toBe(1);
    expect(sent).toEqual([]);
    const failed = await job();
    expect(failed).toMatchObject({ attempts: 1, doneAt: null, failedAt: null, lastError: 'connect ECONNREFUSED 127.0.0.1:587' });
    expect(failed.runAt.getTime()).toBe(now.getTime() + outboxBackoffMs(1));
    // Not due yet: nothing is tried.
    expect(await t.deliverOutbox()).toBe(0);

    now = new Date(now.getTime() + outboxBackoffMs(1));
    expect(await t.deliverOutbox()).toBe(1);
    const again = await job();
    expect(again).toMatchObject({ attempts: 2, doneAt: null });
    expect(again.runAt.getTime()).toBe(now.getTime() + outboxBackoffMs(2));
    expect(outboxBackoffMs(2)).toBe(2 * outboxBackoffMs(1));

    down = false;
    now = new Date(now.getTime() + outboxBackoffMs(2));
    expect(await t.deliverOutbox()).toBe(1);
    expect(await t.deliverOutbox()).toBe(0);
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([[w.customer.user.email, `Order ${o.number} has shipped`]]);
    expect(sent[0]!.text).toContain('tracking number PUR777');
    expect(await job()).toMatchObject({ attempts: 3, lastError: null });
    expect((await job()).doneAt).not.toBeNull();
  });
});
