/**
 * The one writer of a listing's state (decisions 0027 and 0053). What each state means, the named
 * transitions and who may take them are src/contract/listing-state.ts; this module reads the facts
 * its guards need with the listing row locked FOR UPDATE in the caller's transaction, asks
 * `transition` there, and writes the answer — so two concurrent changes (a seller's "sold
 * elsewhere" and a buyer's payment, two acceptances of offers) cannot both win. Every change of
 * `products.listing_status` and `products.reserved_order_id` goes through `transitionListing`
 * (or `renewListing`, which relists an expired listing through it).
 *
 * A listing that leaves the market stops being promoted (docs/product.md §4: a sold listing is
 * never promoted).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  listingState,
  listingTransitions,
  transition,
  transitionTo,
  type ListingFacts,
  type ListingRefusal,
  type ListingTransitionName,
} from '#contract/listing-state.js';
import type { Database } from '../db/client.js';
import { payments, products, type ListingStatus } from '../db/schema.js';

/** A transaction or the database: whatever the caller's write runs in. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Who asks for a change (the contract's actors, with what the server knows of them): the seller
 * by their user id (`not-owner` for someone else's listing), a deal by its order, the expiry job,
 * an admin.
 */
export type ListingActor =
  | { kind: 'seller'; userId: string }
  | { kind: 'deal'; orderId: string }
  | { kind: 'system' }
  | { kind: 'admin'; userId: string };

export type TransitionResult =
  | { kind: 'done'; from: ListingStatus; to: ListingStatus; modifiedCount: 0 | 1 }
  | { kind: 'not-found' }
  | { kind: 'not-owner' }
  | { kind: 'refused'; from: ListingStatus; refusal: ListingRefusal };

export interface TransitionOptions {
  /** `markSoldElsewhere` or `markSold`: what it went for, cents (kept for price guidance). */
  soldPriceCents?: number;
  /** `relist`: the new expiry. Required for it. */
  expiresAt?: Date;
  /** `restore`: the state before the removal (moderation_decisions.previous_listing_status). */
  previous?: ListingStatus | null;
}

/**
 * Takes transition `name` on listing `id` for `actor`, inside `tx`, after locking its row FOR
 * UPDATE:
 * - 'not-found': no such listing, or it is deleted (`deleted_at`);
 * - 'not-owner': a seller asking about someone else's listing;
 * - 'done' with modifiedCount 0: already in the transition's target (nothing changes, not even
 *   the sold price or the reservation's holder);
 * - 'refused' with the contract's typed refusal.
 * The change sets `status_changed_at` and the reservation's holder (`reserved_order_id`),
 * unpromotes a listing that leaves the market, keeps the sold price of a sale (and forgets it
 * when the listing is put back), and for a relist sets the new expiry and clears the reminder mark.
 */
export async function transitionListing(
  tx: Transaction,
  id: string,
  name: ListingTransitionName,
  actor: ListingActor,
  options: TransitionOptions = {},
): Promise<TransitionResult> {
  const row = await lockListingFor(tx, id, actor);
  if ('kind' in row) return row;
  return apply(tx, id, row, name, actor, options);
}

/**
 * Puts listing `id` in state `to` for `actor` by the transition that leads there from where it
 * stands (`transitionTo`: the seller's `PATCH …/status` names a state, not a transition). Already
 * in `to`: 'done' with modifiedCount 0; no transition leads there: 'refused' (`not-from-here`).
 * Otherwise as `transitionListing`.
 */
export async function transitionListingTo(
  tx: Transaction,
  id: string,
  to: ListingStatus,
  actor: ListingActor,
  options: TransitionOptions = {},
): Promise<TransitionResult> {
  const row = await lockListingFor(tx, id, actor);
  if ('kind' in row) return row;
  if (row.status === to) return { kind: 'done', from: to, to, modifiedCount: 0 };
  const name = transitionTo(row.status, to, actor.kind);
  if (!name) return { kind: 'refused', from: row.status, refusal: 'not-from-here' };
  return apply(tx, id, row, name, actor, options);
}

