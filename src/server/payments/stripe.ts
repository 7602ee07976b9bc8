/**
 * The `stripe` payment provider (decision 0005) on the stripe SDK. Intents live at Stripe; the
 * link to our order is the intent's metadata `{orderId, productId}`
 * (https://docs.stripe.com/api/payment_intents/create). Creating is idempotent per order and
 * amount through Stripe's idempotency keys (https://docs.stripe.com/api/idempotent_requests;
 * keys are kept for at least 24 hours, after which a new intent is created).
 *
 * Two buyers can both be charged by Stripe for one product at the same moment (Stripe cannot
 * know our stock). The sale itself is one database transaction that only one of them wins; the
 * loser's intent is refunded through `releaseIntent`, and the loser is answered 409.
 *
 * Protected payment (decision 0042) uses Connect's separate charges and transfers
 * (https://docs.stripe.com/connect/separate-charges-and-transfers): the charge stays on the
 * platform's balance while held; the release is a Transfer to the seller's Express account
 * (made and onboarded through `onboarding`), the refund a Refund of the intent. Every POST
 * carries our own idempotency key.
 */
import Stripe from 'stripe';
import type { PaymentsConfig } from '../config.js';
import {
  PaymentProviderError,
  type HoldRequest,
  type IntentRequest,
  type PaymentIntentView,
  type PaymentProvider,
  type TransferRequest,
} from './provider.js';

export type StripeSettings = Extract<PaymentsConfig, { provider: 'stripe' }>;

/** The SDK client for `settings` (pointed at STRIPE_API_BASE when set, e.g. in tests). */
export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(settings.apiBase ?? {}),
  });
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.statusCode === 404 || error.code === 'resource_missing')
  );
}

function providerError(action: string, error: unknown): PaymentProviderError {
  const detail = error instanceof Error ? error.message : String(error);
  return new PaymentProviderError(`The payment provider could not ${action}: ${detail}`, {
    cause: error,
  });
}

