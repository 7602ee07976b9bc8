/**
 * Outgoing mail. With SMTP_URL set, messages go through nodemailer's SMTP transport; without
 * it (the zero-setup default and the tests) each message is written to
 * `DATA_DIR/outbox/<time>-<id>.eml` (RFC 5322, readable by any mail client) plus a `.txt` copy of
 * the plain text, so a developer can follow a password-reset link without a mail server. Only the
 * file's path is logged, never the text: a reset link in a log is a password in a log.
 * Mail is sent by the `send-mail` job (src/server/jobs/send-mail.ts), not by requests.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body. */
  text: string;
  /** An HTML alternative of the same message (multipart/alternative with `text`). */
  html?: string;
  /**
   * The one-click unsubscribe URL of a notification mail (`app.unsubscribe.url`): sent as
   * `List-Unsubscribe: <url>` (RFC 2369) with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`
   * (RFC 8058). Transactional mail (a password reset) has none.
   */
  unsubscribeUrl?: string;
  /**
   * A key unique to this message (e.g. `password-reset:<id>`): the Message-ID is derived from it,
   * so a message sent twice carries the same id and mail systems can drop the copy.
   */
  key?: string;
  /**
   * An iCalendar object (RFC 5545) sent as the message's `text/calendar` alternative and as a
   * `.ics` attachment, so mail programs offer "add to calendar" (nodemailer's `icalEvent`).
   */
  calendar?: { filename: string; method: 'PUBLISH' | 'REQUEST' | 'CANCEL'; content: string };
  /**
   * Files sent with the message (a bill of sale's PDF). The content is base64, so the message
   * stays plain JSON in the mail job's sealed payload.
   */
  attachments?: MailAttachment[];
}

/** A file attached to a message. */
export interface MailAttachment {
  filename: string;
  /** MIME type, e.g. `application/pdf`. */
  contentType: string;
  /** The file's bytes, base64. */
  contentBase64: string;
}

/** The RFC 5322 Message-ID of the message with `key`, e.g. `<3f…@second-gear.local>`. */
export function messageIdFor(key: string, domain = 'second-gear.local'): string {
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`;
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

/** nodemailer's message options for `message` (Message-ID from the key, list headers). */
function envelope(
  from: string,
  { key, unsubscribeUrl, calendar, attachments, ...message }: MailMessage,
) {
  return {
    from,
    ...message,
    ...(calendar ? { icalEvent: calendar } : {}),
    ...(attachments?.length
      ? {
          attachments: attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: file.contentBase64,
            encoding: 'base64',
          })),
        }
      : {}),
    ...(key ? { messageId: messageIdFor(key) } : {}),
    ...(unsubscribeUrl
      ? {
          list: { unsubscribe: { url: unsubscribeUrl, comment: 'Unsubscribe' } },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  };
}

/**
 * Writes `data` to `file` (mode 0600) under a temporary name first, then renames it: whoever
 * watches the outbox (a person, a test polling for the file) sees a mail whole or not at all.
 * `writeFile` creates the file before it writes, and on Node 24 a reader was seen in between.
 */
async function writeWhole(file: string, data: Buffer | string): Promise<void> {
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  await writeFile(partial, data, { mode: 0o600 });
  await rename(partial, file);
}

/** Creates the mailer for the configuration (see the module comment). */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail(envelope(options.from, message));
      },
    };
  }
  // Builds the .eml with nodemailer's own MIME composer, so headers are encoded correctly.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'outbox',
    async send(message) {
      const { key } = message;
      const info = await composer.sendMail(envelope(options.from, message));
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const id = key
        ? createHash('sha256').update(key).digest('hex').slice(0, 12)
        : randomBytes(4).toString('hex');
      const base = path.join(options.outboxDir, `${stamp}-${id}`);
      await writeWhole(`${base}.eml`, info.message as Buffer);
      await writeWhole(
        `${base}.txt`,
        `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`,
      );
      options.log.info({ file: `${base}.eml` }, 'mail written to the outbox (no SMTP_URL)');
    },
  };
}
