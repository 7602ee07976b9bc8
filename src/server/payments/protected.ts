/**
 * Protected payment (decision 0042): the buyer's charge is held for Second Gear until the
 * handover, then released to the seller (the buyer's handover code, an admin's decision, or the
 * automatic release after `PAYMENT_RELEASE_DAYS`), or refunded to the buyer.
 *
 * Every move that needs the provider runs in three steps, as the deposits do (decision 0020):
 * 1. claim: one conditional UPDATE sets `pending` ('release' or 'refund') on a held or disputed
 *    payment whose `pending` is empty, and commits;
 * 2. call: the provider's transfer or refund with an idempotency key of the order and move
 *    (`payment-release-{orderId}`, `payment-refund-{orderId}`), so a repeat does nothing new;
 * 3. finish: one transaction sets the final status where `pending` is still the move, and
 *    inserts the ledger rows (idempotency keys `release-{orderId}`, `payout-{orderId}`,
 *    `refund-{orderId}`), a release's bill of sale (bill-of-sale.ts) and the mails.
 * A crash between 2 and 3 leaves `pending`; repeating the call, or the sweep after a minute,
 * repeats 2 and 3. Ledger: held = charge − release − refund for every order at all times.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  centsToDollars,
  formatDollars,
  handoverCodeAttempts,
  handoverLockMs,
} from '#contract/index.js';
import { paths } from '#contract/spa-paths.js';
import {
  auditLog,
  orderPayments,
  orders,
  paymentLedger,
  payments,
  payoutAccounts,
} from '../db/schema.js';
import type { Database } from '../db/client.js';
import type { Executor } from '../jobs/queue.js';
import { renderMail } from '../notifications/layout.js';
import { formatMailDay, readerZone } from '../notifications/time-zone.js';
import { billOfSaleFilename, ensureBillOfSale } from './bill-of-sale.js';
import { transitionListing } from '../listings/listing-state.js';

export type OrderPaymentRow = typeof orderPayments.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who acts on a payment. */
export type PaymentActor = 'buyer' | 'seller' | 'admin' | 'system';

/** A pending move older than this is finished by the sweep (ms). */
export const PENDING_GRACE_MS = 60_000;

/** The payment of `orderId`, or null when the order has none. */
export async function findOrderPayment(db: Database | Transaction, orderId: string) {
  const [row] = await db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
  return row ?? null;
}

/** The side of `userId` in the payment: buyer, seller, or null for anyone else. */
export function sideOf(payment: OrderPaymentRow, userId: string): 'buyer' | 'seller' | null {
  if (payment.buyerId === userId) return 'buyer';
  if (payment.sellerId === userId) return 'seller';
  return null;
}

/**
 * Where the provider pays `sellerId`, or null while they have no payout details it can use:
 * with Stripe, their connected account once Stripe reported it can take transfers
 * (`stripe_ready_at`); with the sandbox, their bank details (`payout:<user id>`).
 */
export async function payoutDestination(
  app: FastifyInstance,
  db: Database | Transaction,
  sellerId: string,
): Promise<string | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, sellerId));
  if (!row) return null;
  if (app.payments.name === 'stripe') {
    return row.kind === 'stripe' && row.stripeReadyAt ? row.stripeAccountId : null;
  }
  return row.kind === 'stripe' ? null : `payout:${sellerId}`;
}

/**
 * Asks Stripe whether the connected account of `sellerId`, made at onboarding and not ready
 * yet, can take transfers now; if so records it (`stripe_ready_at`) and releases the payments
 * whose handover was confirmed meanwhile. Nothing happens without onboarding (the sandbox) or
 * an account.
 * @returns whether the seller now has a ready account.
 * @throws PaymentProviderError when Stripe cannot be reached.
 */
export async function refreshStripePayout(app: FastifyInstance, sellerId: string) {
  const onboarding = app.payments.onboarding;
  if (!onboarding) return false;
  const [row] = await app.db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, sellerId));
  if (row?.kind !== 'stripe' || !row.stripeAccountId) return false;
  if (row.stripeReadyAt) return true;
  if (!(await onboarding.payoutAccountReady(row.stripeAccountId))) return false;
  await app.db
    .update(payoutAccounts)
    .set({ stripeReadyAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(payoutAccounts.userId, sellerId),
        eq(payoutAccounts.stripeAccountId, row.stripeAccountId),
      ),
    );
  await releaseAwaitingPayout(app, sellerId);
  return true;
}

