import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.js';
import { outbox } from '../../db/schema/commerce.js';
import { contractorBody, customerBody, dealerBody } from '../../test/accounts-fixtures.js';
import { createTestApp, linkIn, makeUser, type TestApp } from '../../test/harness.js';

/** A raw mail's quoted-printable body and encoded subject, as its reader sees them. */
const qp = (s: string) => Buffer.from(s.replace(/=\r?\n/g, '').replace(/_/g, ' ').replace(/=([0-9A-F]{2})/g, (_, h: string) => `%${h}`).replace(/%(?![0-9A-F]{2})/g, '%25'), 'latin1').toString();
const decoded = (mail: string) => decodeURIComponent(qp(mail.replace(/=\r?\n/g, '').replace(/_/g, '=5F')));
const subjectOf = (mail: string) => {
  const raw = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail)![1]!.replace(/\r?\n(?=[ \t])/g, '');
  return raw.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString() : decodeURIComponent(qp(text)),
  );
};

/** Registrations of dealers and contractors are acknowledged, and announced to those who decide them. */
describe('mails of a registration', () => {
  let t: TestApp;
  let admins: { email: string }[];
  let inactiveAdmin: { email: string };
  let dealer: { id: string; email: string };

  const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/users', payload });
  const queued = async (to: string) => (await t.db.select().from(outbox).where(sql`${outbox.payload}->>'to' = ${to}`)).length;

  beforeAll(async () => {
    t = await createTestApp();
    // Only the admins that exist in this test's database decide here.
    await t.db.update(users).set({ status: 'inactive' }).where(sql`${users.role} = 'admin'`);
    admins = [await makeUser(t, { role: 'admin' }), await makeUser(t, { role: 'admin' })];
    inactiveAdmin = await makeUser(t, { role: 'admin', status: 'inactive' });
    dealer = await makeUser(t, { role: 'dealer' });
  });
  afterAll(() => t.close());

  it('tells a new dealer, in French when it registered in French, that its application arrived, and every active admin where to decide it', async () => {
    const body = dealerBody({ locale: 'fr' });
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    // Queued with the account, in the outbox, before anything is sent.
    expect(await queued(body.email)).toBe(1);

    const [received, ...more] = await t.mailsTo(body.email);
    expect(more).toEqual([]);
    expect(subjectOf(received!)).toBe('Meltway : nous avons bien reçu votre demande');
    expect(decoded(received!)).toContain('Nous avons bien reçu votre demande de compte détaillant');
    for (const admin of admins) {
      const notices = (await t.mailsTo(admin.email)).filter((m) => m.includes(id) || decoded(m).includes(body.email));
      expect(notices, admin.email).toHaveLength(1);
      expect(subjectOf(notices[0]!)).toBe('New dealer application: North Heat Supply / Nouvelle demande de compte');
      expect(linkIn(notices[0]!)).toBe('http://shop.test/dashboard/dealers');
    }
    expect(await t.mailsTo(inactiveAdmin.email)).toEqual([]);
  });

  it("tells a contractor in English, and its chosen dealer and the admins, with the link to the contractor's page", async () => {
    const body = contractorBody(dealer.id);
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;

    const [received] = await t.mailsTo(body.email);
    expect(subjectOf(received!)).toBe('Meltway: we received your application');
    expect(decoded(received!)).toContain('We received your application for a contractor account.');
    for (const to of [dealer, ...admins]) {
      const notices = (await t.mailsTo(to.email)).filter((m) => decoded(m).includes(`id=${id}`));
      expect(notices, to.email).toHaveLength(1);
      expect(subjectOf(notices[0]!)).toBe('New contractor application: Connor Contractor / Nouvelle demande de compte');
      expect(linkIn(notices[0]!)).toBe(`http://shop.test/dashboard/customers/details?id=${id}`);
    }
    expect(await t.mailsTo(inactiveAdmin.email)).toEqual([]);
  });

  it('queues nothing for a customer, nor for a registration refused', async () => {
    const before = (await t.db.select().from(outbox)).length;
    const customer = customerBody();
    expect((await register(customer)).statusCode).toBe(201);
    const taken = dealerBody({ email: customer.email });
    expect((await register(taken)).statusCode).toBe(409);
    expect((await register(contractorBody(dealer.id, { phone: 'abc' }))).statusCode).toBe(400);
    expect((await t.db.select().from(outbox)).length).toBe(before);
  });
});
