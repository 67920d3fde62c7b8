import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '../db/schema/content.js';
import { makeAssignment, makeAuthor, makeDoc, courseBody, PNG_DATA_URL } from '../test/academy-fixtures.js';
import { BANKING, contractorBody, dealerBody, PNG_BYTES } from '../test/accounts-fixtures.js';
import { actorOf, createTestApp, linkIn, makeUser, signIn, type Session, type TestApp } from '../test/harness.js';
import { hashToken } from './random.js';

/** What a log line must never hold, whatever failed. */
const SECRET_SHAPES: [string, RegExp][] = [
  ['a password hash', /scrypt\$/],
  ['a data URL', /data:[\w.+/-]+;base64/],
  ['a JSON web token', /eyJ[\w-]+\.eyJ[\w-]+/],
  // Refresh, reset and newsletter tokens and their SHA-256 are 43 base64url characters.
  ['a token or token hash', /(?<![\w-])[\w-]{43}(?![\w-])/],
  ['an account number', new RegExp(BANKING.accountNumber)],
  ['a transit number', new RegExp(`(?<!\\d)${BANKING.transitNumber}(?!\\d)`)],
  ['a void cheque', new RegExp(PNG_BYTES.toString('base64').slice(0, 24).replace(/[+/]/g, '\\$&'))],
];

const REFUSED = 'Refused By The Database';