/** Why a move could not be made. */
export type MoveRefusal =
  | { kind: 'not-held'; status: OrderPaymentRow['status'] }
  | { kind: 'busy'; pending: 'release' | 'refund' }
  | { kind: 'no-payout' };

export type MoveResult = { kind: 'done'; changed: boolean } | MoveRefusal;

/**
 * Claims `move` on the payment of `orderId` (step 1) when its status is one of `from`. The same
 * move already pending or made answers `done` (not changed) so the caller finishes or reports
 * it; a different move pending, or a payment in another status, is refused.
 * `extra` is written with the claim (reasons, who asked); `onClaim` runs in the claim's
 * transaction (an audit row).
 */
async function claim(
  app: FastifyInstance,
  orderId: string,
  move: 'release' | 'refund',
  from: OrderPaymentRow['status'][],
  extra: Partial<OrderPaymentRow> = {},
  onClaim?: (tx: Transaction) => Promise<unknown>,
): Promise<MoveResult> {
  return app.db.transaction(async (tx): Promise<MoveResult> => {
    const [row] = await tx
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId))
      .for('update');
    if (!row) return { kind: 'not-held', status: 'refunded' };
    const finalStatus = move === 'release' ? 'released' : 'refunded';
    if (row.status === finalStatus) return { kind: 'done', changed: false };
    if (row.pending === move) return { kind: 'done', changed: true };
    if (row.pending) return { kind: 'busy', pending: row.pending };
    if (!from.includes(row.status)) return { kind: 'not-held', status: row.status };
    if (move === 'release' && !(await payoutDestination(app, tx, row.sellerId))) {
      return { kind: 'no-payout' };
    }
    await tx
      .update(orderPayments)
      .set({ ...extra, pending: move, pendingAt: new Date() })
      .where(eq(orderPayments.orderId, orderId));
    await onClaim?.(tx);
    return { kind: 'done', changed: true };
  });
}

/**
 * Steps 2 and 3 of the pending move of `orderId`: the provider call, then the final status with
 * its ledger rows and mails. Nothing happens when no move is pending.
 * @throws PaymentProviderError when the provider fails (the move stays pending for a retry).
 */
export async function finishMove(app: FastifyInstance, orderId: string): Promise<void> {
  const row = await findOrderPayment(app.db, orderId);
  if (!row?.pending) return;
  if (row.pending === 'release') {
    const destination = await payoutDestination(app, app.db, row.sellerId);
    if (!destination) return; // claimed only with payout details; removed meanwhile: wait.
    const transfer = await app.payments.transfer({
      orderId,
      amountCents: row.amountCents,
      destination,
      sourceIntentId: row.transactionId,
      idempotencyKey: `payment-release-${orderId}`,
    });
    await app.db.transaction(async (tx) => {
      const [done] = await tx
        .update(orderPayments)
        .set({ status: 'released', pending: null, releasedAt: new Date(), transferId: transfer.id })
        .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.pending, 'release')))
        .returning();
      if (!done) return;
      await ledger(tx, orderId, 'release', done.amountCents, transfer.id);
      await ledger(tx, orderId, 'payout', done.amountCents, transfer.id);
      // The bill of sale is made and kept with the release, and mailed to both sides.
      const bill = await ensureBillOfSale(tx, orderId);
      await queuePaymentMoveMails(app, tx, done, bill?.pdf);
    });
    return;
  }
  const refund = await app.payments.refundPayment(row.transactionId, `payment-refund-${orderId}`);
  const finished = await app.db.transaction(async (tx) => {
    const [done] = await tx
      .update(orderPayments)
      .set({ status: 'refunded', pending: null, refundedAt: new Date(), refundId: refund.id })
      .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.pending, 'refund')))
      .returning();
    if (!done) return false;
    await ledger(tx, orderId, 'refund', done.amountCents, refund.id);
    // The car is for sale again: the listing back on the market, the sale record marked refunded.
    const [order] = await tx
      .select({ productId: orders.productId })
      .from(orders)
      .where(eq(orders.id, orderId));
    await tx
      .update(payments)
      .set({ refundedAt: new Date() })
      .where(and(eq(payments.orderId, orderId), isNull(payments.refundedAt)));
    if (order) {
      await transitionListing(tx, order.productId, 'refundSale', { kind: 'deal', orderId });
    }
    await queuePaymentMoveMails(app, tx, done);
    return true;
  });
  // The listing is on the market again: public answers (cached) change, also when the sweep
  // finished the refund outside a request.
  if (finished) app.invalidation.publish('public');
}

