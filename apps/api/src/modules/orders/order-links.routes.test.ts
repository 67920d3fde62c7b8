import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import { orders, outbox } from '../../db/schema/commerce.js';
import { createMailer, type OutgoingMail } from '../../lib/mailer.js';
import { orderLinks } from '../../lib/order-links.js';
import { makeCategory, makeProduct } from '../../test/catalogue-fixtures.js';
import { address, guestEmail, makeCoupon } from '../../test/checkout-fixtures.js';
import { actorOf, createTestApp, issue, type Session, type TestApp } from '../../test/harness.js';
import { orderWorld, placeOrder } from '../../test/order-fixtures.js';

const DAY = 86_400_000;
const pdfText = (f: { content: Uint8Array }) => Buffer.from(f.content).subarray(0, 5).toString('latin1');

describe('order confirmation mails and the order link', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof orderWorld>>;
  /** The app's clock runs this far ahead of real time (mails queued now are due at once; links expire). */
  let shift = 60_000;
  const sent: OutgoingMail[] = [];
  let admin: Session;
  let mat: Awaited<ReturnType<typeof makeProduct>>;
  let cat: Awaited<ReturnType<typeof makeCategory>>;

  beforeAll(async () => {
    t = await createTestApp({
      clock: () => new Date(Date.now() + shift),
      // The real mailer (an .eml per mail), and each mail as handed to it.
      mailer: (config) => {
        const real = createMailer({ outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom, log: pino({ level: 'silent' }) });
        return { send: (mail) => (sent.push(mail), real.send(mail)), close: () => real.close() };
      },
    });
    w = await orderWorld(t);
    admin = w.admin;
    cat = await makeCategory(t, admin.auth);
    mat = await makeProduct(t, admin.auth, cat.id, { name: 'Driveway Mat <60 ft>', nameFr: 'Tapis d’entrée <60 pi>', price: 22_950, stock: 1_000 });
  });
  afterAll(() => t.close());

  /** Delivers the outbox and answers the mails it sent to `to`. */
  const deliver = async (to: string) => {
    sent.length = 0;
    await t.deliverOutbox();
    return sent.filter((s) => s.to === to);
  };
  const placeGuest = async (extra: Record<string, unknown> = {}) => {
    const email = guestEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      payload: { items: [{ productId: mat.id, quantity: 2 }], shippingAddress: address('QC', { fullname: 'Casey "O\'Neil" <b>& Co</b>' }), email, ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { email, order: res.json() as { id: string; number: string; totalCents: number; payment: { clientSecret: string } } };
  };
  const tokenIn = (text: string) => /http:\/\/shop\.test\/orders\/view\/([\w.-]+)/.exec(text)?.[1];

  it('a guest card order not yet paid: every line, tax, the total and the payment, in HTML and text, with the invoice linked rather than attached', async () => {
    await deliver('nobody');
    const { email, order } = await placeGuest();
    const [mail, ...more] = await deliver(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Order ${order.number} received`);
    // 2 × $229.50 = $459.00, shipped to Quebec: GST 5% and QST 9.975% on goods and shipping.
    for (const part of [mail!.text, mail!.html!]) {
      for (const s of ['Driveway Mat', mat.sku, '$229.50', '$459.00', 'Subtotal', 'GST 5%', 'QST 9.975%', 'Total (CAD)', 'Shipping (standard)', '1 Thaw Street', 'Somewhere QC  H2X 1Y4', 'Canada']) {
        expect(part).toContain(s);
      }
      expect(part).toContain('By card, to be paid');
    }
    const placed = (await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
    for (const tax of placed.taxes) expect(mail!.text).toContain(new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(tax.amountCents / 100));
    expect(mail!.text).toContain(`Total (CAD): ${new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(order.totalCents / 100)}`);
    // Every value is escaped in the HTML part.
    expect(mail!.html).toContain('Casey &#34;O&#39;Neil&#34; &#60;b&#62;&#38; Co&#60;/b&#62;');
    expect(mail!.html).toContain('Driveway Mat &#60;60 ft&#62;');
    expect(mail!.html).not.toContain('<b>');
    // Not paid yet: no attachment, the invoice's signed link instead, and the order's own signed page.
    expect(mail!.files ?? []).toEqual([]);
    const token = tokenIn(mail!.text)!;
    expect(mail!.text).toContain(`Your invoice (PDF): http://shop.test/api/v1/orders/view/${token}/invoice.pdf`);
    expect(mail!.text).toContain(`Follow your order: http://shop.test/orders/view/${token}`);
    // The .eml the mailer wrote has both parts.
    const raw = (await t.mailsTo(email)).at(-1)!;
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);

    const invoice = await t.app.inject({ method: 'GET', url: `/api/v1/orders/view/${token}/invoice.pdf` });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(invoice.headers['content-disposition']).toBe(`attachment; filename="invoice-${order.number}.pdf"`);
    expect(invoice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Paid: the payment mail brings the invoice as a PDF.
    const paid = await t.app.inject({ method: 'POST', url: '/api/v1/payments/test/confirm', payload: { orderId: order.id, clientSecret: order.payment.clientSecret } });
    expect(paid.statusCode, paid.body).toBe(200);
    const [payment] = await deliver(email);
    expect(payment!.subject).toBe(`Payment received for order ${order.number}`);
    expect(payment!.files?.map((f) => [f.filename, f.contentType, pdfText(f)])).toEqual([[`invoice-${order.number}.pdf`, 'application/pdf', '%PDF-']]);
    expect(payment!.text).toContain('Your invoice is attached (PDF).');
    expect((await t.mailsTo(email)).at(-1)).toMatch(/Content-Type: application\/pdf; name=invoice-MW-/);
  });

  it('an account order, in French: the lines in French, TVH, the due date, and the invoice attached', async () => {
    const o = await placeOrder(t, { buyer: w.contractor, lines: [{ productId: mat.id, quantity: 3 }], paymentMethod: 'account', locale: 'fr' });
    const [mail] = await deliver(w.contractor.user.email);
    expect(mail!.subject).toBe(`Commande ${o.number} reçue`);
    const row = (await t.db.select().from(orders).where(eq(orders.id, o.id)))[0]!;
    const due = new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long', timeZone: 'America/Toronto' }).format(row.paymentDueAt!);
    const fr = (cents: number) => new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }).format(cents / 100);
    for (const s of ['Tapis d’entrée <60 pi>', mat.sku, fr(22_950), fr(3 * 22_950), 'Sous-total', 'TVH 13\u00a0%', `Total (CAD)\u00a0: ${fr(o.totalCents)}`, `Portée au compte : payable le ${due}.`, 'Votre facture est jointe (PDF).']) {
      expect(mail!.text).toContain(s);
    }
    expect(mail!.html).toContain('lang="fr"');
    expect(mail!.html).toContain('Tapis d’entrée &#60;60 pi&#62;');
    expect(mail!.files?.map((f) => [f.filename, pdfText(f)])).toEqual([[`facture-${o.number}.pdf`, '%PDF-']]);
    // A signed-in buyer follows the order in its account.
    expect(mail!.text).toContain(`Suivre votre commande\u00a0: http://shop.test/orders/${o.id}`);
  });

  it('says what the coupon covered, in the order’s language, and the order keeps it when the coupon changes', async () => {
    const named = await t.app.inject({ method: 'PUT', url: `/api/v1/categories/${cat.id}`, headers: admin.auth, payload: { name: cat.name, nameFr: 'Tapis chauffants' } });
    expect(named.statusCode, named.body).toBe(200);
    const coupon = await makeCoupon(t, { code: `WINTER${Date.now()}`, discountPercent: 25, categoryId: cat.id });
    const fr = await placeOrder(t, { buyer: w.contractor, lines: [{ productId: mat.id, quantity: 2 }], paymentMethod: 'account', couponCode: coupon.code, locale: 'fr' });
    const [mail] = await deliver(w.contractor.user.email);
    const frMoney = (cents: number) => new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }).format(cents / 100);
    // 25% of 2 × 229.50 = 114.75.
    expect(mail!.text).toContain(`${coupon.code}\u00a0: 25\u00a0% de rabais sur la catégorie Tapis chauffants\u00a0: ${frMoney(-11_475)}`);
    expect(mail!.html).toContain(`${coupon.code}\u00a0: 25\u00a0% de rabais sur la catégorie Tapis chauffants`);
    const en = await placeOrder(t, { buyer: w.contractor, lines: [{ productId: mat.id, quantity: 2 }], paymentMethod: 'account', couponCode: coupon.code });
    expect((await deliver(w.contractor.user.email))[0]!.text).toContain(`${coupon.code}: 25% off ${cat.name}: -$114.75`);
    // The coupon now covers the whole order and the category has another name: the orders keep their terms.
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/coupons/${coupon.id}`, headers: admin.auth, payload: { category_id: null } })).statusCode).toBe(200);
    const renamed = await t.app.inject({ method: 'PUT', url: `/api/v1/categories/${cat.id}`, headers: admin.auth, payload: { name: `${cat.name} renamed`, nameFr: 'Autre' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const kept = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${fr.id}`, headers: w.contractor.auth });
    expect(kept.json().coupon).toEqual({ code: coupon.code, discountPercent: 25, categoryName: cat.name, categoryNameFr: 'Tapis chauffants' });
    const whole = await placeOrder(t, { buyer: w.contractor, lines: [{ productId: mat.id, quantity: 2 }], paymentMethod: 'account', couponCode: coupon.code });
    const [wholeMail] = await deliver(w.contractor.user.email);
    expect(wholeMail!.text).toContain(`${coupon.code}: 25% off: -$114.75`);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/orders/${whole.id}`, headers: w.contractor.auth })).json().coupon).toEqual({
      code: coupon.code, discountPercent: 25, categoryName: null, categoryNameFr: null,
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/orders/${en.id}`, headers: w.contractor.auth })).json().coupon.categoryName).toBe(cat.name);
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/categories/${cat.id}`, headers: admin.auth, payload: { name: cat.name, nameFr: null } })).statusCode).toBe(200);
  });

  it('renders the attachment when the mail is sent: the placement only names it', async () => {
    const o = await placeOrder(t, { buyer: w.contractor, lines: [{ productId: mat.id, quantity: 1 }], paymentMethod: 'account' });
    const [job] = await t.db.select().from(outbox).where(sql`${outbox.payload}->>'subject' = ${`Order ${o.number} received`}`);
    expect(job!.payload.attach).toEqual([{ invoiceOf: o.id }]);
    expect(JSON.stringify(job!.payload)).not.toContain('%PDF');
    await deliver(w.contractor.user.email);
  });

  it('opens the order through its link as its buyer reads it, without a sign-in, and nothing else', async () => {
    const { email, order } = await placeGuest({ locale: 'fr' });
    const [mail] = await deliver(email);
    expect(mail!.subject).toBe(`Commande ${order.number} reçue`);
    const token = tokenIn(mail!.text)!;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/orders/view/${token}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const asAdmin = (await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: admin.auth })).json();
    expect(res.json()).toEqual({ ...asAdmin, actions: [] });
    expect(res.json()).toMatchObject({ id: order.id, number: order.number, locale: 'fr', buyer: { email, id: null } });
    // Its invoice, in the order's language.
    const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/orders/view/${token}/invoice.pdf` });
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="facture-${order.number}.pdf"`);
  });

  it('answers 404 to a forged, altered or malformed link and 410 to an expired one', async () => {
    const { email } = await placeGuest();
    const [mail] = await deliver(email);
    const token = tokenIn(mail!.text)!;
    const [expiry, signature, id] = token.split('.') as [string, string, string];
    const other = (await placeGuest()).order;
    const forged = [
      `${expiry}.${signature}.${other.id}`,
      `${(parseInt(expiry, 36) + 1_000_000).toString(36)}.${signature}.${id}`,
      `${expiry}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}.${id}`,
      orderLinks('another-secret-that-is-long-enough-0123456789', 90).sign(id, new Date()),
      'not-a-token',
      `..${id}`,
    ];
    for (const bad of forged) {
      for (const url of [`/api/v1/orders/view/${bad}`, `/api/v1/orders/view/${bad}/invoice.pdf`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
        expect(res.json()).toMatchObject({ code: 'commerce.orderLinkInvalid', message: m.orderLinkInvalid });
      }
    }
    const before = shift;
    shift += 90 * DAY + 120_000;
    try {
      for (const url of [`/api/v1/orders/view/${token}`, `/api/v1/orders/view/${token}/invoice.pdf`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(410);
        expect(res.json()).toMatchObject({ code: 'commerce.orderLinkExpired', message: m.orderLinkExpired });
      }
    } finally {
      shift = before;
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/orders/view/${token}` })).statusCode).toBe(200);
  });

  it('looks an order up by number and email: the same answer and the same work whether or not they match, the link mailed only when they do', async () => {
    const { email, order } = await placeGuest({ locale: 'fr' });
    await deliver(email);
    const jobs = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(outbox))[0]!.n;
    const ask = (number: string, mail: string) => t.app.inject({ method: 'POST', url: '/api/v1/orders/lookup', payload: { number, email: mail } });
    const cases = [
      [order.number.toLowerCase(), email.toUpperCase()],
      [order.number, 'someone-else@example.com'],
      ['MW-2026-999999', email],
    ] as const;
    const answers = [];
    for (const [number, mail] of cases) {
      const n = await jobs();
      const res = await ask(number, mail);
      expect(await jobs()).toBe(n + 1);
      answers.push({ status: res.statusCode, body: res.body, type: res.headers['content-type'] });
    }
    expect(answers[0]).toEqual({ status: 200, body: JSON.stringify({ message: m.orderLinkSent }), type: 'application/json; charset=utf-8' });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    sent.length = 0;
    await t.deliverOutbox();
    expect(sent.map((s) => [s.to, s.subject])).toEqual([[email, `Votre lien vers la commande ${order.number}`]]);
    const token = tokenIn(sent[0]!.text)!;
    expect(sent[0]!.html).toContain(`http://shop.test/orders/view/${token}`);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/orders/view/${token}` });
    expect(res.json()).toMatchObject({ id: order.id });
  });

  it('refuses a bad look-up with the field named', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders/lookup', payload: { number: '12', email: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([issue('number', m.orderNumberInvalid), issue('email', m.emailInvalid)]);
  });
});

describe('POST /orders/lookup is rate-limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: { orderLookupsPerIp: { max: 3, windowSeconds: 60 }, orderLookupsPerNumber: { max: 2, windowSeconds: 60 } } });
    await actorOf(t, 'admin');
  });
  afterAll(() => t.close());

  it('per order number, and per client address', async () => {
    const ask = (number: string) => t.app.inject({ method: 'POST', url: '/api/v1/orders/lookup', payload: { number, email: 'a@example.com' } });
    expect((await ask('MW-2026-000001')).statusCode).toBe(200);
    expect((await ask('MW-2026-000001')).statusCode).toBe(200);
    const perNumber = await ask('MW-2026-000001');
    expect(perNumber.statusCode).toBe(429);
    expect(perNumber.json()).toMatchObject({ code: 'commerce.tooManyOrderLookups' });
    // Four look-ups from this address so far: the fourth went over its limit of 3, so every number is refused now.
    const perIp = await ask('MW-2026-000002');
    expect(perIp.statusCode).toBe(429);
    expect(perIp.headers['retry-after']).toBeDefined();
  });
});
