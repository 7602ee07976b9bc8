/**
 * Web Push (decision 0045; RFC 8030, RFC 8291 aes128gcm, RFC 8292 VAPID) through `web-push`:
 *
 * - **Queued with the action.** Code that queues a notification mail also calls
 *   `app.push.notify(tx, userId, payload)` in the same transaction. It checks the person's push
 *   switch for the kind (`wantsPush`) and queues one `send-push` job per subscription they have,
 *   so the pushes exist exactly when the action commits and a failing endpoint is retried alone.
 * - **Sent by the job.** `web-push`'s `generateRequestDetails` encrypts the payload (aes128gcm)
 *   and signs the VAPID JWT; the request goes out through `app.outbound` (public HTTPS only, or
 *   an origin in OUTBOUND_ALLOWED_ORIGINS) with a 10 s limit and no redirects. 2xx: done. 404 or
 *   410 (the subscription expired or was revoked, RFC 8030 §7.3): the subscription is removed.
 *   429, 5xx or a network failure: the job throws and is retried (5 times, from 10 s doubling).
 *   Any other answer (400, 403, 413…) will not change by retrying: logged and dropped.
 * - **Idempotence.** A retried job may push twice; the payload's `tag` makes the browser show
 *   one notification for both.
 */
import dns from 'node:dns/promises';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import ipaddr from 'ipaddr.js';
import { and, eq, isNull, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { pushKindTexts, pushKinds, type PushKind, type PushPayload } from '#contract/index.js';
import type { PushSetting } from '#contract/index.js';
import { pushPreferences, pushSubscriptions, users } from '../db/schema.js';
import type { Executor } from '../jobs/queue.js';
import { isPublicAddress, OutboundError } from '../lib/outbound.js';
import { resolveVapidKeys, type VapidKeys } from './vapid.js';

/** Queue name of one push to one subscription. */
export const sendPushJob = 'send-push';

/** The job's data: the subscription and what to show. */
export interface SendPushData {
  subscriptionId: string;
  payload: PushPayload;
}

/** How long a push service keeps an undelivered message (seconds; RFC 8030 §5.2 TTL). */
export const pushTtlSeconds = 24 * 60 * 60;

/** What one send did, for tests and the bench. */
export type SendPushOutcome = 'sent' | 'gone' | 'no-subscription' | 'refused' | 'dropped';

/** `app.push`. */
export interface Push {
  /** The VAPID public key (base64url) browsers subscribe with. */
  readonly publicKey: string;
  /**
   * Queues `payload` to every subscription of `userId` in `tx` unless the person turned
   * `payload.kind` off or the account is deleted. `payload.url` is a same-site path.
   * @returns how many pushes were queued.
   */
  notify(tx: Executor, userId: string, payload: PushPayload): Promise<number>;
  /** Sends one queued push now (the job's work). */
  send(data: SendPushData): Promise<SendPushOutcome>;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: Push;
  }
}

/** Whether `userId` wants pushes of `kind` now (no row = on). False for a deleted account. */
export async function wantsPush(db: Executor, userId: string, kind: PushKind): Promise<boolean> {
  const [row] = await db
    .select({ enabled: pushPreferences.enabled })
    .from(users)
    .leftJoin(
      pushPreferences,
      and(eq(pushPreferences.userId, users.id), eq(pushPreferences.kind, kind)),
    )
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) return false;
  return row.enabled ?? true;
}

/** The caller's push switches, one per kind in the contract's order. */
export async function readPushSettings(db: Executor, userId: string): Promise<PushSetting[]> {
  const rows = await db
    .select({ kind: pushPreferences.kind, enabled: pushPreferences.enabled })
    .from(pushPreferences)
    .where(eq(pushPreferences.userId, userId));
  const stored = new Map(rows.map((row) => [row.kind, row.enabled]));
  return pushKinds.map((kind) => ({
    kind,
    label: pushKindTexts[kind].label,
    description: pushKindTexts[kind].description,
    enabled: stored.get(kind) ?? true,
  }));
}