/** One ledger row; a repeat (same order and kind) inserts nothing. */
async function ledger(
  tx: Transaction,
  orderId: string,
  kind: 'release' | 'payout' | 'refund',
  amountCents: number,
  providerRef: string,
) {
  await tx
    .insert(paymentLedger)
    .values({ orderId, kind, amountCents, providerRef, idempotencyKey: `${kind}-${orderId}` })
    .onConflictDoNothing({ target: paymentLedger.idempotencyKey });
}

async function claimAndFinish(
  app: FastifyInstance,
  orderId: string,
  move: 'release' | 'refund',
  from: OrderPaymentRow['status'][],
  extra?: Partial<OrderPaymentRow>,
  onClaim?: (tx: Transaction) => Promise<unknown>,
): Promise<MoveResult> {
  const claimed = await claim(app, orderId, move, from, extra, onClaim);
  if (claimed.kind !== 'done') return claimed;
  await finishMove(app, orderId);
  return claimed;
}

/** Outcome of the seller's handover code. */
export type HandoverResult =
  | MoveResult
  | { kind: 'wrong-code'; locked: boolean }
  | { kind: 'locked'; until: Date }
  | { kind: 'awaiting-payout' };

function sameCode(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The seller enters the buyer's handover code. A released payment answers done/unchanged
 * without looking at the code. Wrong code: counted; the fifth locks the order for an hour
 * (`handoverLockMs`). Right code: the handover is recorded and the money released, or, without
 * payout details, the release waits for them (`awaiting-payout`).
 */
export async function confirmHandover(
  app: FastifyInstance,
  payment: OrderPaymentRow,
  code: string,
): Promise<HandoverResult> {
  if (payment.status === 'released') return { kind: 'done', changed: false };
  if (payment.pending === 'release') return claimAndFinish(app, payment.orderId, 'release', []);
  const checked = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, payment.orderId))
      .for('update');
    if (!row) return { kind: 'not-held', status: 'refunded' } as const;
    if (row.status !== 'held') return { kind: 'not-held', status: row.status } as const;
    const now = new Date();
    if (row.lockedUntil && row.lockedUntil > now) {
      return { kind: 'locked', until: row.lockedUntil } as const;
    }
    if (!sameCode(row.handoverCode, code)) {
      const failed = row.failedAttempts + 1;
      const locked = failed >= handoverCodeAttempts;
      await tx
        .update(orderPayments)
        .set(
          locked
            ? { failedAttempts: 0, lockedUntil: new Date(now.getTime() + handoverLockMs) }
            : { failedAttempts: failed },
        )
        .where(eq(orderPayments.orderId, row.orderId));
      return { kind: 'wrong-code', locked } as const;
    }
    await tx
      .update(orderPayments)
      .set({ failedAttempts: 0, lockedUntil: null, handedOverAt: row.handedOverAt ?? now })
      .where(eq(orderPayments.orderId, row.orderId));
    return { kind: 'ok' } as const;
  });
  if (checked.kind !== 'ok') return checked;
  const released = await claimAndFinish(app, payment.orderId, 'release', ['held'], {
    releaseReason: 'handover',
  });
  return released.kind === 'no-payout' ? { kind: 'awaiting-payout' } : released;
}

/** Either side (or an admin's decision) gives the money back to the buyer before release. */
export function refundPayment(
  app: FastifyInstance,
  orderId: string,
  by: PaymentActor,
  reason: string,
  onClaim?: (tx: Transaction) => Promise<unknown>,
): Promise<MoveResult> {
  return claimAndFinish(
    app,
    orderId,
    'refund',
    by === 'admin' ? ['disputed'] : ['held'],
    { refundReason: reason, refundRequestedBy: by },
    onClaim,
  );
}

/** Either side asks an admin to decide; the automatic release stops. */
export async function disputePayment(
  app: FastifyInstance,
  orderId: string,
  by: 'buyer' | 'seller',
  reason: string,
): Promise<MoveResult> {
  return app.db.transaction(async (tx): Promise<MoveResult> => {
    const [row] = await tx
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId))
      .for('update');
    if (!row) return { kind: 'not-held', status: 'refunded' };
    if (row.status === 'disputed') return { kind: 'done', changed: false };
    if (row.pending) return { kind: 'busy', pending: row.pending };
    if (row.status !== 'held') return { kind: 'not-held', status: row.status };
    await tx
      .update(orderPayments)
      .set({ status: 'disputed', disputeReason: reason, disputedBy: by, disputedAt: new Date() })
      .where(eq(orderPayments.orderId, orderId));
    await queueDisputeMail(app, tx, row, by, reason);
    return { kind: 'done', changed: true };
  });
}

