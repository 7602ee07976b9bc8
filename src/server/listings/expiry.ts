/**
 * Listing expiry (decision 0027; docs/jobs.md): a listing expires `LISTING_TTL_DAYS` after it was
 * listed or last renewed. The scheduled `listing-expiry` job (LISTING_EXPIRY_CRON, every 15
 * minutes by default, once across instances) does two things per run, each in batches:
 *
 * 1. **Reminds** the seller of every listing on the market that expires within
 *    `reminderLeadDays` (3) and was not reminded in this window: the reminder mark
 *    (`expiry_reminded_at`) is set in the same transaction that queues the mail, so a retried or
 *    repeated run never mails twice; a renewal clears it (a new window, a new reminder). The mail
 *    carries a one-click renew link signed like the unsubscribe links (HMAC-SHA-256 under a key
 *    derived from the server secret, `info: listing-renew-hmac-v1`) over the listing id and the
 *    expiry it was sent for, so the link renews once: afterwards the expiry differs and the link
 *    is stale (410).
 * 2. **Expires** every listing on the market whose `expires_at` has passed (the `expire`
 *    transition of src/contract/listing-state.ts: active or reserved → expired), except one an
 *    accepted offer holds for its buyer (decision 0053: it waits for that deal).
 *
 * `runListingExpiry(app, now)` takes the clock as an argument, so tests move time.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { and, inArray, isNull, lte, sql } from 'drizzle-orm';
import { resolveAuthSecret } from '../auth/secret.js';
import { createSignedPairs } from '../lib/signed-pair.js';
import { onMarketSql, products, users } from '../db/schema.js';
import { renderMail } from '../notifications/layout.js';
import { formatMailDay, readerZone, zoneNote } from '../notifications/time-zone.js';
import { listingTransitions, transition } from '#contract/listing-state.js';

/** Queue name of the expiry job. */
export const listingExpiryJob = 'listing-expiry';

/** Days before expiry the reminder goes out (decision 0027). */
export const reminderLeadDays = 3;

/** Listings handled per transaction of a run. */
const batchSize = 500;

/** What the renew link names: one listing and the expiry its reminder was sent for. */
export interface RenewTicket {
  productId: string;
  /** `expires_at` when the reminder was sent, ms since the epoch. */
  expiresAtMs: number;
}

/** Signs and checks renew-link tokens with a key derived from `secret`. */
export function createRenewTokens(secret: string) {
  const pairs = createSignedPairs(secret, 'listing-renew-hmac-v1');
  return {
    /** A token `<payload>.<mac>`, both base64url. */
    sign: ({ productId, expiresAtMs }: RenewTicket): string => pairs.sign([productId, expiresAtMs]),
    /** The ticket a token names, or null when it is malformed or not signed by us. */
    verify(token: string): RenewTicket | null {
      const pair = pairs.verify(token);
      if (!pair || typeof pair[0] !== 'string' || typeof pair[1] !== 'number') return null;
      return { productId: pair[0], expiresAtMs: pair[1] };
    },
  };
}

export interface ListingRenewal {
  /** The page the reminder links to: `${PUBLIC_URL}/renew-listing?token=…`. */
  pageUrl(ticket: RenewTicket): string;
  /** The ticket of a token, or null when we did not sign it. */
  verify(token: string): RenewTicket | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    listingRenewal: ListingRenewal;
  }
}

/**
 * One run of the expiry job at `now`: reminders first, then expiries, each in batches of 500
 * until none is left. @returns how many reminders were queued and listings expired.
 */
