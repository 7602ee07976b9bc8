/**
 * Card payment calls (docs/product.md §2 Payment page, §3 Payment record, §4 Payment flow, §7;
 * decision 0005). The flow is Stripe's PaymentIntent flow whatever the provider:
 *
 * 1. `GET /api/payment-config` → which provider the page loads (`sandbox` or `stripe` with its
 *    publishable key).
 * 2. `POST /api/create-payment-intent/{productId}` → `{clientSecret}` for the caller's open order
 *    of that product; the amount is the order's price in cents, currency usd.
 * 3. The page creates a card payment method and confirms the intent with the client secret:
 *    with Stripe.js against Stripe, or with the sandbox's mirror endpoints below.
 * 4. On status `succeeded`, `POST /api/payments` → `{insertedId}`; the server checks with the
 *    provider that the intent succeeded for this order and amount before recording anything.
 *
 * Sandbox amounts (`amount`) are integer cents, as in Stripe's API; spec-named prices (`price`)
 * are US dollars.
 */
import { z } from 'zod';
import { idSchema } from './entities.js';
import { errorSchema } from './errors.js';

/** docs/product.md §8 texts of the payment page. */
export const paymentTexts = {
  paid: 'Congrats! your payment completed',
  orderPlaced: 'Your Order Successfully Placed',
  /** Replaces the spec's "Product Shipped Soon" (docs/spec-deviations.md): a car is handed over. */
  nextSteps:
    'What happens next: meet the seller, check the car, then give the seller your handover code from My Orders. Second Gear holds your money until then.',
  noOrder: 'No order found',
} as const;

/** A PaymentIntent id as Stripe and the sandbox make them, e.g. `pi_3Mtw…`. */
export const paymentIntentIdSchema = z
  .string()
  .min(4)
  .max(255)
  .regex(/^pi_[A-Za-z0-9_]+$/, { message: 'must be a payment intent id (pi_…)' });

const guardedErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  503: errorSchema,
} as const;

export const paymentConfigContract = {
  method: 'GET',
  url: '/api/payment-config',
  summary: 'Which payment provider the payment page loads (public)',
  response: {
    200: z.object({
      provider: z.enum(['sandbox', 'stripe']),
      publishableKey: z.string().optional().describe('Stripe only: the pk_… key for Stripe.js'),
      release_days: z
        .number()
        .int()
        .describe('days held money waits for the handover before it goes to the seller'),
    }),
  },
} as const;

export const createPaymentIntentContract = {
  method: 'POST',
  url: '/api/create-payment-intent/:productId',
  summary:
    "A payment intent for the caller's open order of the product (buyer; docs/product.md §7). Amount: the " +
    'order price in cents, currency usd; a body is ignored. Repeating the call answers the same ' +
    'unpaid intent. 404 without an open order, 409 when the product is sold or deleted.',
  params: z.object({ productId: idSchema }),
  response: {
    200: z.object({
      clientSecret: z.string().describe('pi_…_secret_…; the intent id is the part before _secret_'),
    }),
    ...guardedErrors,
    502: errorSchema,
  },
} as const;

/** Body of `POST /api/payments` (docs/product.md §3 Payment record, as the spec's page sends it). */
export const newPaymentSchema = z.object({
  price: z
    .number({ message: 'must be a number' })
    .nonnegative()
    .describe('US dollars; ignored: the amount comes from the order'),
  transactionId: paymentIntentIdSchema.describe('the succeeded payment intent'),
  email: z.string().max(254).describe("ignored: the order's customer email is recorded"),
  orderId: idSchema,
  product_id: idSchema.describe("must be the order's product"),
});
export type NewPayment = z.infer<typeof newPaymentSchema>;

export const createPaymentContract = {
  method: 'POST',
  url: '/api/payments',
  summary:
    'Records a payment once the provider confirms the intent succeeded for this order and ' +
    'amount (buyer; docs/product.md §7). Order paid, product sold and unpromoted, payment stored: one ' +
    'transaction. A replay answers the same insertedId. 400 for a transactionId that is not a ' +
    "payment of this order (or of another amount), 404 for another buyer's order, 409 when the " +
    'payment has not succeeded, the order is paid by another payment, or the product is sold.',
  body: newPaymentSchema,
  response: {
    200: z.object({ acknowledged: z.literal(true), insertedId: z.string() }),
    ...guardedErrors,
    502: errorSchema,
  },
} as const;