/** The admin's decision on a disputed payment, audit-logged (`payment.release`/`.refund`). */
export function decideDispute(
  app: FastifyInstance,
  orderId: string,
  adminId: string,
  outcome: 'release' | 'refund',
  note: string | null,
): Promise<MoveResult> {
  const audit = async (tx: Transaction) => {
    await tx
      .update(orderPayments)
      .set({ decisionOutcome: outcome, decisionNote: note, decidedAt: new Date() })
      .where(eq(orderPayments.orderId, orderId));
    await tx.insert(auditLog).values({
      actorId: adminId,
      action: `payment.${outcome}`,
      targetType: 'order',
      targetId: orderId,
      details: { note },
    });
  };
  if (outcome === 'refund') return refundPayment(app, orderId, 'admin', note ?? 'admin', audit);
  return claimAndFinish(app, orderId, 'release', ['disputed'], { releaseReason: 'admin' }, audit);
}

/**
 * Releases the held payments of `sellerId` whose handover was confirmed while payout details
 * were missing (called once the seller gives them).
 * @returns how many were released.
 */
export async function releaseAwaitingPayout(app: FastifyInstance, sellerId: string) {
  const rows = await app.db
    .select({ orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.sellerId, sellerId),
        eq(orderPayments.status, 'held'),
        isNotNull(orderPayments.handedOverAt),
        isNull(orderPayments.pending),
      ),
    );
  let released = 0;
  for (const { orderId } of rows) {
    const result = await claimAndFinish(app, orderId, 'release', ['held'], {
      releaseReason: 'handover',
    });
    if (result.kind === 'done') released++;
  }
  return released;
}

/**
 * The payment sweep (job `payment-sweep`): finishes moves pending for over a minute (a crash,
 * a provider outage); with Stripe, asks whether the Connect accounts of sellers with held
 * payments can take transfers now (`refreshStripePayout`); sends the reminders at 7 and 12 days
 * (scaled to `releaseDays`); releases held payments older than `releaseDays` (unless disputed)
 * when the seller has payout details.
 * One failing payment does not stop the others; the sweep throws afterwards so the job retries.
 */
export async function sweepPayments(app: FastifyInstance, now: Date): Promise<void> {
  const errors: unknown[] = [];
  const stale = await app.db
    .select({ orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(
      and(
        isNotNull(orderPayments.pending),
        lt(orderPayments.pendingAt, new Date(now.getTime() - PENDING_GRACE_MS)),
      ),
    );
  for (const { orderId } of stale) {
    await finishMove(app, orderId).catch((error: unknown) => errors.push(error));
  }
  // Stripe: sellers whose onboarding finished at Stripe since we last asked (at most 100 a run).
  if (app.payments.onboarding) {
    const waiting = await app.db
      .selectDistinct({ sellerId: orderPayments.sellerId })
      .from(orderPayments)
      .innerJoin(payoutAccounts, eq(payoutAccounts.userId, orderPayments.sellerId))
      .where(
        and(
          eq(orderPayments.status, 'held'),
          eq(payoutAccounts.kind, 'stripe'),
          isNull(payoutAccounts.stripeReadyAt),
        ),
      )
      .limit(100);
    for (const { sellerId } of waiting) {
      await refreshStripePayout(app, sellerId).catch((error: unknown) => errors.push(error));
    }
  }
  const days = app.config.protectedPayments.releaseDays;
  const day = 86_400_000;
  const reminderDays = [Math.round((days * 7) / 14), Math.round((days * 12) / 14)];
  const held = await app.db
    .select()
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.status, 'held'),
        isNull(orderPayments.pending),
        lt(orderPayments.heldAt, new Date(now.getTime() - reminderDays[0]! * day)),
      ),
    )
    .orderBy(asc(orderPayments.heldAt))
    .limit(500);
  for (const row of held) {
    const age = now.getTime() - row.heldAt.getTime();
    try {
      if (age >= days * day) {
        const result = await claimAndFinish(app, row.orderId, 'release', ['held'], {
          releaseReason: 'automatic',
        });
        if (result.kind === 'done') continue;
      }
      const due = reminderDays.filter((d) => age >= d * day).length;
      if (due > row.remindersSent) await remind(app, row, due, days);
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) {
    throw new AggregateError(errors, `payment sweep: ${errors.length} payment(s) failed`);
  }
}