/** Creates the Stripe provider. */
export function createStripeProvider(
  settings: StripeSettings,
  client = createStripeClient(settings),
): PaymentProvider {
  /** The charge of a succeeded intent (a transfer's `source_transaction`). */
  async function chargeOf(intentId: string): Promise<string | undefined> {
    const intent = await client.paymentIntents.retrieve(intentId);
    const charge = intent.latest_charge;
    return typeof charge === 'string' ? charge : (charge?.id ?? undefined);
  }

  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,

    onboarding: {
      async createPayoutAccount({ userId, email }) {
        try {
          const account = await client.accounts.create(
            {
              type: 'express',
              email,
              capabilities: { transfers: { requested: true } },
              metadata: { userId },
            },
            { idempotencyKey: `payout-account-${userId}` },
          );
          return { id: account.id };
        } catch (error) {
          throw providerError('create the payout account', error);
        }
      },

      async createOnboardingLink({ accountId, refreshUrl, returnUrl, idempotencyKey }) {
        try {
          const link = await client.accountLinks.create(
            {
              account: accountId,
              type: 'account_onboarding',
              refresh_url: refreshUrl,
              return_url: returnUrl,
            },
            { idempotencyKey },
          );
          return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
        } catch (error) {
          throw providerError('start the payout set-up', error);
        }
      },

      async payoutAccountReady(accountId) {
        try {
          const account = await client.accounts.retrieve(accountId);
          return account.capabilities?.transfers === 'active';
        } catch (error) {
          throw providerError('check the payout account', error);
        }
      },
    },

    async createIntent({ orderId, productId, amountCents }: IntentRequest) {
      try {
        const intent = await client.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            allowed_payment_method_types: ['card'],
            metadata: { orderId, productId },
          },
          { idempotencyKey: `order-${orderId}-amount-${amountCents}` },
        );
        if (!intent.client_secret) throw new Error('the intent has no client_secret');
        return { id: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        throw providerError('create the payment', error);
      }
    },

    async retrieveIntent(id: string): Promise<PaymentIntentView | null> {
      try {
        const intent = await client.paymentIntents.retrieve(id);
        return {
          id: intent.id,
          status: intent.status,
          amountCents: intent.amount,
          currency: intent.currency,
          orderId: intent.metadata?.orderId ?? null,
          kind:
            intent.metadata?.kind === 'deposit' || intent.capture_method === 'manual'
              ? 'deposit'
              : 'payment',
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw providerError('check the payment', error);
      }
    },

    async releaseIntent(id: string) {
      try {
        const intent = await client.paymentIntents.retrieve(id);
        if (intent.status === 'succeeded') {
          await client.refunds.create(
            { payment_intent: id, reason: 'duplicate' },
            { idempotencyKey: `refund-${id}` },
          );
        } else if (intent.status !== 'canceled') {
          await client.paymentIntents.cancel(id, {}, { idempotencyKey: `cancel-${id}` });
        }
      } catch (error) {
        throw providerError('give the payment back', error);
      }
    },

    async createHold({ depositId, orderId, productId, amountCents }: HoldRequest) {
      try {
        const intent = await client.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            capture_method: 'manual',
            allowed_payment_method_types: ['card'],
            description: 'Refundable viewing deposit',
            metadata: { orderId, productId, depositId, kind: 'deposit' },
          },
          { idempotencyKey: `deposit-${depositId}-hold-${amountCents}` },
        );
        if (!intent.client_secret) throw new Error('the intent has no client_secret');
        return { id: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        throw providerError('place the deposit hold', error);
      }
    },

    async captureHold(id: string) {
      try {
        const intent = await client.paymentIntents.retrieve(id);
        if (intent.status === 'succeeded') return;
        await client.paymentIntents.capture(id, {}, { idempotencyKey: `deposit-capture-${id}` });
      } catch (error) {
        throw providerError('capture the deposit', error);
      }
    },

    async cancelHold(id: string) {
      try {
        const intent = await client.paymentIntents.retrieve(id);
        if (intent.status === 'canceled') return;
        if (intent.status === 'succeeded') throw new Error('the deposit was captured');
        await client.paymentIntents.cancel(
          id,
          { cancellation_reason: 'requested_by_customer' },
          { idempotencyKey: `deposit-cancel-${id}` },
        );
      } catch (error) {
        throw providerError('release the deposit', error);
      }
    },

    async refundHold(id: string) {
      try {
        await client.refunds.create(
          { payment_intent: id, reason: 'requested_by_customer' },
          { idempotencyKey: `deposit-refund-${id}` },
        );
      } catch (error) {
        // After the idempotency key expired (24 h) a repeat is refused as already refunded.
        if (
          error instanceof Stripe.errors.StripeError &&
          error.code === 'charge_already_refunded'
        ) {
          return;
        }
        throw providerError('refund the deposit', error);
      }
    },

    async transfer(request: TransferRequest) {
      try {
        const transfer = await client.transfers.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            destination: request.destination,
            source_transaction: await chargeOf(request.sourceIntentId),
            transfer_group: `order-${request.orderId}`,
            metadata: { orderId: request.orderId },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return { id: transfer.id };
      } catch (error) {
        throw providerError('pay the seller', error);
      }
    },

    async refundPayment(intentId: string, idempotencyKey: string) {
      try {
        const refund = await client.refunds.create(
          { payment_intent: intentId, reason: 'requested_by_customer' },
          { idempotencyKey },
        );
        return { id: refund.id };
      } catch (error) {
        // After the idempotency key expired (24 h) a repeat is refused as already refunded.
        if (
          error instanceof Stripe.errors.StripeError &&
          error.code === 'charge_already_refunded'
        ) {
          return { id: `refunded:${intentId}` };
        }
        throw providerError('refund the payment', error);
      }
    },
  };
}
