/**
 * The sandbox provider's Stripe.js mirror (decision 0005): the two calls Stripe.js would make to
 * Stripe, made to our server instead.
 * - `POST /api/sandbox/payment-methods {number, exp_month, exp_year, cvc, postal_code?}` →
 *   `{id: 'pm_…', card}`, or 400 with Stripe's card-error text (e.g. "Your card number is
 *   invalid.") as `message`.
 * - `POST /api/sandbox/payment-intents/{id}/confirm {client_secret, payment_method}` → the intent
 *   `{id, status, last_payment_error?}`; a declined card leaves status requires_payment_method
 *   with `last_payment_error.message` ("Your card was declined.").
 */
import type { SandboxCard } from '../../../../contract/payments';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/contract';

export interface SandboxPaymentIntent {
  id: string;
  object: 'payment_intent';
  status:
    'requires_payment_method' | 'requires_confirmation' | 'processing' | 'succeeded' | 'canceled';
  /** Cents. */
  amount: number;
  currency: string;
  last_payment_error?: { type: 'card_error'; code: string; message: string };
}

export async function createSandboxPaymentMethod(
  card: SandboxCard,
): Promise<{ id: string; card: { brand: string; last4: string } }> {
  const { data } = await apiRequest<{ id: string; card: { brand: string; last4: string } }>(
    apiPaths.sandboxPaymentMethods(),
    { method: 'POST', body: card },
  );
  return data;
}

export async function confirmSandboxPaymentIntent(
  intentId: string,
  body: { client_secret: string; payment_method: string },
): Promise<SandboxPaymentIntent> {
  const { data } = await apiRequest<SandboxPaymentIntent>(
    apiPaths.sandboxConfirmPaymentIntent(intentId),
    { method: 'POST', body },
  );
  return data;
}