/** Sets some push switches of `userId` (insert or update each). */
export async function writePushSettings(
  db: Executor,
  userId: string,
  changes: ReadonlyArray<{ kind: PushKind; enabled: boolean }>,
): Promise<void> {
  for (const { kind, enabled } of changes) {
    await db
      .insert(pushPreferences)
      .values({ userId, kind, enabled })
      .onConflictDoUpdate({
        target: [pushPreferences.userId, pushPreferences.kind],
        set: { enabled, updatedAt: sql`now()` },
      });
  }
}

/**
 * Checks a subscription's endpoint before it is stored: an origin in `allowedOrigins` passes;
 * otherwise it must be `https:`, without credentials, on a host whose every address is public
 * (the send checks again, in the connection's own DNS lookup).
 * @returns null when acceptable, else the reason (a sentence for a 400).
 */
export async function checkPushEndpoint(
  endpoint: string,
  allowedOrigins: readonly string[],
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint must be an https:// URL';
  }
  if (allowedOrigins.includes(url.origin)) return null;
  if (url.protocol !== 'https:') return 'endpoint must be an https:// URL';
  if (url.username || url.password) return 'endpoint must not carry credentials';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const refused = 'endpoint must be on a public push service, not a private or reserved address';
  if (host === 'localhost' || host.endsWith('.localhost')) return refused;
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? null : refused;
  try {
    const addresses = await dns.lookup(host, { all: true });
    if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) {
      return refused;
    }
  } catch {
    return "endpoint's host does not resolve";
  }
  return null;
}

export const pushPlugin = fp(
  async (app: FastifyInstance) => {
    const vapid: VapidKeys = resolveVapidKeys(app.config);
    const vapidDetails = {
      subject: vapid.subject,
      publicKey: vapid.publicKey,
      privateKey: vapid.privateKey,
    };

    async function send({ subscriptionId, payload }: SendPushData): Promise<SendPushOutcome> {
      const [subscription] = await app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.id, subscriptionId));
      if (!subscription) return 'no-subscription';
      const details = webpush.generateRequestDetails(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        JSON.stringify(payload),
        {
          vapidDetails,
          TTL: pushTtlSeconds,
          contentEncoding: 'aes128gcm',
          urgency: payload.kind === 'message' || payload.kind === 'viewing' ? 'high' : 'normal',
        },
      );
      // The body's length is set by the client; header values are strings.
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) {
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      let status: number;
      try {
        const answer = await app.outbound.request(details.endpoint, {
          method: details.method,
          headers,
          body: details.body ? new Uint8Array(details.body) : undefined,
          httpsOnly: true,
          timeoutMs: 10_000,
          maxBytes: 64 * 1024,
          maxRedirects: 0,
        });
        status = answer.status;
      } catch (error) {
        if (
          error instanceof OutboundError &&
          error.code !== 'network' &&
          error.code !== 'timeout'
        ) {
          // The endpoint may not be reached at all (a private address, not https): never will be.
          await app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
          app.log.warn(
            { err: error, subscriptionId },
            'push endpoint refused; subscription removed',
          );
          return 'refused';
        }
        throw error;
      }
      if (status >= 200 && status < 300) return 'sent';
      if (status === 404 || status === 410) {
        await app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
        return 'gone';
      }
      if (status === 429 || status >= 500) {
        throw new Error(`push service answered ${status}; the push will be retried`);
      }
      app.log.warn({ subscriptionId, status }, 'push service refused a push; dropped');
      return 'dropped';
    }

    const push: Push = {
      publicKey: vapid.publicKey,
      async notify(tx, userId, payload) {
        if (!(await wantsPush(tx, userId, payload.kind))) return 0;
        const subscriptions = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId));
        for (const subscription of subscriptions) {
          await app.jobs.enqueue<SendPushData>(
            sendPushJob,
            { subscriptionId: subscription.id, payload },
            { tx },
          );
        }
        return subscriptions.length;
      },
      send,
    };
    app.decorate('push', push);

    app.jobs.define<SendPushData>({
      name: sendPushJob,
      retryLimit: 5,
      retryDelaySeconds: 10,
      expireInSeconds: 60,
      handler: async (data) => {
        await send(data);
      },
    });
  },
  { name: 'push', dependencies: ['jobs', 'database'] },
);
