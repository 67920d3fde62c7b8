import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/**
 * A file a queued mail names rather than carries: the outbox renders it when it sends the mail, so the
 * change that queued it does not pay for it (an order's invoice PDF, as the order stands then).
 */
export type MailAttachment = { invoiceOf: string };

/** A file as it leaves with a mail. */
export type MailFile = { filename: string; content: Uint8Array; contentType: string };

export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string; attach?: MailAttachment[] };

/** A mail as handed to the mail server: what it attaches is rendered. */
export type OutgoingMail = Omit<Mail, 'attach'> & { files?: MailFile[] };

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const links = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

/** The mail as nodemailer takes it: the rendered files become its attachments. */
const message = (from: string, { files, ...mail }: OutgoingMail & { attach?: unknown }) => {
  delete mail.attach;
  return { from, ...mail, ...(files?.length ? { attachments: files.map((f) => ({ filename: f.filename, content: Buffer.from(f.content), contentType: f.contentType })) } : {}) };
};

/**
 * SMTP when a URL is given; otherwise every mail becomes an .eml file in `outboxDir`
 * and its links are logged, so development and tests can follow them.
 */
export function createMailer(opts: { smtpUrl?: string; outboxDir: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(message(opts.from, mail));
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(opts.from, mail));
      await mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      opts.log.info({ to: mail.to, subject: mail.subject, file, links: links(mail.text) }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}
