import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentMessages as m } from '@meltway/shared/content/messages';
import { newsletterSubscriptions, newsletterTokens } from '../../db/schema/content.js';
import { actorOf, createTestApp, linkIn, type Session, type TestApp, issue } from '../../test/harness.js';

describe('newsletter', () => {
  let t: TestApp;
  let admin: Session, dealer: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as never });
  const mailsTo = async (email: string) => (await t.outbox()).filter((x) => new RegExp(`^To: ${email.replace(/\./g, '\\.')}\\r?$`, 'm').test(x));
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  const unsubscribeLinkIn = (mail: string) => {
    const decoded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    return /https?:\/\/\S+\/newsletter\/unsubscribe\?token=[^\s">]+/.exec(decoded)![0];
  };

  it('subscribes with double opt-in through the mailed link, then unsubscribes from the mail', async () => {
    const res = await post('/api/v1/newsletter/subscribe', { email: 'Robin@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: m.subscribeSent });
    const [mail] = await mailsTo('robin@example.com');
    expect(mail).toBeDefined();
    const confirmLink = linkIn(mail!);
    expect(confirmLink).toMatch(/^http:\/\/shop\.test\/newsletter\/confirm\?token=/);
    expect(unsubscribeLinkIn(mail!)).toMatch(/^http:\/\/shop\.test\/newsletter\/unsubscribe\?token=/);
    // Pending subscribers are not exported.
    const before = await t.app.inject({ method: 'GET', url: '/api/v1/newsletter/subscribers.csv', headers: admin.auth });
    expect(before.body).not.toContain('robin@example.com');

    const confirmed = await post('/api/v1/newsletter/confirm', { token: tokenOf(confirmLink) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: m.subscriptionConfirmed });
    // A second click on the same link is harmless.
    expect((await post('/api/v1/newsletter/confirm', { token: tokenOf(confirmLink) })).statusCode).toBe(200);
    const csv = await t.app.inject({ method: 'GET', url: '/api/v1/newsletter/subscribers.csv', headers: admin.auth });
    expect(csv.body).toMatch(/^email,confirmed_at,subscribed_at\r\nrobin@example\.com,\d{4}-/);

    const out = await post('/api/v1/newsletter/unsubscribe', { token: tokenOf(unsubscribeLinkIn(mail!)) });
    expect(out.json()).toEqual({ message: m.unsubscribed });
    expect((await post('/api/v1/newsletter/unsubscribe', { token: tokenOf(unsubscribeLinkIn(mail!)) })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/newsletter/subscribers.csv', headers: admin.auth });
    expect(after.body).not.toContain('robin@example.com');
  });

  it('is idempotent for an address already subscribed: same answer, one row, no new mail', async () => {
    await post('/api/v1/newsletter/subscribe', { email: 'sam@example.com' });
    const [mail] = await mailsTo('sam@example.com');
    await post('/api/v1/newsletter/confirm', { token: tokenOf(linkIn(mail!)) });
    const again = await post('/api/v1/newsletter/subscribe', { email: 'SAM@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: m.subscribeSent });
    expect(await mailsTo('sam@example.com')).toHaveLength(1);
    const rows = await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'sam@example.com'));
    expect(rows).toMatchObject([{ status: 'confirmed' }]);
  });

  it('keeps only token hashes, refuses unknown links, and confirms once under concurrency', async () => {
    await post('/api/v1/newsletter/subscribe', { email: 'kim@example.com' });
    const [mail] = await mailsTo('kim@example.com');
    const token = tokenOf(linkIn(mail!));
    const stored = await t.db.select().from(newsletterTokens);
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);
    const bad = await post('/api/v1/newsletter/confirm', { token: 'not-a-token' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: m.newsletterLinkInvalid, code: 'content.newsletterLinkInvalid' });
    expect((await post('/api/v1/newsletter/unsubscribe', { token: token })).statusCode).toBe(400);
    expect((await post('/api/v1/newsletter/confirm', { token: '' })).statusCode).toBe(400);
    const results = await Promise.all([1, 2, 3].map(() => post('/api/v1/newsletter/confirm', { token })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const sub = (await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'kim@example.com')))[0]!;
    expect(sub.status).toBe('confirmed');
  });

  it('refuses a bad address, and sends at most 3 confirmation mails an hour to one address', async () => {
    const bad = await post('/api/v1/newsletter/subscribe', { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([issue('email', 'Invalid email format')]);
    for (let i = 0; i < 5; i++) expect((await post('/api/v1/newsletter/subscribe', { email: 'flood@example.com' })).statusCode).toBe(200);
    expect(await mailsTo('flood@example.com')).toHaveLength(3);
    expect(await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'flood@example.com'))).toHaveLength(1);
  });

  it('holds the 3 confirmation mails an hour against 20 parallel subscriptions from 20 addresses, 20 times over', async () => {
    for (let round = 0; round < 20; round++) {
      const email = `race-${round}@example.com`;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscribe', payload: { email }, remoteAddress: `198.51.${round}.${i + 1}` }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const [sub, ...others] = await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
      expect(others).toHaveLength(0);
      const confirmTokens = await t.db
        .select()
        .from(newsletterTokens)
        .where(and(eq(newsletterTokens.subscriptionId, sub!.id), eq(newsletterTokens.purpose, 'confirm')));
      expect({ round, mails: (await mailsTo(email)).length, tokens: confirmTokens.length }).toEqual({ round, mails: 3, tokens: 3 });
    }
  });

  it('exports confirmed subscribers as CSV for admins only, escaped', async () => {
    await t.db.insert(newsletterSubscriptions).values({ email: '=cmd|"x",y@example.com', status: 'confirmed', confirmedAt: new Date('2026-01-02T03:04:05Z') });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/newsletter/subscribers.csv', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body).toContain(`"'=cmd|""x"",y@example.com",2026-01-02T03:04:05.000Z,`);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/newsletter/subscribers.csv', headers: dealer.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/newsletter/subscribers.csv' })).statusCode).toBe(401);
  });

  it('refuses a confirmation link after 7 days', async () => {
    let now = new Date('2026-03-01T12:00:00Z');
    const later = await createTestApp({ clock: () => now });
    try {
      await later.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscribe', payload: { email: 'late@example.com' } });
      const token = tokenOf(linkIn((await later.outbox())[0]!));
      now = new Date('2026-03-08T12:00:01Z');
      const res = await later.app.inject({ method: 'POST', url: '/api/v1/newsletter/confirm', payload: { token } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(m.newsletterLinkInvalid);
    } finally {
      await later.close();
    }
  });

  it('limits subscriptions per address of origin', async () => {
    const limited = await createTestApp({ limits: { newsletterPerIp: { max: 1, windowSeconds: 60 } } });
    try {
      expect((await limited.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscribe', payload: { email: 'a@example.com' } })).statusCode).toBe(200);
      expect((await limited.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscribe', payload: { email: 'b@example.com' } })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
