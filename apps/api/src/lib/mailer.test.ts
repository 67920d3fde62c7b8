import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import { createTestApp, linkIn, makeUser, type TestApp } from '../test/harness.js';
import { createMailer } from './mailer.js';

type Received = { from: string; to: string[]; raw: string };

describe('mail over SMTP', () => {
  const received: Received[] = [];
  /** While set, the server keeps each mail waiting for its answer until this resolves. */
  let hold: Promise<void> | undefined;
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          void (hold ?? Promise.resolve()).then(() => callback());
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Meltway <no-reply@shop.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the reset mail; its link resets the password, and the new password signs in', async () => {
    const user = await makeUser(t, { role: 'dealer' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/forgot-password', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    await t.deliverOutbox();

    const mails = received.filter((r) => r.to.includes(user.email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.from).toBe('no-reply@shop.test');
    expect(mail.raw).toMatch(/^Subject: Reset your Meltway password/m);
    // Nothing went to the file outbox: SMTP replaced it.
    expect(existsSync(path.join(t.dataDir, 'outbox'))).toBe(false);

    const link = linkIn(mail.raw);
    expect(link).toMatch(/^http:\/\/shop\.test\/reset\?token=/);
    const token = new URL(link).searchParams.get('token')!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset-password',
      payload: { token, newPassword: 'Thawed2Path', confirmPassword: 'Thawed2Path' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: m.passwordChanged });

    const login = await t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: user.email, password: 'Thawed2Path' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().id).toBe(user.id);
  });

  it('answers without waiting for the mail server, so a known address is not slower than an unknown one', async () => {
    const user = await makeUser(t, { role: 'customer' });
    let release!: () => void;
    hold = new Promise<void>((resolve) => (release = resolve));
    try {
      const answer = t.app.inject({ method: 'POST', url: '/api/v1/users/forgot-password', payload: { email: user.email } });
      const first = await Promise.race([answer.then(() => 'answered'), new Promise((r) => setTimeout(() => r('still waiting'), 5000))]);
      expect(first).toBe('answered');
      expect((await answer).json()).toEqual({ message: m.resetSent });
    } finally {
      release();
      hold = undefined;
    }
    await t.deliverOutbox();
    expect(received.filter((r) => r.to.includes(user.email))).toHaveLength(1);
  });
});

describe('mail without SMTP', () => {
  it('writes each mail to the outbox folder as an .eml file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'meltway-outbox-'));
    try {
      const mailer = createMailer({ outboxDir: dir, from: 'Meltway <no-reply@shop.test>', log: pino({ level: 'silent' }) });
      await mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Open https://shop.test/x?y=1 now' });
      mailer.close();
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const raw = readFileSync(path.join(dir, files[0]!), 'utf8');
      expect(raw).toMatch(/^To: someone@example\.com$/m);
      expect(raw).toMatch(/^Subject: Hello$/m);
      expect(linkIn(raw)).toBe('https://shop.test/x?y=1');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
