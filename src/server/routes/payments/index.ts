/**
 * Card payment calls (docs/product.md §2 Payment page, §4 Payment flow, §7; decision 0005):
 * provider config, payment intents, recording a payment, the sandbox provider's Stripe-like
 * card endpoints, and Stripe's webhook. An order becomes paid only after the server has checked
 * with the provider (`app.payments`) that the intent succeeded for that order and amount; the
 * sale itself is one transaction (src/server/payments/sale.ts).
 */
import { verifiedStripeEvent } from '../../payments/stripe-webhook.js';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmSandboxPaymentIntentContract,
  createPaymentContract,
  createPaymentIntentContract,
  createSandboxPaymentMethodContract,
  effectiveListingStatus,
  listingState,
  listingStates,
  listingTexts,
  paymentConfigContract,
  stripeWebhookContract,
} from '#contract/index.js';
import { requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { errorBody } from '../../plugins/error-handler.js';
import { isLostSale, recordVerifiedPayment } from '../../payments/record-payment.js';
import type { OnRecorded, SaleOutcome } from '../../payments/sale.js';
import { queuePaymentMails } from '../../notifications/payment-mails.js';
import { confirmSandboxIntent } from '../../payments/sandbox.js';
import { createSandboxPaymentMethod } from '../../payments/sandbox-cards.js';
import { findBuyerOrderPayment, findOrderToPay } from '../../payments/repository.js';

const declinedMessage =
  'This booking was declined by the seller or cancelled; it can no longer be paid';
const notThisOrder = 'body.transactionId is not a payment of this order';
const tags = ['payments'];
const asBuyer = { tags, access: { role: 'buyer' } satisfies RouteAccess };

/** The receipt and the seller's notice, queued in the sale's transaction. */
const paymentMails =
  (app: FastifyInstance): OnRecorded =>
  (tx, recorded) =>
    queuePaymentMails(app, tx, recorded);

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRecorded = paymentMails(app);
  app.route({
    ...route(paymentConfigContract, { tags }),
    handler: async () => ({
      provider: app.payments.name,
      release_days: app.config.protectedPayments.releaseDays,
      ...(app.payments.publishableKey ? { publishableKey: app.payments.publishableKey } : {}),
    }),
  });

  app.route({
    ...route(createPaymentIntentContract, asBuyer),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const { productId } = request.params;
      const order = await findOrderToPay(app.db, me.id, productId);
      if (!order) throw httpError(404, 'No order found for this product');
      if (order.paid) throw httpError(409, 'This order is already paid');
      if (order.declinedAt) throw httpError(409, declinedMessage);
      // Decisions 0027 and 0053: the listing's state decides whether an earlier booking may pay,
      // and a reservation an accepted offer holds lets only its own order pay.
      const record = listingState(
        effectiveListingStatus(order.productStatus, order.productDeletedAt !== null),
      );
      if (!record.purchasable) throw httpError(409, record.refusal.payment!);
      if (order.reservedOrderId !== null && order.reservedOrderId !== order.id) {
        throw httpError(409, listingTexts.reservedForAnotherBuyer);
      }
      // A provider failure propagates: the error handler answers 502.
      const intent = await app.payments.createIntent({
        orderId: order.id,
        productId,
        amountCents: order.priceCents,
      });
      return { clientSecret: intent.clientSecret };
    },
  });

  app.route({
    ...route(createPaymentContract, asBuyer),
    handler: async (request) => {
      const me = requireCallerRecord(request);
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
      // The provider is the source of truth about money (decision 0005), never the browser.
      const intent = await app.payments.retrieveIntent(transactionId);
      // A viewing deposit's hold is never the payment of an order.
      if (!intent || intent.orderId !== order.id || intent.kind !== 'payment') {
        throw httpError(400, notThisOrder);
      }
      if (intent.currency !== 'usd' || intent.amountCents !== order.priceCents) {
        throw httpError(400, 'body.transactionId is a payment of another amount than the order');
      }
      if (intent.status !== 'succeeded') throw httpError(409, 'The payment has not succeeded');

      const outcome = await recordVerifiedPayment(
        { db: app.db, payments: app.payments, log: request.log, onRecorded },
        { orderId: order.id, transactionId, amountCents: intent.amountCents },
      );
      if (outcome.kind !== 'recorded') throw saleError(outcome);
      return { acknowledged: true as const, insertedId: outcome.paymentId };
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
    case 'order-closed':
      return httpError(409, declinedMessage);
    case 'product-unavailable':
      return httpError(409, listingStates.sold.refusal.payment);
  }
}

/** The sandbox provider's Stripe.js mirror: create a card payment method, confirm an intent. */
const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const asSandboxBuyer = { ...asBuyer, tags: ['payments', 'sandbox'] };

  app.route({
    ...route(createSandboxPaymentMethodContract, asSandboxBuyer),
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
    ...route(confirmSandboxPaymentIntentContract, asSandboxBuyer),
    handler: async (request) => {
      const outcome = await confirmSandboxIntent(
        app.db,
        {
          intentId: request.params.id,
          clientSecret: request.body.client_secret,
          paymentMethod: request.body.payment_method,
          buyerId: requireCallerRecord(request).id,
        },
        paymentMails(app),
      );
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
 * `payment_intent.succeeded` records the payment as POST /api/payments does
 * (recordVerifiedPayment: idempotent, a lost sale refunded). Other events are acknowledged and
 * ignored.
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod<{ webhookSecret: string }> = async (
  app,
  options,
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.route({
    // Stripe's events are bigger than an anonymous form (the app's 1 MiB).
    ...route(stripeWebhookContract, { tags: ['payments', 'stripe'], bodyLimit: 1024 * 1024 }),
    handler: async (request) => {
      const event = verifiedStripeEvent(request, options.webhookSecret);
      if (event.type !== 'payment_intent.succeeded') return { received: true as const };

      const intent = event.data.object;
      // A captured viewing deposit is the seller's, not the payment of the order.
      if (intent.metadata?.kind === 'deposit' || intent.capture_method === 'manual') {
        return { received: true as const };
      }
      const orderId = intent.metadata?.orderId;
      if (!orderId || !/^[0-9a-f-]{36}$/i.test(orderId) || intent.currency !== 'usd') {
        request.log.warn({ intent: intent.id }, 'succeeded intent without a valid order link');
        return { received: true as const };
      }
      const outcome = await recordVerifiedPayment(
        { db: app.db, payments: app.payments, log: request.log, onRecorded: paymentMails(app) },
        { orderId, transactionId: intent.id, amountCents: intent.amount },
      );
      if (outcome.kind !== 'recorded' && !isLostSale(outcome)) {
        request.log.warn({ intent: intent.id, outcome: outcome.kind }, 'intent not recorded');
      }
      return { received: true as const };
    },
  });
};
