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
import type { SandboxCard } from '#contract/payments';
import * as apiRoutes from '#contract/route-table';
import type { RouteBody } from '#contract/routes';
import { apiCall } from '#web/lib/api-client';

export function createSandboxPaymentMethod(card: SandboxCard) {
  return apiCall(apiRoutes.createSandboxPaymentMethod, { body: card });
}

/** Confirms the intent `intentId` (`pi_…`) with a payment method, as Stripe.js does. */
export function confirmSandboxPaymentIntent(
  intentId: string,
  body: RouteBody<typeof apiRoutes.confirmSandboxPaymentIntent>,
) {
  return apiCall(apiRoutes.confirmSandboxPaymentIntent, { params: { id: intentId }, body });
}
