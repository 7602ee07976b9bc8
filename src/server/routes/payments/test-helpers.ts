/**
 * Helpers for the payment tests: the calls the payment page makes with the sandbox provider
 * (create intent, create a card payment method, confirm, record the payment).
 */
import type { FastifyInstance } from 'fastify';
import { paymentIntentIdOf } from '#contract/paths.js';
import { bearer, type TestUser } from '../../test-support/accounts.js';

/** A card as the card form sends it, valid until 2040 unless overridden. */
export function card(number: string, overrides: Record<string, unknown> = {}) {
  return { number, exp_month: 12, exp_year: 40, cvc: '123', postal_code: '12345', ...overrides };
}

export function createIntent(app: FastifyInstance, buyer: TestUser, productId: string) {
  return app.inject({
    method: 'POST',
    url: `/api/create-payment-intent/${productId}`,
    headers: bearer(buyer.token),
  });
}

/** The client secret of the buyer's order of `productId`. @throws on failure. */
export async function clientSecretFor(app: FastifyInstance, buyer: TestUser, productId: string) {
  const response = await createIntent(app, buyer, productId);
  if (response.statusCode !== 200) {
    throw new Error(`intent failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ clientSecret: string }>().clientSecret;
}

export function createPaymentMethod(
  app: FastifyInstance,
  buyer: TestUser,
  body: Record<string, unknown>,
) {
  return app.inject({
    method: 'POST',
    url: '/api/sandbox/payment-methods',
    headers: bearer(buyer.token),
    payload: body,
  });
}

/** The payment method id of a valid card number. @throws on failure. */
export async function paymentMethodFor(app: FastifyInstance, buyer: TestUser, number: string) {
  const response = await createPaymentMethod(app, buyer, card(number));
  if (response.statusCode !== 200) {
    throw new Error(`payment method failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ id: string }>().id;
}

export function confirm(
  app: FastifyInstance,
  buyer: TestUser,
  clientSecret: string,
  paymentMethod: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/sandbox/payment-intents/${paymentIntentIdOf(clientSecret)}/confirm`,
    headers: bearer(buyer.token),
    payload: { client_secret: clientSecret, payment_method: paymentMethod },
  });
}

/** `POST /api/payments` as the spec's page sends it. */
export function recordPayment(
  app: FastifyInstance,
  buyer: TestUser,
  body: { orderId: string; transactionId: string; product_id: string; price?: number },
) {
  return app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: bearer(buyer.token),
    payload: { price: 8500, email: buyer.email, ...body },
  });
}