/** Sends reminder `number` (1 or 2) to both sides, once (a conditional UPDATE claims it). */
async function remind(app: FastifyInstance, row: OrderPaymentRow, number: number, days: number) {
  await app.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(orderPayments)
      .set({ remindersSent: number })
      .where(
        and(
          eq(orderPayments.orderId, row.orderId),
          lt(orderPayments.remindersSent, number),
          eq(orderPayments.status, 'held'),
        ),
      )
      .returning();
    if (!claimed) return;
    const order = await orderParties(tx, row.orderId);
    if (!order) return;
    const releaseAt = new Date(row.heldAt.getTime() + days * 86_400_000);
    const buyerReleaseOn = formatMailDay(releaseAt, await readerZone(tx, order.buyerId));
    const sellerReleaseOn = formatMailDay(releaseAt, await readerZone(tx, order.sellerId));
    const amount = formatDollars(centsToDollars(row.amountCents));
    const url = app.config.publicUrl;
    await app.mail.enqueue(
      {
        key: `payment:${row.orderId}:reminder-${number}:buyer`,
        to: order.customerEmail,
        subject: `Reminder: your payment for ${order.productName} is held`,
        ...renderMail({
          greeting: `Hello ${order.customerName},`,
          blocks: [
            `Second Gear still holds your ${amount} for ${order.productName}.`,
            `Meet the seller, check the car, then give them your handover code. If nobody acts, the money goes to the seller on ${buyerReleaseOn}; before then you can ask for a refund or open a dispute in My Orders.`,
          ],
          action: { label: 'Your orders', url: `${url}${paths.buyerOrders.href()}` },
          footer: { reason: 'You get this because you paid on Second Gear.' },
        }),
      },
      { tx },
    );
    await app.mail.enqueue(
      {
        key: `payment:${row.orderId}:reminder-${number}:seller`,
        to: order.sellerEmail,
        subject: `Reminder: ${order.productName} is paid and awaits the handover`,
        ...renderMail({
          greeting: `Hello ${order.sellerName},`,
          blocks: [
            `${order.customerName} paid ${amount} for ${order.productName}; Second Gear holds it.`,
            `Hand the car over and enter the buyer's handover code in your Bookings. Otherwise the money is released to you on ${sellerReleaseOn} unless the buyer disputes.`,
          ],
          action: { label: 'Your bookings', url: `${url}${paths.sellerBookings.href()}` },
          footer: { reason: 'You get this because you sell on Second Gear.' },
        }),
      },
      { tx },
    );
  });
}

