/**
 * The refundable viewing deposit (decision 0020). A listing may ask for a deposit of
 * $0–$500; booking it creates a deposit that the buyer's card authorises without capture (a
 * PaymentIntent with `capture_method: manual`). The seller marks `Viewing happened` (the hold is
 * released) or `Buyer did not come` (captured for the seller); the buyer may dispute a capture
 * within 7 days and an admin decides; an untouched hold is released by a job after 6 days.
 * Amounts are US dollars here, converted exactly from stored cents (decision 0003).
 */
import { z } from 'zod';
import { depositStateRecords, depositStates } from './deal-states.js';
import { idSchema } from './entities.js';
import { errorSchema } from './errors.js';

/** The largest deposit a listing may ask for, in dollars. */
export const depositMaxDollars = 500;
/** How long after a capture the buyer may dispute it (ms): 7 days. */
export const depositDisputeWindowMs = 7 * 24 * 60 * 60 * 1000;
/**
 * How long an untouched hold stays before the job releases it (ms): 6 days, a day before the
 * card networks' 7-day authorisation window for online card payments closes
 * (https://docs.stripe.com/payments/place-a-hold-on-a-payment-method#auth-and-capture).
 */
export const depositAutoReleaseMs = 6 * 24 * 60 * 60 * 1000;
/** The longest dispute reason or decision note, in characters. */
export const depositNoteMax = 1000;

/** Where a deposit stands: states, transitions and what each means are deal-states.ts. */
export const depositStateValues = depositStates;
export type DepositStateValue = (typeof depositStateValues)[number];

/**
 * The listing's deposit field as the forms send it: whole dollars 0–500; absent = none (create)
 * or unchanged (edit).
 */
export const depositInputSchema = z
  .number({ message: 'Deposit must be a number' })
  .int({ message: 'Deposit must be whole dollars' })
  .min(0, { message: 'Deposit must be 0 or more' })
  .max(depositMaxDollars, { message: `Deposit must be at most $${depositMaxDollars}` })
  .optional()
  .describe('refundable viewing deposit in US dollars, 0 (none) to 500');

/** A booking's deposit as its buyer and seller see it. */
export const depositViewSchema = z.object({
  amount: z.number().describe('US dollars'),
  state: z.enum(depositStateValues),
  held_at: z.string().nullable().describe('when the card authorised it (ISO 8601)'),
  captured_at: z.string().nullable(),
  /** Until when the buyer may dispute a capture; null unless captured. */
  dispute_until: z.string().nullable(),
  /** When an untouched hold is released automatically; null unless held. */
  release_by: z.string().nullable(),
  dispute_reason: z.string().nullable(),
  decision_note: z.string().nullable(),
});
export type DepositView = z.infer<typeof depositViewSchema>;

/** Texts the SPA and mails show for each state (to the buyer). */
/** The buyer's words for each state (deal-states.ts's `buyerText`). */
export const depositStateTexts: Record<DepositStateValue, string> = Object.fromEntries(
  depositStates.map((state) => [state, depositStateRecords[state].buyerText]),
) as Record<DepositStateValue, string>;

export const depositTexts = {
  viewingHappened: 'Viewing happened',
  noShow: 'Buyer did not come',
  holdDeposit: 'Hold deposit',
  dispute: 'Dispute',
  released: 'Deposit released to the buyer.',
  captured: 'Deposit captured for you.',
  held: 'Deposit held on your card.',
  disputed: 'Dispute sent. An admin will decide.',
} as const;

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  502: errorSchema.describe('the payment provider failed; the call can be repeated'),
  503: errorSchema,
} as const;

const orderParams = z.object({ id: idSchema });
const changedSchema = z.object({
  changed: z.boolean().describe('false when the deposit was already in that state (a repeat)'),
  deposit: depositViewSchema,
});

