/**
 * Card payment calls (issue 5; spec §2 Payment page, §4 Payment flow, §7; DESIGN.md §5):
 * provider config, payment intents, recording a payment, the sandbox provider's Stripe-like
 * card endpoints, and Stripe's webhook. An order becomes paid only after the server has checked
 * with the provider (`app.payments`) that the intent succeeded for that order and amount; the
 * sale itself is one transaction (src/server/payments/sale.ts).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import {
  confirmSandboxPaymentIntentContract,
  createPaymentContract,
  createPaymentIntentContract,
  createSandboxPaymentMethodContract,
  paymentConfigContract,
  stripeWebhookContract,
} from '../../../contract/index.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { errorBody } from '../../plugins/error-handler.js';
import { PaymentProviderError } from '../../payments/provider.js';
import { completeSale, type SaleOutcome } from '../../payments/sale.js';
import { confirmSandboxIntent } from '../../payments/sandbox.js';
import { createSandboxPaymentMethod } from '../../payments/sandbox-cards.js';
import { findBuyerOrderPayment, findOrderToPay } from './repository.js';

const soldMessage = 'This product has already been sold';
const notThisOrder = 'body.transactionId is not a payment of this order';

/** Answers 502 when the provider fails (the error handler would make it a bare 500). */
async function viaProvider<T>(
  reply: FastifyReply,
  action: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false }> {
  try {
    return { ok: true, value: await action() };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    reply.log.error({ err: error }, 'payment provider failed');
    await reply
      .code(502)
      .send(errorBody(502, 'The payment provider is unavailable right now; please try again.'));
    return { ok: false };
  }
}

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const asBuyer = [app.authenticate, app.requireRole('buyer')];

  app.route({
    ...route(paymentConfigContract, ['payments']),
    handler: async () => ({
      provider: app.payments.name,
      ...(app.payments.publishableKey ? { publishableKey: app.payments.publishableKey } : {}),
    }),
  });

  app.route({
    ...route(createPaymentIntentContract, ['payments']),
    preHandler: asBuyer,
    handler: async (request, reply) => {
      const me = request.caller!.record!;
      const { productId } = request.params;
      const order = await findOrderToPay(app.db, me.id, productId);
      if (!order) throw httpError(404, 'No order found for this product');
      if (order.paid) throw httpError(409, 'This order is already paid');
      if (order.productSold || order.productDeletedAt) throw httpError(409, soldMessage);
      const created = await viaProvider(reply, () =>
        app.payments.createIntent({ orderId: order.id, productId, amountCents: order.priceCents }),
      );
      if (!created.ok) return reply;
      return { clientSecret: created.value.clientSecret };
    },
  });

  app.route({
    ...route(createPaymentContract, ['payments']),
    preHandler: asBuyer,
    handler: async (request, reply) => {
      const me = request.caller!.record!;
      const { orderId, transactionId, product_id } = request.body;
      const order = await findBuyerOrderPayment(app.db, me.id, orderId);
      if (!order) throw httpError(404, 'No order found');
      if (order.productId !== product_id) {
        throw httpError(400, "body.product_id is not this order's product");
      }
      if (order.paymentId) {
        // A replay answers the stored record; another transaction for a paid order is refused.
        if (order.transactionId === transactionId) {
          return { acknowledged: true as const, insertedId: order.paymentId };
        }
        throw httpError(409, 'This order is already paid');
      }
      const checked = await viaProvider(reply, () => app.payments.retrieveIntent(transactionId));
      if (!checked.ok) return reply;
      const intent = checked.value;
      if (!intent || intent.orderId !== order.id) throw httpError(400, notThisOrder);
      if (intent.currency !== 'usd' || intent.amountCents !== order.priceCents) {
        throw httpError(400, 'body.transactionId is a payment of another amount than the order');
      }
      if (intent.status !== 'succeeded') throw httpError(409, 'The payment has not succeeded');

      const outcome = await completeSale(app.db, {
        orderId: order.id,
        transactionId,
        amountCents: intent.amountCents,
      });
      if (outcome.kind === 'recorded') {
        return { acknowledged: true as const, insertedId: outcome.paymentId };
      }
      if (outcome.kind === 'product-unavailable' || outcome.kind === 'order-already-paid') {
        // The buyer was charged but lost the sale: give the money back (Stripe refund).
        const released = await viaProvider(reply, () => app.payments.releaseIntent(transactionId));
        if (!released.ok) return reply;
      }
      throw saleError(outcome);
    },
  });

  if (app.config.payments.provider === 'sandbox') await app.register(sandboxRoutes);
  const settings = app.config.payments;
  if (settings.provider === 'stripe' && settings.webhookSecret) {
    await app.register(stripeWebhookRoutes, { webhookSecret: settings.webhookSecret });
  }
};

