/**
 * Outgoing text messages (phone verification codes; decision 0044), behind one seam chosen by
 * `SMS_PROVIDER`, as mail is (lib/mailer.ts):
 *
 * - `sandbox` (the zero-setup default and the tests) writes each message to
 *   `DATA_DIR/sms-outbox/<time>-<id>.json` as `{ "to", "body", "sent_at" }` (mode 0600, written
 *   whole under a temporary name and renamed), so a developer or a browser test can read a code
 *   without a phone. Only the file's path is logged, never the body: a code in a log is a key
 *   in a log.
 * - `twilio` sends through Twilio's Programmable Messaging REST API
 *   (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From` or
 *   `MessagingServiceSid`, `Body`; HTTP Basic with the Account SID and Auth Token), through
 *   `app.outbound` (lib/outbound.ts). Any answer but 2xx is a ProviderError (502).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SmsConfig } from '../config.js';
import type { OutboundClient } from '../lib/outbound.js';
import { ProviderError } from '../lib/provider-error.js';

/** One text message: the recipient in E.164 and the text. */
export interface SmsMessage {
  to: string;
  body: string;
}

export interface SmsSender {
  /** Sends (or files) one message. @throws ProviderError when the provider refuses or fails. */
  send(message: SmsMessage): Promise<void>;
  readonly kind: 'sandbox' | 'twilio';
}

/** Creates the sender of `config.provider` (see the module comment). */
export function createSmsSender(
  config: SmsConfig['provider'],
  outbound: OutboundClient,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): SmsSender {
  if (config.kind === 'twilio') {
    const url = `${config.apiBase}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
    const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
    return {
      kind: 'twilio',
      async send(message) {
        const form = new URLSearchParams({ To: message.to, Body: message.body });
        if (config.from.startsWith('MG')) form.set('MessagingServiceSid', config.from);
        else form.set('From', config.from);
        let status: number;
        let answer: string;
        try {
          const response = await outbound.request(url, {
            method: 'POST',
            headers: {
              authorization,
              'content-type': 'application/x-www-form-urlencoded',
              accept: 'application/json',
            },
            body: form.toString(),
            timeoutMs: 10_000,
            maxBytes: 64 * 1024,
            maxRedirects: 0,
          });
          status = response.status;
          answer = response.body.toString('utf8');
        } catch (error) {
          throw new ProviderError('text message service', 'Twilio could not be reached', {
            cause: error,
          });
        }
        if (status < 200 || status >= 300) {
          // Twilio's error body: { code, message, more_info, status }.
          let detail = answer.slice(0, 300);
          try {
            const parsed = JSON.parse(answer) as { code?: number; message?: string };
            detail = `${parsed.code ?? '?'} ${parsed.message ?? ''}`;
          } catch {
            // not JSON: keep the text
          }
          throw new ProviderError('text message service', `Twilio answered ${status}: ${detail}`);
        }
      },
    };
  }
  return {
    kind: 'sandbox',
    async send(message) {
      await mkdir(config.outboxDir, { recursive: true });
      const sentAt = new Date().toISOString();
      const file = path.join(
        config.outboxDir,
        `${sentAt.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`,
      );
      const partial = `${file}.partial`;
      await writeFile(
        partial,
        `${JSON.stringify({ to: message.to, body: message.body, sent_at: sentAt })}\n`,
        { mode: 0o600 },
      );
      await rename(partial, file);
      log.info({ file }, 'text message written to the SMS outbox (SMS_PROVIDER=sandbox)');
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where text messages go (SMS_PROVIDER). */
    sms: SmsSender;
  }
}

/** `app.sms`: the sender of the configured provider. */
export const smsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('sms', createSmsSender(app.config.sms.provider, app.outbound, app.log));
  },
  { name: 'sms' },
);
