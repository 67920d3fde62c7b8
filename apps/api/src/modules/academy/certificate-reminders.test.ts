import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { certificates, enrolments } from '../../db/schema/academy.js';
import { issueCertificate, makeCertifiedCourse } from '../../test/certificate-fixtures.js';
import { actorOf, createTestApp, linkIn, type Session, type TestApp } from '../../test/harness.js';
import { insertOrder } from '../../test/order-read-fixtures.js';
import { remindExpiringCertificates } from './certificate-reminders.js';

/** A raw mail's text with quoted-printable undone. */
const plain = (mail: string) => Buffer.from(mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2027-03-01T14:00:00Z');
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

describe('recertification reminders', () => {
  let t: TestApp;
  let admin: Session;
  let course: Awaited<ReturnType<typeof makeCertifiedCourse>>;
  const run = (now: Date) => remindExpiringCertificates({ db: t.db, clock: () => now, config: t.deps.config });

  /** A learner whose certificate of the course expires `days` after NOW. */
  async function holder(days: number, o: { revoked?: boolean; french?: boolean; renewing?: boolean } = {}) {
    const learner = await actorOf(t, 'customer');
    if (o.french) await insertOrder(t, { buyer: { ...learner.user, role: 'customer' }, locale: 'fr' });
    const code = await issueCertificate(t, learner.user.id, course.course.id, { now: new Date(NOW.getTime() - 300 * DAY) });
    await t.db.update(certificates).set({ expiresAt: at(days), ...(o.revoked ? { revokedAt: NOW, revokedReason: 'x' } : {}) }).where(eq(certificates.code, code));
    // Re-opened the course to recertify: the enrolment is in the next cycle.
    if (o.renewing) await t.db.update(enrolments).set({ cycle: 2, cycleStartedAt: NOW, completedAt: null }).where(eq(enrolments.userId, learner.user.id));
    return { email: learner.user.email, code };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    course = await makeCertifiedCourse(t, admin.auth, { validityMonths: 12 });
  });
  afterAll(() => t.close());

  it('mails 90 and 30 days before expiry, once each, with the link that re-opens the course, in the learner’s language', async () => {
    const in80 = await holder(80);
    const in20 = await holder(20, { french: true });
    const in200 = await holder(200);
    const revoked = await holder(50, { revoked: true });
    const expired = await holder(-5);
    const renewing = await holder(60, { renewing: true });

    expect(await run(NOW)).toBe(2);
    expect(await run(NOW)).toBe(0);
    await t.deliverOutbox();

    const first = await t.mailsTo(in80.email);
    expect(first).toHaveLength(1);
    expect(plain(first[0]!)).toContain('expires in 80 days, on May 20, 2027.');
    expect(plain(first[0]!)).toContain(in80.code);
    expect(linkIn(first[0]!)).toBe(`http://shop.test/lms/courses/${course.course.id}?recertify=1`);
    expect(plain(first[0]!)).toContain('this link re-opens it for you (the lessons and the quiz once more), and passing it gives you a new certificate.');
    // Found inside 30 days: the 30-day mail only, in French (the language of the learner's order).
    const french = await t.mailsTo(in20.email);
    expect(french).toHaveLength(1);
    expect(plain(french[0]!)).toContain('expire dans 20 jours, le 21 mars 2027.');
    expect(plain(french[0]!)).toContain('ce lien le rouvre pour vous (leçons et questionnaire à refaire), et le réussir vous donne un nouveau certificat.');
    expect(linkIn(french[0]!)).toBe(`http://shop.test/lms/courses/${course.course.id}?recertify=1`);
    for (const h of [in200, revoked, expired, renewing]) expect(await t.mailsTo(h.email)).toEqual([]);

    // 55 days on, the first certificate is inside 30 days: its second mail; then nothing more.
    expect(await run(at(55))).toBe(1);
    expect(await run(at(56))).toBe(0);
    await t.deliverOutbox();
    const second = await t.mailsTo(in80.email);
    expect(second).toHaveLength(2);
    expect(plain(second[1]!)).toContain('expires in 25 days, on May 20, 2027.');
    const [row] = await t.db.select().from(certificates).where(eq(certificates.code, in80.code));
    expect(row!.reminded90At).toEqual(NOW);
    expect(row!.reminded30At).toEqual(at(55));
  });
});