/** The HTTP error of a sale that was not recorded. */
function saleError(outcome: Exclude<SaleOutcome, { kind: 'recorded' }>) {
  switch (outcome.kind) {
    case 'order-not-found':
      return httpError(404, 'No order found');
    case 'foreign-transaction':
      return httpError(400, notThisOrder);
    case 'amount-mismatch':
      return httpError(400, 'body.transactionId is a payment of another amount than the order');
    case 'order-already-paid':
      return httpError(409, 'This order is already paid');
    case 'product-unavailable':
      return httpError(409, soldMessage);
  }
}

/** The sandbox provider's Stripe.js mirror: create a card payment method, confirm an intent. */
const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const asBuyer = [app.authenticate, app.requireRole('buyer')];

  app.route({
    ...route(createSandboxPaymentMethodContract, ['payments', 'sandbox']),
    preHandler: asBuyer,
    handler: async (request, reply) => {
      const result = createSandboxPaymentMethod(request.body);
      if ('error' in result) {
        const { message, code, param } = result.error;
        return reply
          .code(400)
          .send({ ...errorBody(400, message), type: 'card_error' as const, code, param });
      }
      return { id: result.paymentMethod, card: { brand: result.brand, last4: result.last4 } };
    },
  });

  app.route({
    ...route(confirmSandboxPaymentIntentContract, ['payments', 'sandbox']),
    preHandler: asBuyer,
    handler: async (request) => {
      const outcome = await confirmSandboxIntent(app.db, {
        intentId: request.params.id,
        clientSecret: request.body.client_secret,
        paymentMethod: request.body.payment_method,
        buyerId: request.caller!.record!.id,
      });
      switch (outcome.kind) {
        case 'intent':
          return outcome.intent;
        case 'not-found':
          throw httpError(404, `No such payment_intent: '${request.params.id}'`);
        case 'bad-secret':
          throw httpError(400, 'body.client_secret does not match this payment intent');
        case 'unknown-payment-method':
          throw httpError(400, `body.payment_method: No such PaymentMethod`);
        case 'canceled':
          throw httpError(409, 'This payment was canceled; the product is no longer for sale');
        case 'conflict':
          throw httpError(409, outcome.message);
      }
    },
  });
};

/**
 * `POST /api/stripe/webhook`, in its own context so that only this route reads the raw body
 * (Stripe signs the exact bytes: https://docs.stripe.com/webhooks#verify-events).
 * `payment_intent.succeeded` completes the sale idempotently; a sale lost to another buyer is
 * refunded. Other events are acknowledged and ignored.
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod<{ webhookSecret: string }> = async (
  app,
  options,
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.route({
    ...route(stripeWebhookContract, ['payments', 'stripe']),
    handler: async (request) => {
      const signature = request.headers['stripe-signature'];
      const body = request.body;
      if (typeof signature !== 'string' || !Buffer.isBuffer(body)) {
        throw httpError(400, 'headers.stripe-signature and a raw JSON body are required');
      }
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(body, signature, options.webhookSecret);
      } catch {
        throw httpError(400, 'headers.stripe-signature is not a valid Stripe signature');
      }
      if (event.type !== 'payment_intent.succeeded') return { received: true as const };

      const intent = event.data.object;
      const orderId = intent.metadata?.orderId;
      if (!orderId || !/^[0-9a-f-]{36}$/i.test(orderId) || intent.currency !== 'usd') {
        request.log.warn({ intent: intent.id }, 'succeeded intent without a valid order link');
        return { received: true as const };
      }
      const outcome = await completeSale(app.db, {
        orderId,
        transactionId: intent.id,
        amountCents: intent.amount,
      });
      if (outcome.kind === 'product-unavailable' || outcome.kind === 'order-already-paid') {
        request.log.warn({ intent: intent.id, outcome: outcome.kind }, 'refunding a lost sale');
        await app.payments.releaseIntent(intent.id);
      } else if (outcome.kind !== 'recorded') {
        request.log.warn({ intent: intent.id, outcome: outcome.kind }, 'intent not recorded');
      }
      return { received: true as const };
    },
  });
};
