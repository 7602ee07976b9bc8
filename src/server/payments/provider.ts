/**
 * The payment provider seam (decision 0005): the server creates and verifies PaymentIntents
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
  /**
   * `deposit` for a viewing deposit's hold (capture_method manual; Stripe:
   * metadata.kind `deposit`), `payment` for a sale. A deposit intent never pays an order.
   */
  kind: 'payment' | 'deposit';
}

/** What a viewing deposit's hold is for: its deposit, order and amount. */
export interface HoldRequest {
  depositId: string;
  orderId: string;
  productId: string;
  /** The deposit in cents, from the database (the listing's deposit at booking). */
  amountCents: number;
}

/** What an intent is for: the caller's open order and its price. */
export interface IntentRequest {
  orderId: string;
  productId: string;
  /** The order's price in cents (from the database, never the browser). */
  amountCents: number;
}

/** A protected payment's release: the held amount goes to the seller's payout account. */
export interface TransferRequest {
  orderId: string;
  /** The held amount in cents (from the database). */
  amountCents: number;
  /**
   * Where the money goes: the sandbox's payout account reference (`payout:<user id>`) or, with
   * Stripe, the seller's connected account (`acct_…`).
   */
  destination: string;
  /** The charge the transfer is funded by (Stripe's `source_transaction`); the intent id. */
  sourceIntentId: string;
  /** Same key, same transfer: `payment-release-{orderId}` (decision 0042). */
  idempotencyKey: string;
}

/**
 * Payout with Stripe Connect Express (decision 0042): the seller gives their bank details to
 * Stripe, not to us, through a hosted onboarding page; releases are transfers to that account.
 */
export interface PayoutOnboarding {
  /**
   * Creates the seller's Express connected account that may receive transfers (`transfers`
   * capability requested). Idempotency key `payout-account-{userId}`.
   * @returns the account id (`acct_…`).
   * @throws PaymentProviderError when the provider fails.
   */
  createPayoutAccount(request: { userId: string; email: string }): Promise<{ id: string }>;
  /**
   * A one-time link to Stripe's hosted onboarding of `accountId` (an Account Link of type
   * `account_onboarding`), which sends the seller back to `returnUrl` (finished or not) or to
   * `refreshUrl` (the link expired or was used).
   * @returns the link and when it expires.
   * @throws PaymentProviderError when the provider fails.
   */
  createOnboardingLink(request: {
    accountId: string;
    refreshUrl: string;
    returnUrl: string;
    /** The key of this request, so a retried network call answers the same link. */
    idempotencyKey: string;
  }): Promise<{ url: string; expiresAt: Date }>;
  /**
   * Whether `accountId` can receive transfers now (its `transfers` capability is `active`).
   * @throws PaymentProviderError when the provider cannot be reached.
   */
  payoutAccountReady(accountId: string): Promise<boolean>;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /**
   * Connect onboarding, for a provider whose sellers give their payout details to it (Stripe);
   * absent for the sandbox, whose sellers give bank details to `PUT /api/profile/payout`.
   */
  readonly onboarding?: PayoutOnboarding;
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
  /**
   * Creates the hold of a viewing deposit, a PaymentIntent with
   * `capture_method: manual` (https://docs.stripe.com/payments/place-a-hold-on-a-payment-method):
   * confirming it with a card authorises the amount (`requires_capture`) without taking it.
   * Idempotent per deposit (the deposit's existing unfinished intent is returned).
   * @throws PaymentProviderError when the provider cannot be reached or refuses.
   */
  createHold(request: HoldRequest): Promise<{ id: string; clientSecret: string }>;
  /**
   * Takes the held amount (`requires_capture` → `succeeded`). Idempotent: an intent already
   * captured is left as it is.
   * @throws PaymentProviderError when the provider fails or the intent cannot be captured
   *   (canceled, expired).
   */
  captureHold(id: string): Promise<void>;
  /**
   * Releases a hold (`requires_capture` or unfinished → `canceled`). Idempotent: an intent
   * already canceled is left as it is.
   * @throws PaymentProviderError when the provider fails or the intent was captured.
   */
  cancelHold(id: string): Promise<void>;
  /**
   * Refunds a captured hold in full (a disputed deposit the admin gives back). Idempotent per
   * intent (idempotency key `deposit-refund-{id}`; an already refunded charge counts as done).
   * @throws PaymentProviderError when the provider fails.
   */
  refundHold(id: string): Promise<void>;
  /**
   * Moves a held payment to the seller (Stripe: a Transfer to the connected account, separate
   * charges and transfers, https://docs.stripe.com/connect/separate-charges-and-transfers).
   * Idempotent per `idempotencyKey`: a repeat answers the same transfer.
   * @returns the provider's transfer id.
   * @throws PaymentProviderError when the provider fails.
   */
  transfer(request: TransferRequest): Promise<{ id: string }>;
  /**
   * Refunds a succeeded sale's intent in full (a protected payment given back before release).
   * Idempotent per `idempotencyKey` (`payment-refund-{orderId}`); an intent already refunded
   * counts as done.
   * @returns the provider's refund id.
   * @throws PaymentProviderError when the provider fails or the intent was never charged.
   */
  refundPayment(intentId: string, idempotencyKey: string): Promise<{ id: string }>;
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
