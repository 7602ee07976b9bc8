/**
 * Recording a payment the provider has confirmed (decision 0005; docs/product.md §4 Payment flow): the one
 * service behind both ways the server learns that money was taken, `POST /api/payments` (the
 * buyer's page, after the server has read the intent back from the provider) and Stripe's
 * `payment_intent.succeeded` webhook. It completes the sale in one transaction (sale.ts) and
 * applies the lost-sale policy: when the product went to another buyer (or its seller deleted
 * it), the order was paid by another intent or closed (declined or cancelled), the buyer's money is given back at once (a
 * Stripe refund, or the cancel of an unfinished intent).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import type { PaymentProvider } from './provider.js';
import { completeSale, type OnRecorded, type SaleOutcome, type SucceededPayment } from './sale.js';

/** What recording a payment needs: the database, the provider and a logger. */
export interface PaymentServices {
  db: Database;
  payments: PaymentProvider;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Runs in the sale's transaction when the record is created (the payment mails). */
  onRecorded?: OnRecorded;
}

/** True when the buyer paid but the sale cannot be theirs: the money goes back. */
export function isLostSale(outcome: SaleOutcome): boolean {
  return (
    outcome.kind === 'product-unavailable' ||
    outcome.kind === 'order-already-paid' ||
    outcome.kind === 'order-closed'
  );
}

/**
 * Records `payment` (an intent the provider confirmed as succeeded for `amountCents` usd):
 * order paid, product sold and unpromoted, payment stored, in one transaction; idempotent per
 * transaction id (a replay answers the stored record). A lost sale is refunded before this
 * returns.
 * @returns the sale's outcome; anything but `recorded` changed nothing in the database.
 * @throws PaymentProviderError when the refund of a lost sale fails (the error handler answers
 *   502; Stripe retries its webhook, the buyer's page may retry the call).
 */
export async function recordVerifiedPayment(
  services: PaymentServices,
  payment: SucceededPayment,
): Promise<SaleOutcome> {
  const outcome = await completeSale(services.db, payment, services.onRecorded);
  if (isLostSale(outcome)) {
    services.log.warn(
      { intent: payment.transactionId, outcome: outcome.kind },
      'refunding a lost sale',
    );
    await services.payments.releaseIntent(payment.transactionId);
  }
  return outcome;
}
