import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsMessages } from '@meltway/shared/accounts/messages';
import { contentMessages } from '@meltway/shared/content/messages';
import { outbox } from '../db/schema/commerce.js';
import { createTestApp, linkIn, makeUser, type TestApp } from '../test/harness.js';
import { createMailer } from './mailer.js';

/**
 * Every mail the product sends is queued in the transaction of its cause: while the mail server is
 * down the action still answers as it always did, the mail waits in the outbox and leaves once the
 * server is back. The mailer is the real file mailer, made to fail while `down`.
 */
describe('password-reset and contact mails while the mail server is down', () => {
  let t: TestApp;
  let down = false;

  beforeAll(async () => {
    t = await createTestApp({
      mailer: (config) => {
        const real = createMailer({ outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom, log: pino({ level: 'silent' }) });
        return {
          async send(mail) {
            if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:587');
            await real.send(mail);
          },
          close: () => real.close(),
        };
      },
    });
  });
  afterAll(() => t.close());

  const pending = async (subject: string) =>
    t.db.select().from(outbox).where(sql`${outbox.payload}->>'subject' = ${subject} and ${outbox.doneAt} is null`);

  it('answers as usual, keeps both mails queued, and delivers them once the server is back', async () => {
    const user = await makeUser(t, { role: 'customer' });
    const contactFrom = `sender-${Date.now()}@example.com`;
    down = true;

    const forgot = await t.app.inject({ method: 'POST', url: '/api/v1/users/forgot-password', payload: { email: user.email } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/users/forgot-password', payload: { email: `nobody-${Date.now()}@example.com` } });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual({ message: accountsMessages.resetSent });
    // The same answer whether or not the address has an account, even with the mail server down.
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(forgot.body);

    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { name: 'Dana Frost', email: contactFrom, subject: 'Heated ramp while SMTP is down', message: 'Please call me back.' },
    });
    expect(contact.statusCode).toBe(201);
    expect(contact.json()).toEqual({ message: contentMessages.contactSent });

    // The outbox tries, fails, and keeps both for a later attempt.
    expect(await t.deliverOutbox()).toBeGreaterThanOrEqual(2);
    const [reset] = await pending('Reset your Meltway password');
    const [message] = await pending('[Contact] Heated ramp while SMTP is down');
    expect(reset).toMatchObject({ attempts: 1, doneAt: null, failedAt: null, lastError: 'connect ECONNREFUSED 127.0.0.1:587' });
    expect((reset!.payload as { to: string }).to).toBe(user.email);
    expect(message).toMatchObject({ attempts: 1, doneAt: null, failedAt: null });
    expect(await t.mailsTo(user.email)).toEqual([]);

    // Back up: the next run after the back-off sends both, once each.
    down = false;
    await t.db.update(outbox).set({ runAt: new Date(Date.now() - 1_000) }).where(sql`${outbox.doneAt} is null`);
    await t.deliverOutbox();
    const resetMails = await t.mailsTo(user.email);
    expect(resetMails).toHaveLength(1);
    expect(resetMails[0]).toMatch(/^Subject: Reset your Meltway password/m);
    expect(linkIn(resetMails[0]!)).toMatch(/^http:\/\/shop\.test\/reset\?token=/);
    const supportMails = (await t.mailsTo(t.deps.config.supportEmail)).filter((mail) => mail.includes('Heated ramp while SMTP is down'));
    expect(supportMails).toHaveLength(1);
    expect(supportMails[0]).toContain(`Reply-To: Dana Frost <${contactFrom}>`);
    expect(await pending('Reset your Meltway password')).toEqual([]);
    expect(await pending('[Contact] Heated ramp while SMTP is down')).toEqual([]);

    // The link the late mail carries works.
    const token = new URL(linkIn(resetMails[0]!)).searchParams.get('token')!;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/reset-password', payload: { token, newPassword: 'Fresh4Snow', confirmPassword: 'Fresh4Snow' } });
    expect(res.statusCode, res.body).toBe(200);
  });
});