type LockedListing = { sellerId: string; status: ListingStatus; heldFor: string | null };

/**
 * The listing's owner, state and reservation holder, its row locked FOR UPDATE, when `actor` may
 * act on it (a seller only on their own); else the refusal (`not-found`: gone or deleted;
 * `not-owner`).
 */
async function lockListingFor(
  tx: Transaction,
  id: string,
  actor: ListingActor,
): Promise<LockedListing | { kind: 'not-found' } | { kind: 'not-owner' }> {
  const [row] = await tx
    .select({
      sellerId: products.sellerId,
      status: products.listingStatus,
      heldFor: products.reservedOrderId,
    })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .for('update');
  if (!row) return { kind: 'not-found' };
  if (actor.kind === 'seller' && row.sellerId !== actor.userId) return { kind: 'not-owner' };
  return row;
}

/** Asks the contract's `transition` with the facts of the locked row, and writes its answer. */
async function apply(
  tx: Transaction,
  id: string,
  row: LockedListing,
  name: ListingTransitionName,
  actor: ListingActor,
  options: TransitionOptions,
): Promise<TransitionResult> {
  const from = row.status;
  const target = listingTransitions[name].to;
  const goal = target === 'previous' ? options.previous : target;
  if (goal === from) return { kind: 'done', from, to: from, modifiedCount: 0 };
  const facts: ListingFacts = {
    heldFor: row.heldFor,
    ...(actor.kind === 'deal' ? { order: actor.orderId } : {}),
    newExpiry: options.expiresAt !== undefined,
    previous: options.previous ?? null,
    paidThroughUs: name === 'unmarkSold' ? await paidThroughUs(tx, id) : false,
  };
  const next = transition(from, name, actor.kind, facts);
  if (!next.ok) return { kind: 'refused', from, refusal: next.refusal };
  const to = next.to;
  await tx
    .update(products)
    .set({
      listingStatus: to,
      reservedOrderId: next.heldFor,
      statusChangedAt: sql`date_trunc('milliseconds', now())`,
      ...(listingState(to).onMarket ? {} : { promote: false }),
      soldPriceCents: to === 'sold' ? (options.soldPriceCents ?? null) : null,
      ...(name === 'relist' ? { expiresAt: options.expiresAt, expiryRemindedAt: null } : {}),
    })
    .where(eq(products.id, id));
  return { kind: 'done', from, to, modifiedCount: 1 };
}

/** Whether a payment through Second Gear stands for listing `id` (not refunded). */
async function paidThroughUs(tx: Transaction, id: string): Promise<boolean> {
  const [paid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.productId, id), isNull(payments.refundedAt)))
    .limit(1);
  return paid !== undefined;
}

/**
 * Ends the reservation order `orderId` holds on listing `productId`, if it holds one (its booking
 * was declined or cancelled): `release` by the deal, inside `tx`. A listing reserved by its seller,
 * or held for another order, is left as it is. @returns whether the listing went back on the
 * market.
 */
export async function releaseHold(
  tx: Transaction,
  productId: string,
  orderId: string,
): Promise<boolean> {
  const result = await transitionListing(tx, productId, 'release', { kind: 'deal', orderId });
  return result.kind === 'done' && result.modifiedCount === 1;
}

export type RenewResult =
  | { kind: 'renewed'; expiresAt: Date; relisted: boolean }
  | { kind: 'not-found' }
  | { kind: 'not-owner' }
  | { kind: 'refused' }
  /** The signed link's window is over (renewed since, or the link was used). */
  | { kind: 'stale' };

/**
 * Renews listing `id` until `expiresAt` inside `tx` (decision 0027): a listing whose record offers
 * the seller `renew` gets the new expiry; an expired one is relisted (→ active, `relist`). Sold and
 * removed listings are 'refused'. `sellerId` null means the signed renew link, whose window
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
  if (!listingState(row.status).sellerActions.includes('renew')) return { kind: 'refused' };
  if (transition(row.status, 'relist', 'seller', { newExpiry: true }).ok) {
    const moved = await transitionListing(
      tx,
      id,
      'relist',
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