export const createDepositHoldContract = {
  method: 'POST',
  url: '/api/order/:id/deposit/hold',
  summary:
    "Creates (or reuses) the hold of the deposit of one of the caller's open bookings " +
    '(buyer): a PaymentIntent with capture_method manual for the listing’s deposit in cents, ' +
    'read from the database. The page confirms it with the card, then calls …/deposit/confirm. ' +
    '404 for another buyer’s order or a booking without deposit; 409 when it is no longer ' +
    'awaiting a card.',
  params: orderParams,
  response: {
    200: z.object({
      clientSecret: z.string(),
      amount: z.number().describe('US dollars'),
    }),
    ...errors,
  },
} as const;

export const confirmDepositHoldContract = {
  method: 'POST',
  url: '/api/order/:id/deposit/confirm',
  summary:
    'Marks the deposit held once the provider reports its intent `requires_capture` ' +
    '(buyer). Idempotent. 409 while the card has not authorised it.',
  params: orderParams,
  response: { 200: changedSchema, ...errors },
} as const;

/** What the seller says happened at the viewing. */
export const depositOutcomes = ['viewing_happened', 'no_show'] as const;

export const markDepositContract = {
  method: 'POST',
  url: '/api/order/:id/deposit/outcome',
  summary:
    "The seller's mark on a held deposit (seller): `viewing_happened` releases the " +
    'hold, `no_show` captures it for the seller (not once the order is paid). Repeating the same ' +
    'mark answers changed false; a different mark after the first (or a concurrent one that ' +
    "lost) is 409. 404 for another seller's order.",
  params: orderParams,
  body: z.object({
    outcome: z.enum(depositOutcomes, {
      message: `outcome must be one of ${depositOutcomes.join(', ')}`,
    }),
  }),
  response: { 200: changedSchema, ...errors },
} as const;

export const disputeDepositContract = {
  method: 'POST',
  url: '/api/order/:id/deposit/dispute',
  summary:
    'Disputes a captured deposit within 7 days of the capture (buyer); an admin ' +
    'decides. A repeat answers changed false; 409 after the window or in another state.',
  params: orderParams,
  body: z.object({
    reason: z
      .string({ message: 'reason is required' })
      .trim()
      .min(1, { message: 'reason is required' })
      .max(depositNoteMax, { message: `reason must be at most ${depositNoteMax} characters` }),
  }),
  response: { 200: changedSchema, ...errors },
} as const;

/** A disputed deposit as the admin sees it. */
export const depositDisputeSchema = z.object({
  order_id: z.string(),
  product_name: z.string(),
  amount: z.number().describe('US dollars'),
  state: z.enum(depositStateValues),
  buyer_name: z.string(),
  buyer_email: z.string(),
  seller_name: z.string(),
  seller_email: z.string(),
  captured_at: z.string().nullable(),
  disputed_at: z.string().nullable(),
  dispute_reason: z.string().nullable(),
});
export type DepositDispute = z.infer<typeof depositDisputeSchema>;

export const listDepositDisputesContract = {
  method: 'GET',
  url: '/api/deposit-disputes',
  summary: 'Deposits disputed by their buyer and waiting for a decision, oldest first (admin)',
  response: { 200: z.array(depositDisputeSchema), ...errors },
} as const;

export const decideDepositDisputeContract = {
  method: 'POST',
  url: '/api/deposit-disputes/:id/decision',
  summary:
    'Decides a disputed deposit of the order `id` (admin): `refund` gives it back to ' +
    'the buyer, `keep` leaves it with the seller. Audit-logged. A repeat of the same decision ' +
    'answers changed false; another decision after it is 409.',
  params: orderParams,
  body: z.object({
    decision: z.enum(['refund', 'keep'], { message: 'decision must be refund or keep' }),
    note: z
      .string()
      .trim()
      .max(depositNoteMax, { message: `note must be at most ${depositNoteMax} characters` })
      .optional(),
  }),
  response: { 200: changedSchema, ...errors },
} as const;
