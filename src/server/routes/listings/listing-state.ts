/**
 * The one owner of a listing's state (decision 0027): which state may follow which, who may make
 * each change, and the one write that makes it. Every change of `products.listing_status` goes
 * through `transitionListing` (or `renewListing`, which may relist an expired listing), inside the
 * caller's transaction, with the listing row locked FOR UPDATE first, so two concurrent changes
 * (a seller's "sold elsewhere" and a buyer's payment) cannot both win.
 *
 * Who may change what (`allowedTransitions`):
 * - the seller: active ⇄ reserved, active/reserved ⇄ unavailable, to sold ("sold elsewhere"),
 *   and back to active from a sale they recorded themselves (never from one paid through us);
 *   an expired listing is relisted (→ active) by renewing it;
 * - a paid order: active, reserved or expired → sold (docs/product.md §4: it was booked before); never a
 *   listing its seller took off the market, which an earlier booking cannot buy;
 * - the expiry job: active or reserved → expired;
 * - an admin: anything → removed, and a reversed removal back to the state it had.
 * A listing that leaves the market stops being promoted (docs/product.md §4: a sold listing is never
 * promoted).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { payments, products, type ListingStatus } from '../../db/schema.js';

/** A transaction or the database: whatever the caller's write runs in. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who asks for a change. */
export type ListingActor =
  | { kind: 'seller'; userId: string }
  | { kind: 'order' }
  /** A protected payment refunded before release puts its listing back (decision 0042). */
  | { kind: 'refund' }
  | { kind: 'expiry' }
  | { kind: 'admin'; userId: string };

type ActorKind = ListingActor['kind'];

/** States in which a listing is on the market (the `onMarketSql` of schema.ts). */
export const onMarketStatuses: readonly ListingStatus[] = ['active', 'reserved'];

/** from → to → who may make the change (decision 0027). */
export const allowedTransitions: Readonly<
  Record<ListingStatus, Partial<Record<ListingStatus, readonly ActorKind[]>>>
> = {
  active: {
    reserved: ['seller'],
    unavailable: ['seller'],
    sold: ['seller', 'order'],
    expired: ['expiry'],
    removed: ['admin'],
  },
  reserved: {
    active: ['seller'],
    unavailable: ['seller'],
    sold: ['seller', 'order'],
    expired: ['expiry'],
    removed: ['admin'],
  },
  unavailable: {
    active: ['seller'],
    reserved: ['seller'],
    // Taken off the market: an earlier booking cannot buy it (the seller must put it back).
    sold: ['seller'],
    removed: ['admin'],
  },
  // Back to active only when the seller recorded the sale (checked in transitionListing).
  sold: { active: ['seller', 'refund'], removed: ['admin'] },
  // The seller relists through renewListing (a new expiry window), not a bare transition.
  expired: { active: ['seller'], sold: ['seller', 'order'], removed: ['admin'] },
  // An appeal reversed: back to what it was (moderation_decisions.previous_listing_status).
  removed: {
    active: ['admin'],
    reserved: ['admin'],
    sold: ['admin'],
    unavailable: ['admin'],
    expired: ['admin'],
  },
};

/** Whether `actor` may move a listing from `from` to `to` by the table alone. */
export function mayTransition(from: ListingStatus, to: ListingStatus, actor: ActorKind): boolean {
  return allowedTransitions[from][to]?.includes(actor) ?? false;
}

export type TransitionResult =
  | { kind: 'done'; from: ListingStatus; modifiedCount: 0 | 1 }
  | { kind: 'not-found' }
  | { kind: 'not-owner' }
  | { kind: 'refused'; from: ListingStatus };

export interface TransitionOptions {
  /** With `to: 'sold'` by the seller: what it went for, cents (kept for price guidance). */
  soldPriceCents?: number;
  /** With expired → active (a relist): the new expiry. Required for that change. */
  expiresAt?: Date;
}

