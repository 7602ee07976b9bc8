/**
 * Outgoing mail as a job (docs/features.md; docs/jobs.md): `app.mail.enqueue(message, {tx})` puts a
 * `send-mail` job in the queue, in the caller's transaction when it has one; a worker sends it
 * through `app.mailer` (SMTP, or the outbox folder without SMTP_URL) and retries a failure up to
 * 5 times (30 s, 60 s, 120 s, … apart).
 *
 * **Once per message.** Every message has a `key` unique to it (e.g. `password-reset:<id>`). The
 * job claims the key in `mail_deliveries` before sending and marks it `sent` after; a retried
 * or duplicated job finds `sent` and does nothing, and a second worker holding the same key
 * while the first is still sending waits for a later retry. The one gap left is a crash between
 * the mail server accepting the message and the `sent` mark: after the claim's lease (15
 * minutes) the message is sent again, with the same Message-ID (derived from the key), which
 * mail systems use to drop the copy.
 *
 * **Sealed payloads.** A message (a reset link is a password for an hour) lies in the queue's
 * tables until the job is deleted; its payload is encrypted with AES-256-GCM under a key derived
 * from the server secret (HKDF-SHA-256, `info: job-payload-aes256gcm-v1`), which every instance
 * shares (AUTH_SECRET).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { resolveAuthSecret } from '../auth/secret.js';
import type { Database } from '../db/client.js';
import { mailDeliveries } from '../db/schema.js';
import { createMailer, type MailMessage, type Mailer } from '../lib/mailer.js';
import type { Executor } from './queue.js';

/** Queue name of outgoing mail. */
export const sendMailJob = 'send-mail';

/**
 * Thrown by `deliverOnce` when another attempt holds the message's claim (a worker sending it
 * now, within `mailClaimLeaseSeconds`): the job fails and pg-boss retries it, by which time the
 * other attempt has sent it (then a no-op) or let its claim go.
 */
export class MailInFlightError extends Error {
  constructor(readonly key: string) {
    super(`message ${key} is being sent by another attempt`);
    this.name = 'MailInFlightError';
  }
}

/** A `sending` claim older than this (seconds) belongs to a crashed attempt and may be retaken. */
export const mailClaimLeaseSeconds = 15 * 60;

/** A message to send: `key` is required and unique to this one message. */
export type OutgoingMail = MailMessage & { key: string };

/** The job's data: the key in clear (for logs and de-duplication), the message sealed. */
export interface SendMailData {
  key: string;
  sealed: string;
}

export interface MailService {
  /**
   * Queues `message` for sending. Pass the caller's transaction as `tx` so the mail exists exactly
   * when the action that causes it commits. @returns the job id.
   */
  enqueue(message: OutgoingMail, options?: { tx?: Executor }): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    mail: MailService;
  }
}

/** AES-256-GCM sealing of job payloads with a key derived from the server secret. */
export function createSealer(secret: string) {
  const key = Buffer.from(
    hkdfSync('sha256', secret, 'second-gear', 'job-payload-aes256gcm-v1', 32),
  );
  return {
    seal(value: unknown): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    /** @throws Error when the payload was not sealed with this secret or was altered. */
    open<T>(sealed: string): T {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
      return JSON.parse(text.toString('utf8')) as T;
    },
  };
}

/**
 * Sends `message` unless a message with its key was already sent (see the module comment).
 * @returns 'sent' or 'already-sent'.
 * @throws MailInFlightError when another attempt is sending it right now (retry later); the
 *   mailer's error when sending failed.
 */
export async function deliverOnce(
  db: Database,
  mailer: Mailer,
  message: OutgoingMail,
): Promise<'sent' | 'already-sent'> {
  const claimed = await db
    .insert(mailDeliveries)
    .values({ key: message.key, status: 'sending' })
    .onConflictDoUpdate({
      target: mailDeliveries.key,
      set: {
        status: 'sending',
        claimedAt: sql`now()`,
        attempts: sql`${mailDeliveries.attempts} + 1`,
      },
      setWhere: or(
        eq(mailDeliveries.status, 'failed'),
        and(
          eq(mailDeliveries.status, 'sending'),
          lt(
            mailDeliveries.claimedAt,
            sql`now() - make_interval(secs => ${mailClaimLeaseSeconds})`,
          ),
        ),
      ),
    })
    .returning({ key: mailDeliveries.key });
  if (claimed.length === 0) {
    const [row] = await db
      .select({ status: mailDeliveries.status })
      .from(mailDeliveries)
      .where(eq(mailDeliveries.key, message.key));
    if (row?.status === 'sent') return 'already-sent';
    throw new MailInFlightError(message.key);
  }
  try {
    await mailer.send(message);
  } catch (error) {
    await db
      .update(mailDeliveries)
      .set({ status: 'failed' })
      .where(eq(mailDeliveries.key, message.key));
    throw error;
  }
  await db
    .update(mailDeliveries)
    .set({ status: 'sent', sentAt: sql`now()` })
    .where(eq(mailDeliveries.key, message.key));
  return 'sent';
}

/** `app.mailer`, `app.mail` and the `send-mail` job. */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    });
    const sealer = createSealer(resolveAuthSecret(config));
    app.decorate('mailer', mailer);

    app.jobs.define<SendMailData>({
      name: sendMailJob,
      retryLimit: 5,
      retryDelaySeconds: 30,
      expireInSeconds: 5 * 60,
      handler: async ({ key, sealed }) => {
        const message = sealer.open<OutgoingMail>(sealed);
        if (message.key !== key) throw new Error(`send-mail job ${key} carries another message`);
        const outcome = await deliverOnce(app.db, mailer, message);
        app.log.info({ key, outcome }, 'mail job done');
      },
    });

    app.decorate('mail', {
      enqueue: (message, options = {}) =>
        app.jobs.enqueue<SendMailData>(
          sendMailJob,
          { key: message.key, sealed: sealer.seal(message) },
          options,
        ),
    } satisfies MailService);
  },
  { name: 'mail', dependencies: ['jobs', 'database'] },
);
