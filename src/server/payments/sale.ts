/**
 * Completing a sale (decision 0005): marking the order paid, the product sold and unpromoted, and
 * storing the payment record (docs/product.md §3 Payment record) is ONE database transaction, shared by
 * every path that learns a payment succeeded: `POST /api/payments`, the sandbox's confirm step
 * and Stripe's `payment_intent.succeeded` webhook. It is idempotent per transaction id.
 *
 * Rows are locked in a fixed order (order, then product) so concurrent sales of one product
 * serialise on the product row and cannot deadlock; the unique indexes on payments (per order,
 * product and transaction) are the last line of defence.
 */
import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { offerStatesWhere, offerTransitions } from '#contract/deal-states.js';
import type { Database } from '../db/client.js';
import { offers, orderPayments, orders, paymentLedger, payments } from '../db/schema.js';
import { transitionListing } from '../listings/listing-state.js';

/** A transaction handle (or the database itself: a single statement needs no transaction). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a payment provider confirmed: this intent succeeded for `amountCents` (usd). */
export interface SucceededPayment {
  orderId: string;
  /** The PaymentIntent id (docs/product.md §3 Payment record transactionId). */
  transactionId: string;
  amountCents: number;
}

export type SaleOutcome =
  /** Stored now, or earlier for the same transaction (a replay): `paymentId` is the record. */
  | { kind: 'recorded'; paymentId: string; created: boolean }
  | { kind: 'order-not-found' }
  /** The transaction id is already recorded for another order. */
  | { kind: 'foreign-transaction' }
  /** The order was paid by another transaction. */
  | { kind: 'order-already-paid' }
  /** The seller declined the booking or its buyer cancelled it. */
  | { kind: 'order-closed' }
  /** The amount is not the order's price. */
  | { kind: 'amount-mismatch' }
  /** Someone else bought the product first, or its seller deleted it. */
  | { kind: 'product-unavailable' };

/**
 * What else happens in the sale's transaction once the payment record is created (not on a
 * replay): the buyer's receipt and the seller's sale notice (src/server/notifications/payment-mails.ts).
 */
export type OnRecorded = (
  tx: Tx,
  recorded: { orderId: string; transactionId: string; paymentId: string },
) => Promise<unknown>;

/**
 * Completes the sale inside the caller's transaction `tx`. Changes nothing unless the outcome
 * is `recorded` with `created: true`; then `onRecorded` runs in `tx` too (its mails are queued
 * exactly when the sale commits).
 */
export async function completeSaleIn(
  tx: Tx,
  payment: SucceededPayment,
  onRecorded?: OnRecorded,
): Promise<SaleOutcome> {
  const [order] = await tx
    .select({
      id: orders.id,
      paid: orders.paid,
      productId: orders.productId,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      priceCents: orders.productPriceCents,
      email: orders.customerEmail,
      declinedAt: orders.declinedAt,
      cancelledAt: orders.cancelledAt,
    })
    .from(orders)
    .where(eq(orders.id, payment.orderId))
    .for('update');
  if (!order) return { kind: 'order-not-found' };

  const [recorded] = await tx
    .select({ id: payments.id, orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.transactionId, payment.transactionId));
  if (recorded) {
    return recorded.orderId === order.id
      ? { kind: 'recorded', paymentId: recorded.id, created: false }
      : { kind: 'foreign-transaction' };
  }
  if (order.paid) return { kind: 'order-already-paid' };
  if (order.declinedAt || order.cancelledAt) return { kind: 'order-closed' };
  if (payment.amountCents !== order.priceCents) return { kind: 'amount-mismatch' };

  // The listing becomes sold through its one state owner (decisions 0027 and 0053): a deleted,
  // removed, already sold or off-the-market listing refuses, and so does one an accepted offer
  // reserved for another buyer's order; the row stays locked until this transaction ends.
  const moved = await transitionListing(
    tx,
    order.productId,
    'markSold',
    { kind: 'deal', orderId: order.id },
    { soldPriceCents: order.priceCents },
  );
  if (moved.kind !== 'done' || moved.modifiedCount === 0) return { kind: 'product-unavailable' };

  await tx
    .update(orders)
    .set({ paid: true })
    .where(and(eq(orders.id, order.id), eq(orders.paid, false)));
  // The car is sold: every offer still open on it is declined (decision 0034, `carSold`).
  await tx
    .update(offers)
    .set({ status: offerTransitions.carSold.to, updatedAt: new Date() })
    .where(
      and(
        eq(offers.productId, order.productId),
        inArray(
          offers.status,
          offerStatesWhere((state) => state.open),
        ),
      ),
    );
  const [row] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      productId: order.productId,
      buyerId: order.buyerId,
      priceCents: order.priceCents,
      transactionId: payment.transactionId,
      email: order.email,
    })
    .returning({ id: payments.id });
  // Protected payment (decision 0042): the charge is held for Second Gear until the handover.
  await tx.insert(orderPayments).values({
    orderId: order.id,
    buyerId: order.buyerId,
    sellerId: order.sellerId,
    transactionId: payment.transactionId,
    amountCents: order.priceCents,
    handoverCode: newHandoverCode(),
  });
  await tx.insert(paymentLedger).values([
    {
      orderId: order.id,
      kind: 'charge',
      amountCents: order.priceCents,
      providerRef: payment.transactionId,
      idempotencyKey: `charge-${order.id}`,
    },
    {
      orderId: order.id,
      kind: 'hold',
      amountCents: order.priceCents,
      providerRef: payment.transactionId,
      idempotencyKey: `hold-${order.id}`,
    },
  ]);
  await onRecorded?.(tx, {
    orderId: order.id,
    transactionId: payment.transactionId,
    paymentId: row!.id,
  });
  return { kind: 'recorded', paymentId: row!.id, created: true };
}

/** Six random digits (leading zeros kept) the buyer gives the seller at the handover. */
export function newHandoverCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Completes the sale in its own transaction (see completeSaleIn). */
export function completeSale(
  db: Database,
  payment: SucceededPayment,
  onRecorded?: OnRecorded,
): Promise<SaleOutcome> {
  return db.transaction((tx) => completeSaleIn(tx, payment, onRecorded));
}