/**
 * Moves listing `id` to `to` for `actor`, inside `tx`, after locking its row FOR UPDATE.
 * - 'not-found': no such listing, or it is deleted (`deleted_at`);
 * - 'not-owner': a seller asking about someone else's listing;
 * - 'done' with modifiedCount 0: already in `to` (nothing changes, not even the sold price);
 * - 'refused': `allowedTransitions` does not give `actor` this change, a sale paid through us
 *   would be undone, or an expired listing would be relisted without a new expiry.
 * The change sets `status_changed_at`, unpromotes a listing that leaves the market, keeps the
 * sold price of a sale elsewhere (and forgets it when the listing is put back), and for a relist
 * sets the new expiry and clears the reminder mark.
 */
export async function transitionListing(
  tx: Transaction,
  id: string,
  to: ListingStatus,
  actor: ListingActor,
  options: TransitionOptions = {},
): Promise<TransitionResult> {
  const [row] = await tx
    .select({ sellerId: products.sellerId, status: products.listingStatus })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .for('update');
  if (!row) return { kind: 'not-found' };
  if (actor.kind === 'seller' && row.sellerId !== actor.userId) return { kind: 'not-owner' };
  const from = row.status;
  if (from === to) return { kind: 'done', from, modifiedCount: 0 };
  if (!mayTransition(from, to, actor.kind)) return { kind: 'refused', from };
  if (from === 'sold' && actor.kind === 'seller') {
    const [paid] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.productId, id), isNull(payments.refundedAt)))
      .limit(1);
    if (paid) return { kind: 'refused', from };
  }
  if (from === 'expired' && to === 'active' && actor.kind !== 'admin' && !options.expiresAt) {
    return { kind: 'refused', from };
  }
  const leavesMarket = !onMarketStatuses.includes(to);
  await tx
    .update(products)
    .set({
      listingStatus: to,
      statusChangedAt: sql`date_trunc('milliseconds', now())`,
      ...(leavesMarket ? { promote: false } : {}),
      soldPriceCents: to === 'sold' ? (options.soldPriceCents ?? null) : null,
      ...(from === 'expired' && options.expiresAt
        ? { expiresAt: options.expiresAt, expiryRemindedAt: null }
        : {}),
    })
    .where(eq(products.id, id));
  return { kind: 'done', from, modifiedCount: 1 };
}

export type RenewResult =
  | { kind: 'renewed'; expiresAt: Date; relisted: boolean }
  | { kind: 'not-found' }
  | { kind: 'not-owner' }
  | { kind: 'refused' }
  /** The signed link's window is over (renewed since, or the link was used). */
  | { kind: 'stale' };

/**
 * Renews listing `id` until `expiresAt` inside `tx` (decision 0027): an active, reserved or
 * unavailable listing gets the new expiry; an expired one is relisted (→ active). Sold and removed
 * listings are 'refused'. `sellerId` null means the signed renew link, whose window
 * (`expectedExpiresAt`, the expiry the reminder was sent for) must still be the listing's:
 * otherwise 'stale', so a link works once per window.
 */
export async function renewListing(
  tx: Transaction,
  id: string,
  sellerId: string | null,
  expiresAt: Date,
  expectedExpiresAt?: Date,
): Promise<RenewResult> {
  const [row] = await tx
    .select({
      sellerId: products.sellerId,
      status: products.listingStatus,
      expiresAt: products.expiresAt,
    })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .for('update');
  if (!row) return { kind: 'not-found' };
  if (sellerId !== null && row.sellerId !== sellerId) return { kind: 'not-owner' };
  if (expectedExpiresAt && row.expiresAt.getTime() !== expectedExpiresAt.getTime()) {
    return { kind: 'stale' };
  }
  if (row.status === 'sold' || row.status === 'removed') return { kind: 'refused' };
  if (row.status === 'expired') {
    const moved = await transitionListing(
      tx,
      id,
      'active',
      { kind: 'seller', userId: row.sellerId },
      { expiresAt },
    );
    if (moved.kind !== 'done') return { kind: 'refused' };
    return { kind: 'renewed', expiresAt, relisted: true };
  }
  await tx.update(products).set({ expiresAt, expiryRemindedAt: null }).where(eq(products.id, id));
  return { kind: 'renewed', expiresAt, relisted: false };
}

/** `now` plus `ttlDays` days, truncated to milliseconds (the column's precision). */
export function expiryFrom(now: Date, ttlDays: number): Date {
  return new Date(now.getTime() + ttlDays * 86_400_000);
}
