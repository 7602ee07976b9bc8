/**
 * The built-in `sandbox` payment provider (decision 0005): offline, no keys, and shaped like
 * Stripe's PaymentIntent flow so the payment page works the same way with either provider.
 * Intents live in the `sandbox_payment_intents` table (any instance can confirm an intent
 * another created); payment methods are Stripe's test PaymentMethod ids (sandbox-cards.ts).
 *
 * The "charge" happens in `confirmSandboxIntent`, in ONE transaction that also completes the
 * sale (order paid, product sold, payment stored) after checking, under a row lock on the
 * product, that it is still unsold. So when two buyers pay for one product at the same moment,
 * exactly one intent succeeds; the other is canceled with nothing charged (the sandbox plays
 * Stripe and its `payment_intent.succeeded` webhook at once).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { CardError } from '../../contract/payments.js';
import type { Database } from '../db/client.js';
import { orders, sandboxPaymentIntents, sandboxTransfers } from '../db/schema.js';
import {
  PaymentProviderError,
  type HoldRequest,
  type IntentRequest,
  type PaymentIntentView,
  type PaymentProvider,
  type TransferRequest,
} from './provider.js';
import { chargeOutcome } from './sandbox-cards.js';
import { completeSaleIn, type OnRecorded } from './sale.js';

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;

/** An intent as the sandbox's confirm endpoint shows it (Stripe's fields; amount in cents). */
export interface SandboxIntent {
  id: string;
  object: 'payment_intent';
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'processing'
    | 'requires_capture'
    | 'succeeded'
    | 'canceled';
  amount: number;
  currency: string;
  last_payment_error?: CardError;
}

/** Text of the intent canceled because another buyer paid for the product first. */
export const soldMeanwhileMessage = 'This product has already been sold.';

const randomId = (bytes: number) => randomBytes(bytes).toString('hex');

function present(row: IntentRow, lastError?: CardError): SandboxIntent {
  return {
    id: row.id,
    object: 'payment_intent',
    status: row.status as SandboxIntent['status'],
    amount: row.amountCents,
    currency: row.currency,
    ...(lastError ? { last_payment_error: lastError } : {}),
  };
}

/**
 * The order's newest intent of this capture method and amount (cents) that `reusable` accepts,
 * or a new one: a payment (`automatic`) or a viewing-deposit hold (`manual`). Concurrent calls
 * for one order are serialised on the order's row, so they reuse one intent.
 */
function openIntent(
  db: Database,
  orderId: string,
  amountCents: number,
  captureMethod: 'automatic' | 'manual',
  reusable: SQL,
): Promise<{ id: string; clientSecret: string }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    const [open] = await tx
      .select()
      .from(sandboxPaymentIntents)
      .where(
        and(
          eq(sandboxPaymentIntents.orderId, orderId),
          eq(sandboxPaymentIntents.amountCents, amountCents),
          eq(sandboxPaymentIntents.captureMethod, captureMethod),
          reusable,
        ),
      )
      .orderBy(desc(sandboxPaymentIntents.createdAt))
      .limit(1);
    if (open) return { id: open.id, clientSecret: open.clientSecret };
    const id = `pi_${randomId(12)}`;
    const clientSecret = `${id}_secret_${randomId(16)}`;
    await tx
      .insert(sandboxPaymentIntents)
      .values({ id, clientSecret, orderId, amountCents, currency: 'usd', captureMethod });
    return { id, clientSecret };
  });
}