async function orderParties(tx: Executor, orderId: string) {
  const [order] = await tx
    .select({
      productName: orders.productName,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      sellerName: orders.sellerName,
      sellerEmail: orders.sellerEmail,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order ?? null;
}

/**
 * The mails of a release or a refund, to both sides, once per order and outcome; a release's
 * carry the bill of sale (`billOfSale`, the PDF) as an attachment.
 */
async function queuePaymentMoveMails(
  app: FastifyInstance,
  tx: Executor,
  row: OrderPaymentRow,
  billOfSale?: Buffer,
) {
  const order = await orderParties(tx, row.orderId);
  if (!order) return;
  const amount = formatDollars(centsToDollars(row.amountCents));
  const url = app.config.publicUrl;
  const released = row.status === 'released';
  const reason = released
    ? null
    : row.refundReason
      ? `Reason given (${row.refundRequestedBy ?? 'unknown'}): ${row.refundReason}`
      : null;
  const mails = [
    {
      side: 'buyer',
      to: order.customerEmail,
      greeting: `Hello ${order.customerName},`,
      text: released
        ? `Your payment of ${amount} for ${order.productName} was released to ${order.sellerName}. The bill of sale is attached, and in My Orders.`
        : `Your payment of ${amount} for ${order.productName} was refunded to your card.`,
      action: { label: 'Your orders', url: `${url}${paths.buyerOrders.href()}` },
    },
    {
      side: 'seller',
      to: order.sellerEmail,
      greeting: `Hello ${order.sellerName},`,
      text: released
        ? `${amount} for ${order.productName} was released to your payout account. The bill of sale is attached, and in your Bookings.`
        : `The payment of ${amount} for ${order.productName} was refunded to ${order.customerName}; your listing is back on the market.`,
      action: { label: 'Your bookings', url: `${url}${paths.sellerBookings.href()}` },
    },
  ];
  for (const mail of mails) {
    await app.mail.enqueue(
      {
        key: `payment:${row.orderId}:${row.status}:${mail.side}`,
        to: mail.to,
        subject: `${released ? 'Payment released' : 'Payment refunded'}: ${order.productName}`,
        ...renderMail({
          greeting: mail.greeting,
          blocks: reason ? [mail.text, reason] : [mail.text],
          action: mail.action,
          footer: { reason: 'You get this because of a payment on Second Gear. Always sent.' },
        }),
        ...(released && billOfSale
          ? {
              attachments: [
                {
                  filename: billOfSaleFilename(row.orderId),
                  contentType: 'application/pdf',
                  contentBase64: billOfSale.toString('base64'),
                },
              ],
            }
          : {}),
      },
      { tx },
    );
  }
}

async function queueDisputeMail(
  app: FastifyInstance,
  tx: Executor,
  row: OrderPaymentRow,
  by: 'buyer' | 'seller',
  reason: string,
) {
  const order = await orderParties(tx, row.orderId);
  if (!order) return;
  const url = app.config.publicUrl;
  for (const [side, to, name, action] of [
    [
      'buyer',
      order.customerEmail,
      order.customerName,
      { label: 'Your orders', url: `${url}${paths.buyerOrders.href()}` },
    ],
    [
      'seller',
      order.sellerEmail,
      order.sellerName,
      { label: 'Your bookings', url: `${url}${paths.sellerBookings.href()}` },
    ],
  ] as const) {
    await app.mail.enqueue(
      {
        key: `payment:${row.orderId}:disputed:${side}`,
        to,
        subject: `Payment disputed: ${order.productName}`,
        ...renderMail({
          greeting: `Hello ${name},`,
          blocks: [
            `The ${by} disputed the payment for ${order.productName}. Second Gear keeps holding the money until an admin decides.`,
            { quote: reason, by: `The ${by}’s reason` },
          ],
          action,
          footer: { reason: 'You get this because of a payment on Second Gear. Always sent.' },
        }),
      },
      { tx },
    );
  }
}

/**
 * Ledger balance per order: charged − released − refunded (cents). The invariant: it equals the
 * payment's amount while held or disputed and 0 once released or refunded.
 */
export async function heldByLedger(db: Database, orderId?: string) {
  const rows = await db
    .select({
      orderId: paymentLedger.orderId,
      held: sql<number>`coalesce(sum(case ${paymentLedger.kind} when 'charge' then ${paymentLedger.amountCents} when 'release' then -${paymentLedger.amountCents} when 'refund' then -${paymentLedger.amountCents} else 0 end), 0)::int`,
    })
    .from(paymentLedger)
    .where(orderId ? eq(paymentLedger.orderId, orderId) : undefined)
    .groupBy(paymentLedger.orderId);
  return new Map(rows.map((row) => [row.orderId, Number(row.held)]));
}

/** Cents held for all orders by the ledger (`payments_held_cents` in /metrics). */
export async function totalHeldCents(db: Database): Promise<number> {
  const [row] = await db
    .select({
      held: sql<number>`coalesce(sum(case ${paymentLedger.kind} when 'charge' then ${paymentLedger.amountCents} when 'release' then -${paymentLedger.amountCents} when 'refund' then -${paymentLedger.amountCents} else 0 end), 0)::bigint`,
    })
    .from(paymentLedger);
  return Number(row?.held ?? 0);
}

/** Payments disputed and waiting for an admin, oldest first. */
export function listDisputedPayments(db: Database) {
  return db
    .select({
      orderId: orderPayments.orderId,
      amountCents: orderPayments.amountCents,
      heldAt: orderPayments.heldAt,
      disputedAt: orderPayments.disputedAt,
      disputedBy: orderPayments.disputedBy,
      disputeReason: orderPayments.disputeReason,
      productName: orders.productName,
      buyerName: orders.customerName,
      buyerEmail: orders.customerEmail,
      sellerName: orders.sellerName,
      sellerEmail: orders.sellerEmail,
    })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(eq(orderPayments.status, 'disputed'))
    .orderBy(asc(orderPayments.disputedAt));
}
