/**
 * Protected payment (decision 0042): paying for an order charges the buyer's card and the money
 * is held for Second Gear until the handover. The buyer gives the seller a 6-digit handover code
 * at the handover; the seller enters it and the money goes to the seller's payout account.
 * Before that either side may refund it to the buyer (the listing goes back on the market) or
 * dispute it (an admin decides). Held money nobody acts on is released to the seller
 * `PAYMENT_RELEASE_DAYS` (default 14) days after payment unless disputed. Amounts are US
 * dollars, converted exactly from stored cents (decision 0003).
 */
import { z } from 'zod';
import { idSchema } from './entities.js';
import { errorSchema } from './errors.js';

export const paymentStatuses = ['held', 'released', 'refunded', 'disputed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Wrong handover codes that lock an order, and for how long (ms). */
export const handoverCodeAttempts = 5;
export const handoverLockMs = 60 * 60 * 1000;
/** The longest refund or dispute reason and decision note, in characters. */
export const paymentReasonMax = 1000;

/** A protected payment as the order's buyer and seller see it. */
export const paymentViewSchema = z.object({
  status: z.enum(paymentStatuses),
  amount: z.number().describe('US dollars'),
  held_at: z.string().describe('when the card was charged and the money held (ISO 8601)'),
  released_at: z.string().nullable().describe('when it went to the seller'),
  refunded_at: z.string().nullable().describe('when it went back to the buyer'),
  release_by: z
    .string()
    .nullable()
    .describe('when held money is released to the seller if nobody acts (null unless held)'),
  awaiting_payout: z
    .boolean()
    .describe('the handover is confirmed; the release waits for the seller’s payout details'),
  dispute_reason: z.string().nullable(),
  decision_note: z.string().nullable().describe("an admin's note on a decided dispute"),
  bill_of_sale_sha256: z
    .string()
    .nullable()
    .describe(
      'SHA-256 (hex) of the bill of sale PDF made on release (`GET /api/order/{id}/bill-of-sale`); ' +
        'null before release',
    ),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

/** Texts the pages, mails and errors share. */
export const protectedPaymentTexts = {
  wrongCode: 'body.handover_code is not the buyer’s handover code',
  locked: 'Too many wrong handover codes: this order is locked for an hour',
  notSeller: 'Only the seller of this order enters the handover code',
  notParty: 'Only the buyer or the seller of this order can do this',
  notHeld: 'This payment is no longer held',
  disputed: 'This payment is disputed: an admin decides',
  noPayment: 'This order has no protected payment',
  needsPayout: 'Add your payout details so the money can be sent to you',
  billBeforeRelease: 'The bill of sale exists once the payment is released',
} as const;

const orderParams = z.object({ id: idSchema });
const reasonSchema = z
  .string({ message: 'reason is required' })
  .trim()
  .min(1, { message: 'reason is required' })
  .max(paymentReasonMax, { message: `reason must be at most ${paymentReasonMax} characters` });

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
} as const;

const changedPayment = z.object({
  changed: z.boolean().describe('false when this call found the move already made'),
  payment: paymentViewSchema,
});

export const releasePaymentContract = {
  method: 'POST',
  url: '/api/order/:id/payment/release',
  summary:
    "The order's seller enters the buyer's handover code: the held money goes to the seller's " +
    'payout account (or, without payout details yet, as soon as they are given). Wrong code 400; ' +
    'five wrong codes lock the order for an hour (429); the buyer 403; anyone else 404. A ' +
    'second release answers changed false and pays nothing.',
  params: orderParams,
  body: z.object({
    handover_code: z
      .string({ message: 'handover_code is required' })
      .trim()
      .regex(/^[0-9]{6}$/, { message: 'handover_code must be 6 digits' }),
  }),
  response: { 200: changedPayment, ...errors, 429: errorSchema },
} as const;

export const refundPaymentContract = {
  method: 'POST',
  url: '/api/order/:id/payment/refund',
  summary:
    'Before release, the buyer or the seller gives the whole amount back to the buyer’s card ' +
    'with a reason; the listing goes back on the market and both are mailed. 409 once released ' +
    'or disputed; a repeat answers changed false.',
  params: orderParams,
  body: z.object({ reason: reasonSchema }),
  response: { 200: changedPayment, ...errors },
} as const;

export const disputePaymentContract = {
  method: 'POST',
  url: '/api/order/:id/payment/dispute',
  summary:
    'Before release, the buyer or the seller asks an admin to decide; the automatic release ' +
    'stops. 409 once released or refunded; a repeat answers changed false.',
  params: orderParams,
  body: z.object({ reason: reasonSchema }),
  response: { 200: changedPayment, ...errors },
} as const;

export const paymentDisputeSchema = z.object({
  order_id: z.string(),
  product_name: z.string(),
  amount: z.number().describe('US dollars'),
  buyer_name: z.string(),
  buyer_email: z.string(),
  seller_name: z.string(),
  seller_email: z.string(),
  held_at: z.string(),
  disputed_at: z.string().nullable(),
  disputed_by: z.enum(['buyer', 'seller']),
  dispute_reason: z.string(),
});
export type PaymentDispute = z.infer<typeof paymentDisputeSchema>;

export const listPaymentDisputesContract = {
  method: 'GET',
  url: '/api/payment-disputes',
  summary: 'Protected payments disputed and waiting for a decision, oldest first (admin)',
  response: { 200: z.array(paymentDisputeSchema), ...errors },
} as const;

export const decidePaymentDisputeContract = {
  method: 'POST',
  url: '/api/payment-disputes/:id/decision',
  summary:
    'Decides the disputed payment of the order `id` (admin): `release` pays the seller, ' +
    '`refund` gives it back to the buyer. Audit-logged. 409 when not disputed.',
  params: orderParams,
  body: z.object({
    outcome: z.enum(['release', 'refund'], { message: 'outcome must be release or refund' }),
    note: z
      .string()
      .trim()
      .max(paymentReasonMax, { message: `note must be at most ${paymentReasonMax} characters` })
      .optional(),
  }),
  response: { 200: changedPayment, ...errors },
} as const;

export const getBillOfSaleContract = {
  method: 'GET',
  url: '/api/order/:id/bill-of-sale',
  summary:
    'The bill of sale of a released protected payment as a PDF (`application/pdf`, sent as an ' +
    'attachment): seller and buyer, the car (make, model, year, VIN, mileage), the price, the ' +
    'date, time and place of the handover, the order number and "sold as seen". The same bytes ' +
    'as mailed to both sides on release; their SHA-256 is the payment’s `bill_of_sale_sha256` ' +
    'and the `Repr-Digest` header (RFC 9530). The order’s buyer or seller, or an admin; a ' +
    'browser may use its session cookie, so a plain link downloads it. 409 before release; ' +
    '404 for anyone else.',
  params: orderParams,
  response: {
    200: z.string().describe('the PDF (application/pdf), binary'),
    401: errorSchema,
    403: errorSchema,
    404: errorSchema,
    409: errorSchema,
  },
} as const;

/** `GET /api/profile/payout`: whether the caller has payout details, never the full numbers. */
export const payoutViewSchema = z.object({
  has_payout: z.boolean().describe('released payments can be paid out to the caller now'),
  account_holder: z.string().nullable(),
  last4: z.string().nullable().describe('last four characters of the IBAN or account number'),
  method: z
    .enum(['bank_details', 'stripe_onboarding'])
    .describe(
      'how payout details are given here: bank details to `PUT /api/profile/payout` (sandbox), ' +
        'or Stripe Connect onboarding through `POST /api/profile/payout/onboarding` (Stripe)',
    ),
  onboarding: z
    .enum(['not_started', 'pending', 'complete'])
    .nullable()
    .describe(
      'Stripe only: not started, started but Stripe cannot pay out to the account yet, or ' +
        'complete; null with bank details',
    ),
});
export type PayoutView = z.infer<typeof payoutViewSchema>;

/** Texts of payout details. */
export const payoutTexts = {
  useOnboarding:
    'Payouts are set up with Stripe here: start with POST /api/profile/payout/onboarding',
  useBankDetails: 'Payouts need bank details here: PUT /api/profile/payout',
  onboardingDone: 'Your Stripe payout account is set up already',
} as const;

export const getPayoutContract = {
  method: 'GET',
  url: '/api/profile/payout',
  summary: "The caller's payout account: whether one is given, its holder and last four digits",
  response: { 200: payoutViewSchema, ...errors },
} as const;

export const startPayoutOnboardingContract = {
  method: 'POST',
  url: '/api/profile/payout/onboarding',
  summary:
    'With Stripe: a one-time link to Stripe Connect Express onboarding, where the caller gives ' +
    'their bank details to Stripe (the connected account is made on the first call). Stripe ' +
    'sends them back to the profile page; `GET /api/profile/payout` then reads whether the ' +
    'account can take transfers, and payments waiting for it are released. 409 with the ' +
    'sandbox (bank details go to `PUT /api/profile/payout`) and once onboarding is complete.',
  response: {
    200: z.object({
      url: z.string().describe("Stripe's onboarding page; open it at once, it works once"),
      expires_at: z.string().describe('when the link stops working (ISO 8601)'),
    }),
    ...errors,
  },
} as const;

const accountHolderSchema = z
  .string({ message: 'account_holder is required' })
  .trim()
  .min(1, { message: 'account_holder is required' })
  .max(140, { message: 'account_holder must be at most 140 characters' });

export const putPayoutContract = {
  method: 'PUT',
  url: '/api/profile/payout',
  summary:
    "Sets the caller's payout account: `{account_holder, iban}` (ISO 13616, checksum checked) " +
    'or `{account_holder, routing_number, account_number}` (US ABA routing checksum). Payments ' +
    'whose handover was confirmed while details were missing are released now. 409 with Stripe, ' +
    'whose sellers give their details to Stripe (`POST /api/profile/payout/onboarding`).',
  body: z.union([
    z.object({ account_holder: accountHolderSchema, iban: z.string().trim().max(64) }).strict(),
    z
      .object({
        account_holder: accountHolderSchema,
        routing_number: z.string().trim().max(16),
        account_number: z.string().trim().max(32),
      })
      .strict(),
  ]),
  response: { 200: payoutViewSchema, ...errors },
} as const;
