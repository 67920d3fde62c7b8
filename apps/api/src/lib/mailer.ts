import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

const links = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

/**
 * SMTP when a URL is given; otherwise every mail becomes an .eml file in `outboxDir`
 * and its links are logged, so development and tests can follow them.
 */
export function createMailer(opts: { smtpUrl?: string; outboxDir: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      opts.log.info({ to: mail.to, subject: mail.subject, file, links: links(mail.text) }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}