/** A card error in Stripe's shape (Stripe API errors: type, code, decline_code, message). */
export const cardErrorSchema = z.object({
  type: z.literal('card_error'),
  code: z.string().describe('e.g. card_declined, expired_card, incorrect_cvc, invalid_number'),
  decline_code: z.string().optional().describe('e.g. generic_decline, insufficient_funds'),
  param: z.string().optional().describe('the card field at fault, e.g. number, exp_year, cvc'),
  message: z.string().describe("Stripe's customer-facing text, e.g. Your card was declined."),
});
export type CardError = z.infer<typeof cardErrorSchema>;

/** An error answer that is also a Stripe-like card error (400 from the sandbox card form). */
export const cardErrorAnswerSchema = errorSchema.extend({
  type: z.literal('card_error'),
  code: z.string(),
  param: z.string().optional(),
});

/** Body of the sandbox's `POST /api/sandbox/payment-methods` (Stripe's card element fields). */
export const sandboxCardSchema = z.object({
  number: z.string().max(40).describe('card number; spaces allowed'),
  exp_month: z.coerce.number({ message: 'must be a number' }).int(),
  exp_year: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .describe('two or four digits, e.g. 34 or 2034'),
  cvc: z.string().max(10),
  postal_code: z.string().max(20).optional(),
});
export type SandboxCard = z.infer<typeof sandboxCardSchema>;

export const createSandboxPaymentMethodContract = {
  method: 'POST',
  url: '/api/sandbox/payment-methods',
  summary:
    "Sandbox provider: Stripe's createPaymentMethod for a card (buyer). Checks the number (Luhn), " +
    "expiry and CVC as Stripe's card element does; answers one of Stripe's test PaymentMethod " +
    'ids (pm_card_visa, pm_card_chargeDeclined, …) or a 400 card error.',
  body: sandboxCardSchema,
  response: {
    200: z.object({
      id: z.string().describe('pm_…'),
      card: z.object({ brand: z.string(), last4: z.string() }),
    }),
    400: cardErrorAnswerSchema.or(errorSchema),
    401: errorSchema,
    403: errorSchema,
  },
} as const;

/** A sandbox PaymentIntent as Stripe shows one to the browser (amount in cents). */
export const sandboxPaymentIntentSchema = z.object({
  id: z.string(),
  object: z.literal('payment_intent'),
  status: z
    .enum([
      'requires_payment_method',
      'requires_confirmation',
      'processing',
      'requires_capture',
      'succeeded',
      'canceled',
    ])
    .describe('`requires_capture`: a viewing deposit authorised, not taken'),
  amount: z.number().int().describe('cents'),
  currency: z.string(),
  last_payment_error: cardErrorSchema
    .optional()
    .describe('why the last confirmation failed (status requires_payment_method)'),
});

export const confirmSandboxPaymentIntentContract = {
  method: 'POST',
  url: '/api/sandbox/payment-intents/:id/confirm',
  summary:
    "Sandbox provider: Stripe's confirmCardPayment (buyer, own order). A succeeded card pays the " +
    'order at once (order paid, product sold, payment stored, in the same transaction that checks ' +
    'the product is unsold); a declined card leaves the intent requires_payment_method with ' +
    'last_payment_error. 409 when the product was sold meanwhile (nothing is charged).',
  params: z.object({ id: paymentIntentIdSchema }),
  body: z.object({
    client_secret: z.string().max(300),
    payment_method: z
      .string()
      .max(200)
      .regex(/^pm_[A-Za-z0-9_]+$/, {
        message: 'must be a payment method id (pm_…)',
      }),
  }),
  response: { 200: sandboxPaymentIntentSchema, ...guardedErrors },
} as const;

export const stripeWebhookContract = {
  method: 'POST',
  url: '/api/stripe/webhook',
  summary:
    'Stripe provider: Stripe events, signature checked (Stripe-Signature). payment_intent.succeeded ' +
    'completes the sale as POST /api/payments does, idempotently; 502 when refunding a lost sale ' +
    'failed (Stripe retries).',
  response: {
    200: z.object({ received: z.literal(true) }),
    400: errorSchema,
    502: errorSchema,
    503: errorSchema,
  },
} as const;

/**
 * What the payment page says before Pay (decision 0042): who holds the money, when the seller
 * gets it, how to get it back.
 */
export function protectionText(releaseDays: number): string {
  return (
    `Protected payment: Second Gear holds your money, not the seller. The seller gets it when ` +
    `you give them your handover code after checking the car, or ${releaseDays} days after ` +
    `payment unless you open a dispute. Until then you can ask for a refund in My Orders.`
  );
}
