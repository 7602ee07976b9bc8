/**
 * Outgoing mail. With SMTP_URL set, messages go through nodemailer's SMTP transport; without
 * it (the zero-setup default and the tests) each message is logged and written to
 * `DATA_DIR/outbox/<time>-<random>.eml` (RFC 5322, readable by any mail client) plus a `.txt`
 * copy of the plain text, so a developer can follow a password-reset link without a mail server.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body. */
  text: string;
}

export interface Mailer {
  /** Sends (or files) one message. @throws on an SMTP failure. */
  send(message: MailMessage): Promise<void>;
  /** Where messages go: 'smtp' or 'outbox'. */
  readonly kind: 'smtp' | 'outbox';
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Folder of filed messages when there is no SMTP server (`DATA_DIR/outbox`). */
  outboxDir: string;
  log: Pick<FastifyBaseLogger, 'info'>;
}

/** Creates the mailer for the configuration (see the module comment). */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  // Builds the .eml with nodemailer's own MIME composer, so headers are encoded correctly.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await composer.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const base = path.join(options.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}`);
      await writeFile(`${base}.eml`, info.message as Buffer, { mode: 0o600 });
      await writeFile(
        `${base}.txt`,
        `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`,
        { mode: 0o600 },
      );
      options.log.info(
        { to: message.to, subject: message.subject, file: `${base}.eml` },
        `mail written to the outbox (no SMTP_URL):\n${message.text}`,
      );
    },
  };
}
