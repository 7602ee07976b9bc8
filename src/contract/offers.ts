/**
 * Offers and counter-offers on a listing (decision 0034, with the state diagram). A signed-in
 * buyer offers less than the asking price; the seller accepts, declines or counters; the buyer
 * accepts or declines a counter, or withdraws. An open offer lapses after 48 hours. Accepting
 * creates the buyer's order at the agreed price, so the payment charges that price. Amounts are
 * US dollars with at most two decimals, stored as cents (decision 0003).
 */
import { singleLineMessage, singleLinePattern } from './text.js';
import { z } from 'zod';
import { idSchema } from './entities.js';
import { errorSchema } from './errors.js';
import { limits } from './limits.js';
import { priceSchema } from './selling.js';
import { offerStates, type OfferState } from './deal-states.js';
export { offerTexts } from './texts.js';

/** Where an offer stands: states, transitions and what each means are deal-states.ts. */
export { offerStates, type OfferState };

/** How long an offer, or a counter, stays open: 48 hours in milliseconds. */
export const offerOpenMs = 48 * 60 * 60 * 1000;

const amountSchema = priceSchema('Amount is required', 'Amount').describe('US dollars');

/** Body of `POST /api/offers`. */
export const newOfferSchema = z.object({
  product_id: idSchema,
  amount: amountSchema.describe('US dollars; more than 0 and below the asking price'),
  customer_phone: z
    .string({ message: 'customer_phone must be text' })
    .trim()
    .min(1, { message: 'Phone number is required' })
    .max(limits.phoneMax, { message: `must be at most ${limits.phoneMax} characters` })
    .regex(/^\+?[0-9 ()-]+$/, { message: 'must contain only digits, spaces, +, - and ()' })
    .optional()
    .describe('the phone number the order takes when the offer is accepted'),
  meeting_location: z
    .string({ message: 'meeting_location must be text' })
    .trim()
    .min(1, { message: 'Meeting location is required' })
    .max(limits.locationMax, { message: `must be at most ${limits.locationMax} characters` })
    .regex(singleLinePattern, { message: singleLineMessage })
    .optional()
    .describe('where to meet, for the order an acceptance creates'),
});

/** One offer as its buyer or the listing's seller sees it. */
export const offerSchema = z.object({
  _id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  product_image: z.string(),
  asking_price: z.number().describe('US dollars: the listing price now'),
  amount: z.number().describe("US dollars: the buyer's offer"),
  counter_amount: z.number().nullable().describe("US dollars: the seller's counter, if any"),
  status: z.enum(offerStates),
  expires_at: z.string().describe('ISO 8601: an open offer lapses then'),
  created_at: z.string().describe('ISO 8601'),
  order_id: z.string().nullable().describe('the order an accepted offer created'),
  role: z.enum(['buyer', 'seller']).describe("the caller's side"),
  other_party: z.string().describe("the other side's display name"),
});
export type Offer = z.infer<typeof offerSchema>;

const offerErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  503: errorSchema,
} as const;

export const createOfferContract = {
  method: 'POST',
  url: '/api/offers',
  summary:
    'Offers less than the asking price for a listing (buyer; decision 0034). 201 with the ' +
    "offer's id and status: `pending`, or `declined` at once when the seller set a minimum " +
    'the offer is below. 400 for an amount not below the asking price, 403 on your own listing, ' +
    '404 for an unknown listing, 409 when it is sold, reserved or off the market or you already ' +
    'have an open offer on it, 429 at the open-offer cap (OFFER_OPEN_MAX).',
  body: newOfferSchema,
  response: {
    201: z.object({
      offer_id: z.string(),
      status: z.enum(offerStates),
      message: z.string().nullable().describe('why the offer was declined at once, if it was'),
    }),
    429: errorSchema,
    ...offerErrors,
  },
} as const;

export const listOffersContract = {
  method: 'GET',
  url: '/api/offers',
  summary:
    "The caller's offers, newest first (decision 0034): `role=buyer` the offers they made (buyer " +
    'role), `role=seller` the offers on their listings (seller role).',
  querystring: z.object({
    role: z.enum(['buyer', 'seller'], { message: "role must be 'buyer' or 'seller'" }),
  }),
  response: { 200: z.array(offerSchema), ...offerErrors },
} as const;

export const updateOfferContract = {
  method: 'PATCH',
  url: '/api/offers/:id',
  summary:
    'Answers an offer (decision 0034). The seller: `accept`, `decline` or `counter` with ' +
    '`amount` (above the offer, at most the asking price) while it is pending. The buyer: ' +
    '`accept` or `decline` a counter, or `withdraw` while it is open. Accepting creates the ' +
    "buyer's order at the agreed price (`order_id`) and reserves the listing for them. 403 for " +
    "an action that is not your side's, 404 for an offer you are not party to, 409 in a state " +
    'where the action makes no sense (including an expired offer).',
  params: z.object({ id: idSchema }),
  body: z.discriminatedUnion(
    'action',
    [
      z.object({ action: z.literal('accept') }),
      z.object({ action: z.literal('decline') }),
      z.object({ action: z.literal('withdraw') }),
      z.object({ action: z.literal('counter'), amount: amountSchema }),
    ],
    { message: "action must be 'accept', 'decline', 'counter' or 'withdraw'" },
  ),
  response: {
    200: z.object({
      acknowledged: z.literal(true),
      modifiedCount: z.number().int(),
      order_id: z.string().nullable().describe('the order an acceptance created'),
    }),
    ...offerErrors,
  },
} as const;

/** Body of `PUT /api/product/{id}/offer-floor`. */
export const offerFloorContract = {
  method: 'PUT',
  url: '/api/product/:id/offer-floor',
  summary:
    'Sets or clears the lowest offer the seller wants to hear on one of their listings (seller; ' +
    'decision 0034). Never shown to buyers: a lower offer is declined at once with a polite ' +
    "message. `offer_floor` null clears it. 404 for another seller's listing.",
  params: z.object({ id: idSchema }),
  body: z.object({
    offer_floor: amountSchema.nullable().describe('US dollars, or null for none'),
  }),
  response: {
    200: z.object({ acknowledged: z.literal(true), modifiedCount: z.number().int() }),
    ...offerErrors,
  },
} as const;

export const getOfferFloorContract = {
  method: 'GET',
  url: '/api/product/:id/offer-floor',
  summary: 'The lowest offer the seller set on one of their listings (seller); null for none.',
  params: z.object({ id: idSchema }),
  response: {
    200: z.object({ offer_floor: z.number().nullable().describe('US dollars') }),
    ...offerErrors,
  },
} as const;
