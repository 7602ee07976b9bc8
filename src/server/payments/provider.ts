/**
 * The payment provider seam (DESIGN.md §5): the server creates and verifies PaymentIntents
 * through this interface and never trusts the browser about a payment. Two implementations:
 * `sandbox` (built in, offline, intents in the `sandbox_payment_intents` table) and `stripe`
 * (the stripe SDK). Both follow Stripe's PaymentIntent model
 * (https://docs.stripe.com/api/payment_intents): amounts in the smallest currency unit (cents),
 * status `succeeded` means the money was taken.
 */
import { ProviderError } from '../lib/provider-error.js';

/** Stripe's PaymentIntent statuses that matter here. */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

/** A PaymentIntent as the provider reports it. */
export interface PaymentIntentView {
  id: string;
  /** Only `succeeded` means paid; Stripe may add statuses, hence any string. */
  status: PaymentIntentStatus | (string & {});
  /** Integer cents. */
  amountCents: number;
  /** Lower-case ISO currency, e.g. 'usd'. */
  currency: string;
  /** The order the intent was created for (sandbox: table link; Stripe: metadata.orderId). */
  orderId: string | null;
}

/** What an intent is for: the caller's open order and its price. */
export interface IntentRequest {
  orderId: string;
  productId: string;
  /** The order's price in cents (from the database, never the browser). */
  amountCents: number;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Stripe's publishable key for Stripe.js; undefined for the sandbox. */
  readonly publishableKey: string | undefined;
  /**
   * Creates the intent of an order, or returns the order's existing unpaid intent for the same
   * amount (idempotent). Currency usd.
   * @returns the intent id and its client secret (`pi_…_secret_…`).
   * @throws PaymentProviderError when the provider cannot be reached or refuses.
   */
  createIntent(request: IntentRequest): Promise<{ id: string; clientSecret: string }>;
  /**
   * Reads an intent from the provider (the source of truth about money).
   * @returns null when the provider does not know the id.
   * @throws PaymentProviderError when the provider cannot be reached.
   */
  retrieveIntent(id: string): Promise<PaymentIntentView | null>;
  /**
   * Gives the money of an intent back after its sale could not be completed (the product was
   * sold to someone else meanwhile): refunds a succeeded intent, cancels an unfinished one.
   * Idempotent.
   * @throws PaymentProviderError when the provider cannot be reached.
   */
  releaseIntent(id: string): Promise<void>;
}

/**
 * The provider failed (network, outage, bad key). A ProviderError: the error handler answers
 * 502 "The payment provider is unavailable right now; please try again."
 */
export class PaymentProviderError extends ProviderError {
  override name = 'PaymentProviderError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('payment provider', message, options);
  }
}