/** Creates the sandbox provider over `db`. */
export function createSandboxProvider(db: Database): PaymentProvider {
  return {
    name: 'sandbox',
    publishableKey: undefined,

    createIntent({ orderId, amountCents }: IntentRequest) {
      return openIntent(
        db,
        orderId,
        amountCents,
        'automatic',
        inArray(sandboxPaymentIntents.status, ['requires_payment_method', 'requires_confirmation']),
      );
    },

    async retrieveIntent(id: string): Promise<PaymentIntentView | null> {
      const [row] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, id));
      if (!row) return null;
      return {
        id: row.id,
        status: row.status,
        amountCents: row.amountCents,
        currency: row.currency,
        orderId: row.orderId,
        kind: row.captureMethod === 'manual' ? 'deposit' : 'payment',
      };
    },

    async releaseIntent(id: string) {
      // A sandbox intent only succeeds together with its sale, so there is never money to
      // refund: an unfinished intent is canceled.
      await db
        .update(sandboxPaymentIntents)
        .set({ status: 'canceled', updatedAt: new Date() })
        .where(
          and(eq(sandboxPaymentIntents.id, id), ne(sandboxPaymentIntents.status, 'succeeded')),
        );
    },

    createHold({ orderId, amountCents }: HoldRequest) {
      return openIntent(
        db,
        orderId,
        amountCents,
        'manual',
        ne(sandboxPaymentIntents.status, 'canceled'),
      );
    },

    async captureHold(id: string) {
      await moveHold(db, id, 'requires_capture', 'succeeded', 'capture');
    },

    async cancelHold(id: string) {
      await moveHold(db, id, 'requires_capture', 'canceled', 'release');
    },

    async refundHold(id: string) {
      const [row] = await db
        .update(sandboxPaymentIntents)
        .set({ refundedCents: sql`${sandboxPaymentIntents.amountCents}`, updatedAt: new Date() })
        .where(
          and(
            eq(sandboxPaymentIntents.id, id),
            eq(sandboxPaymentIntents.captureMethod, 'manual'),
            eq(sandboxPaymentIntents.status, 'succeeded'),
          ),
        )
        .returning({ id: sandboxPaymentIntents.id });
      if (!row) throw new PaymentProviderError(`The sandbox cannot refund ${id}: not captured`);
    },

    async transfer(request: TransferRequest) {
      await db
        .insert(sandboxTransfers)
        .values({
          id: `tr_${randomId(12)}`,
          idempotencyKey: request.idempotencyKey,
          orderId: request.orderId,
          amountCents: request.amountCents,
          destination: request.destination,
        })
        .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey });
      const [row] = await db
        .select({ id: sandboxTransfers.id })
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.idempotencyKey, request.idempotencyKey));
      return { id: row!.id };
    },

    async refundPayment(intentId: string) {
      // Full refunds only: refunded_cents becomes the amount; a repeat changes nothing.
      const [row] = await db
        .update(sandboxPaymentIntents)
        .set({ refundedCents: sql`${sandboxPaymentIntents.amountCents}`, updatedAt: new Date() })
        .where(
          and(
            eq(sandboxPaymentIntents.id, intentId),
            eq(sandboxPaymentIntents.captureMethod, 'automatic'),
            eq(sandboxPaymentIntents.status, 'succeeded'),
          ),
        )
        .returning({ id: sandboxPaymentIntents.id });
      if (!row) {
        throw new PaymentProviderError(`The sandbox cannot refund ${intentId}: not charged`);
      }
      return { id: `re_${intentId.slice(3)}` };
    },
  };
}

/**
 * Moves a sandbox hold from `from` (or, for a release, any unfinished status) to `to`, like
 * Stripe's capture and cancel; an intent already in `to` is left as it is (idempotent).
 * @throws PaymentProviderError when the intent is unknown, not a hold, or in another final state.
 */
async function moveHold(
  db: Database,
  id: string,
  from: 'requires_capture',
  to: 'succeeded' | 'canceled',
  action: 'capture' | 'release',
) {
  const movable =
    to === 'canceled'
      ? [from, 'requires_payment_method', 'requires_confirmation']
      : ([from] as string[]);
  const [moved] = await db
    .update(sandboxPaymentIntents)
    .set({ status: to, updatedAt: new Date() })
    .where(
      and(
        eq(sandboxPaymentIntents.id, id),
        eq(sandboxPaymentIntents.captureMethod, 'manual'),
        inArray(sandboxPaymentIntents.status, movable),
      ),
    )
    .returning({ id: sandboxPaymentIntents.id });
  if (moved) return;
  const [row] = await db
    .select({ status: sandboxPaymentIntents.status })
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, id));
  if (row?.status === to) return;
  throw new PaymentProviderError(
    `The sandbox cannot ${action} ${id}: ${row ? `it is ${row.status}` : 'no such intent'}`,
  );
}

