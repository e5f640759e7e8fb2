import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { realNowMs, toInstant } from '../dates';

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends one message; only the outbox's delivery worker calls it (`platform/outbox/mail-delivery-job.ts`).
 * SMTP when `SMTP_URL` is set; otherwise each message is written as an `.eml` file to
 * `DATA_DIR/outbox`, so a fresh install can show the e-mails it would send.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    // nodemailer waits minutes by default for a server that does not answer; ours give up sooner, so the
    // delivery worker is not held by a dead server (the outbox tries again later). Settings in the URL still win.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.log.info({ subject: message.subject }, 'e-mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const stamp = toInstant(realNowMs()).toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      options.log.info({ file, subject: message.subject }, 'e-mail written to the outbox (no SMTP_URL)');
    },
  };
}