export async function runListingExpiry(
  app: FastifyInstance,
  now: Date,
): Promise<{ reminded: number; expired: number }> {
  let reminded = 0;
  let expired = 0;
  const remindBefore = new Date(now.getTime() + reminderLeadDays * 86_400_000);
  for (;;) {
    const count = await app.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            sql`${onMarketSql}`,
            lte(products.expiresAt, remindBefore),
            sql`${products.expiresAt} > ${now.toISOString()}`,
            isNull(products.expiryRemindedAt),
          ),
        )
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      const marked = await tx
        .update(products)
        .set({ expiryRemindedAt: now })
        .where(
          inArray(
            products.id,
            due.map((row) => row.id),
          ),
        )
        .returning({
          id: products.id,
          productName: products.productName,
          expiresAt: products.expiresAt,
          sellerId: products.sellerId,
        });
      const sellers = await tx
        .select({ id: users.id, name: users.displayName, email: users.email })
        .from(users)
        .where(
          and(
            inArray(users.id, [...new Set(marked.map((row) => row.sellerId))]),
            isNull(users.deletedAt),
          ),
        );
      const byId = new Map(sellers.map((seller) => [seller.id, seller]));
      for (const listing of marked) {
        const seller = byId.get(listing.sellerId);
        if (!seller || seller.email === '') continue;
        const renewUrl = app.listingRenewal.pageUrl({
          productId: listing.id,
          expiresAtMs: listing.expiresAt.getTime(),
        });
        const zone = await readerZone(tx, listing.sellerId);
        const day = formatMailDay(listing.expiresAt, zone);
        await app.mail.enqueue(
          {
            key: `listing-expiry:${listing.id}:${listing.expiresAt.getTime()}`,
            to: seller.email,
            subject: `Your listing ${listing.productName} expires on ${day}`,
            ...renderMail({
              greeting: `Hello ${seller.name},`,
              blocks: [
                `Your listing ${listing.productName} on Second Gear expires on ${day}. ` +
                  'Renew it with one click to keep it on the market; if it has sold, mark it sold ' +
                  'in My Products instead.',
                zoneNote(zone, app.config.publicUrl),
              ],
              action: { label: 'Renew', url: renewUrl },
              footer: { reason: 'You get this because you listed this vehicle on Second Gear.' },
            }),
          },
          { tx },
        );
      }
      return marked.length;
    });
    reminded += count;
    if (count < batchSize) break;
  }
  for (;;) {
    const count = await app.db.transaction(async (tx) => {
      // A reservation an accepted offer holds waits for its deal (decision 0053).
      const due = await tx
        .select({
          id: products.id,
          status: products.listingStatus,
          heldFor: products.reservedOrderId,
        })
        .from(products)
        .where(
          and(sql`${onMarketSql}`, lte(products.expiresAt, now), isNull(products.reservedOrderId)),
        )
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const next = due.map((row) => ({
        id: row.id,
        next: transition(row.status, 'expire', 'system', { heldFor: row.heldFor }),
      }));
      const ids = next.filter((row) => row.next.ok).map((row) => row.id);
      if (ids.length === 0) return 0;
      // The bulk form of transitionListing(tx, id, 'expire', { kind: 'system' }): the rows are
      // locked above and every one passed the same `transition`, whose target is one state.
      const changed = await tx
        .update(products)
        .set({
          listingStatus: listingTransitions.expire.to,
          reservedOrderId: null,
          statusChangedAt: now,
          promote: false,
        })
        .where(and(inArray(products.id, ids), sql`${onMarketSql}`))
        .returning({ id: products.id });
      return changed.length;
    });
    expired += count;
    if (count < batchSize) break;
  }
  return { reminded, expired };
}

/** `app.listingRenewal` and the scheduled `listing-expiry` job. */
export const listingExpiryPlugin = fp(
  async (app: FastifyInstance) => {
    const tokens = createRenewTokens(resolveAuthSecret(app.config));
    app.decorate('listingRenewal', {
      pageUrl: (ticket) =>
        `${app.config.publicUrl}/renew-listing?token=${encodeURIComponent(tokens.sign(ticket))}`,
      verify: (token) => tokens.verify(token),
    } satisfies ListingRenewal);
    app.jobs.define({
      name: listingExpiryJob,
      retryLimit: 3,
      schedule: app.config.listings.expiryCron,
      handler: async () => {
        const outcome = await runListingExpiry(app, new Date());
        if (outcome.reminded > 0 || outcome.expired > 0) {
          app.log.info(outcome, 'listing expiry run');
          app.publicCache.invalidate();
        }
      },
    });
  },
  { name: 'listing-expiry', dependencies: ['jobs', 'mail', 'database'] },
);