describe('log lines of failed writes', () => {
  const lines: string[] = [];
  let t: TestApp;
  let admin: Session;
  let dealerId: string;

  beforeAll(async () => {
    t = await createTestApp({ logTo: { write: (line: string) => void lines.push(line) } });
    admin = await actorOf(t, 'admin');
    dealerId = (await makeUser(t, { role: 'dealer' })).id;
  });
  afterAll(() => t.close());

  /** Runs a request (or several) and returns what was logged meanwhile. */
  const logged = async (run: () => Promise<unknown>) => {
    const from = lines.length;
    await run();
    await t.mailsSettled();
    return lines.slice(from).join('');
  };
  /** A check constraint added without checking existing rows: the next write it names fails in the database itself. */
  const refuse = (table: string, name: string, condition: string) =>
    t.db.execute(sql.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${name} CHECK (${condition}) NOT VALID`));
  const expectClean = (log: string, secrets: string[] = []) => {
    for (const [what, shape] of SECRET_SHAPES) expect({ what, found: shape.exec(log)?.[0] }).toEqual({ what, found: undefined });
    for (const secret of secrets) expect(log).not.toContain(secret);
  };
  /** The one `request failed` line, which keeps what helps: the route, the error code, the SQL without its values. */
  const failure = (log: string) => {
    const failed = log
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((l) => l.msg === 'request failed');
    expect(failed).toHaveLength(1);
    return failed[0] as { err: { code?: string; cause?: { code?: string } }; req?: { url: string } };
  };
  const codeOf = (line: ReturnType<typeof failure>) => line.err.code ?? line.err.cause?.code;
  const post = (url: string, payload: unknown, auth?: Session) => t.app.inject({ method: 'POST', url, payload: payload as never, headers: auth?.auth });

  it('a dealer registration the database refuses logs no password hash, bank number, void cheque or logo', async () => {
    await refuse('users', 'log_probe_users', `fullname <> '${REFUSED}'`);
    const log = await logged(async () => expect((await post('/api/v1/users', dealerBody({ fullname: REFUSED }))).statusCode).toBe(500));
    expectClean(log, [BANKING.institutionNumber + '"', 'Morgan Manager']);
    expect(codeOf(failure(log))).toBe('23514');
  });

  it('a contractor registration the database refuses logs no password hash', async () => {
    const log = await logged(async () => expect((await post('/api/v1/users', contractorBody(dealerId, { fullname: REFUSED }))).statusCode).toBe(500));
    expectClean(log, ['RT0001']);
    expect(codeOf(failure(log))).toBe('23514');
  });

  it('a password reset the database refuses logs neither the new hash, the reset token nor the bank numbers', async () => {
    const dealer = await makeUser(t, { role: 'dealer', fullname: `${REFUSED} Reset` });
    await refuse('users', 'log_probe_reset', `fullname <> '${REFUSED} Reset'`);
    let token = '';
    const log = await logged(async () => {
      expect((await post('/api/v1/users/forgot-password', { email: dealer.email })).statusCode).toBe(200);
      token = new URL(linkIn((await t.mailsTo(dealer.email))[0]!)).searchParams.get('token')!;
      const res = await post('/api/v1/users/reset-password', { token, newPassword: 'Thawed2Path', confirmPassword: 'Thawed2Path' });
      expect(res.statusCode).toBe(500);
    });
    expectClean(log, [token, hashToken(token), dealer.passwordHash!]);
    expect(codeOf(failure(log))).toBe('23514');
  });

  it('a refresh token the database refuses to store, at sign-in and at rotation, is not logged', async () => {
    const signing = await makeUser(t, { role: 'customer' });
    const rotating = await makeUser(t, { role: 'customer' });
    const session = await signIn(t, rotating.email);
    await refuse('refresh_tokens', 'log_probe_refresh', `user_id NOT IN ('${signing.id}', '${rotating.id}')`);
    const atSignIn = await logged(async () => expect((await post('/api/v1/users/login', { email: signing.email, password: signing.password })).statusCode).toBe(500));
    expectClean(atSignIn);
    expect(codeOf(failure(atSignIn))).toBe('23514');
    const atRotation = await logged(async () => expect((await post('/api/v1/users/refresh', { refresh_token: session.refresh_token })).statusCode).toBe(500));
    expectClean(atRotation, [session.refresh_token, hashToken(session.refresh_token), session.access_token]);
    expect(codeOf(failure(atRotation))).toBe('23514');
  });

  it('a newsletter token the database refuses is not logged, nor the links of the mail before it', async () => {
    const email = 'refused-reader@example.com';
    let mail = '';
    // The mail is queued with the subscription and written when the outbox sends it.
    const first = await logged(async () => {
      expect((await post('/api/v1/newsletter/subscribe', { email })).statusCode).toBe(200);
      mail = (await t.mailsTo(email))[0]!;
    });
    const token = new URL(linkIn(mail)).searchParams.get('token')!;
    expect(first).toContain('mail written to outbox');
    expectClean(first, [token]);
    const [sub] = await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    await refuse('newsletter_tokens', 'log_probe_newsletter', `subscription_id <> '${sub!.id}'`);
    const log = await logged(async () => expect((await post('/api/v1/newsletter/subscribe', { email })).statusCode).toBe(500));
    expectClean(log, [token, hashToken(token)]);
    expect(codeOf(failure(log))).toBe('23514');
  });

  it('a course the database refuses logs no trace of its cover data URL', async () => {
    const refs = { author: (await makeAuthor(t, admin.auth)).id, doc: (await makeDoc(t, admin.auth)).id, assignment: (await makeAssignment(t, admin.auth)).id };
    await refuse('courses', 'log_probe_courses', `title <> '${REFUSED}'`);
    const log = await logged(async () =>
      expect((await post('/api/v1/courses', courseBody(refs, { courseTitle: REFUSED, coverImage: PNG_DATA_URL }), admin)).statusCode).toBe(500),
    );
    expectClean(log, [admin.access_token]);
    expect(codeOf(failure(log))).toBe('23514');
  });

  it('a mail that cannot be sent logs no link token, even when the mail server echoes the mail', async () => {
    const mailed: string[] = [];
    const failing = await createTestApp({
      logTo: { write: (line: string) => void lines.push(line) },
      mailer: () => ({
        async send(mail) {
          mailed.push(mail.text);
          throw Object.assign(new Error(`550 refused: ${mail.text}`), { response: `550 ${mail.text}` });
        },
        close() {},
      }),
    });
    try {
      const user = await makeUser(failing, { role: 'customer' });
      const from = lines.length;
      expect((await failing.app.inject({ method: 'POST', url: '/api/v1/users/forgot-password', payload: { email: user.email } })).statusCode).toBe(200);
      expect(await failing.deliverOutbox()).toBe(1);
      await failing.mailsSettled();
      const log = lines.slice(from).join('');
      expect(log).toContain('outbox job failed, will retry');
      const token = new URL(linkIn(mailed[0]!)).searchParams.get('token')!;
      expectClean(log, [token]);
    } finally {
      await failing.close();
    }
  });

  it('the whole log of this file holds none of it', () => {
    expect(lines.length).toBeGreaterThan(20);
    expectClean(lines.join(''));
  });
});