export type ConfirmOutcome =
  | { kind: 'intent'; intent: SandboxIntent }
  /** Unknown intent, or one of another buyer's orders. */
  | { kind: 'not-found' }
  | { kind: 'bad-secret' }
  | { kind: 'unknown-payment-method' }
  /** The intent was canceled earlier (its product was sold to someone else). */
  | { kind: 'canceled' }
  /** The product was sold meanwhile (or the order paid otherwise): canceled, nothing charged. */
  | { kind: 'conflict'; message: string };

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Stripe's confirmCardPayment for a sandbox intent of `buyerId`'s order (the sandbox's charge
 * point). One transaction: lock the intent; a declined card records last_payment_error and
 * leaves the order unpaid; a good card completes the sale (sale.ts) and marks the intent
 * succeeded, or, when the product is no longer for sale, cancels the intent without charging.
 * Confirming a succeeded intent again answers it unchanged.
 */
export function confirmSandboxIntent(
  db: Database,
  input: { intentId: string; clientSecret: string; paymentMethod: string; buyerId: string },
  onRecorded?: OnRecorded,
): Promise<ConfirmOutcome> {
  return db.transaction(async (tx): Promise<ConfirmOutcome> => {
    const [intent] = await tx
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, input.intentId))
      .for('update');
    if (!intent) return { kind: 'not-found' };
    const [order] = await tx
      .select({ buyerId: orders.buyerId })
      .from(orders)
      .where(eq(orders.id, intent.orderId));
    if (!order || order.buyerId !== input.buyerId) return { kind: 'not-found' };
    if (!sameSecret(intent.clientSecret, input.clientSecret)) return { kind: 'bad-secret' };
    if (intent.status === 'succeeded') return { kind: 'intent', intent: present(intent) };
    if (intent.status === 'canceled') return { kind: 'canceled' };
    if (intent.status === 'requires_capture') return { kind: 'intent', intent: present(intent) };

    const outcome = chargeOutcome(input.paymentMethod);
    if (!outcome) return { kind: 'unknown-payment-method' };
    if ('decline' in outcome) {
      const [row] = await tx
        .update(sandboxPaymentIntents)
        .set({
          status: 'requires_payment_method',
          lastError: outcome.decline.message,
          updatedAt: new Date(),
        })
        .where(eq(sandboxPaymentIntents.id, intent.id))
        .returning();
      return { kind: 'intent', intent: present(row!, outcome.decline) };
    }
    /** The card was accepted: the intent moves to `status`, with the card it used. */
    const accepted = async (status: 'requires_capture' | 'succeeded'): Promise<ConfirmOutcome> => {
      const [row] = await tx
        .update(sandboxPaymentIntents)
        .set({ status, lastError: null, cardLast4: outcome.last4, updatedAt: new Date() })
        .where(eq(sandboxPaymentIntents.id, intent.id))
        .returning();
      return { kind: 'intent', intent: present(row!) };
    };
    if (intent.captureMethod === 'manual') {
      // A viewing deposit's hold. Confirming authorises the amount and takes nothing;
      // `POST /api/order/{id}/deposit/confirm` (or the reconcile job) then marks the deposit held.
      return accepted('requires_capture');
    }

    const sale = await completeSaleIn(
      tx,
      { orderId: intent.orderId, transactionId: intent.id, amountCents: intent.amountCents },
      onRecorded,
    );
    if (sale.kind === 'recorded') return accepted('succeeded');
    const message =
      sale.kind === 'order-already-paid'
        ? 'This order is already paid.'
        : sale.kind === 'amount-mismatch'
          ? 'The amount of this payment is not the price of the order.'
          : sale.kind === 'order-closed'
            ? 'This booking was declined by the seller or cancelled; it can no longer be paid.'
            : soldMeanwhileMessage;
    await tx
      .update(sandboxPaymentIntents)
      .set({ status: 'canceled', lastError: message, updatedAt: new Date() })
      .where(eq(sandboxPaymentIntents.id, intent.id));
    return { kind: 'conflict', message };
  });
}
