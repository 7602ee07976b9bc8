/**
 * Buying calls (docs/product.md §2 Category page and Buyer dashboard, §3 Order, §4, §7): book a
 * product, list the buyer's own orders, read one order, report a product. Every call needs the
 * buyer role. Prices are US dollars converted exactly from stored cents (decision 0003).
 */
import { singleLineMessage, singleLinePattern } from './text.js';
import { z } from 'zod';
import { bookingStates, type BookingState } from './deal-states.js';
import { reportBodySchema } from './accountability.js';
import { cursorSchema, pageLimitSchema } from './catalog.js';
import { depositViewSchema } from './deposits.js';
import { idSchema } from './entities.js';
import { errorSchema } from './errors.js';
import { limits } from './limits.js';
import { paymentViewSchema } from './protected-payments.js';

/** docs/product.md §5 "Booking" validation messages, word for word. */
export const bookingMessages = {
  phone: 'Phone number is required',
  meetingLocation: 'Meeting location is required',
} as const;

export { buyingTexts } from './texts.js';

export { viewingWindowDays } from './limits.js';

/**
 * A viewing time as the API takes it: ISO 8601 with a UTC offset (`2026-12-01T15:30:00+01:00` or
 * `…Z`). Whether it lies in the next `viewingWindowDays` days is checked by the server against
 * its clock (400 otherwise).
 */
export const viewingAtSchema = z.iso.datetime({
  offset: true,
  message: 'must be an ISO 8601 date and time with a UTC offset',
});

/** Where a viewing stands: `proposed` by one side until the other `confirmed` it. */
export const viewingStates = ['proposed', 'confirmed'] as const;

/** A booking's viewing time (decision 0034). */
export const viewingSchema = z.object({
  at: z.string().describe('ISO 8601, UTC'),
  status: z.enum(viewingStates),
  proposed_by: z.enum(['buyer', 'seller']).describe('only the other side may confirm'),
});
export type Viewing = z.infer<typeof viewingSchema>;

/**
 * Body of `POST /api/orders` as the spec's client sends it (docs/product.md §7: customer_info,
 * product_info, seller_info, order_status false). The server reads ONLY
 * `product_info.product_id`, `customer_info.customer_phone` and
 * `customer_info.meeting_location`; every other field (names, emails, uid, prices, seller
 * details, order_status) is accepted and ignored: the server fills it from the database and the
 * token (decision 0002).
 */
export const newOrderSchema = z.object({
  customer_info: z
    .object(
      {
        customer_phone: z
          .string({ message: bookingMessages.phone })
          .trim()
          .min(1, { message: bookingMessages.phone })
          .max(limits.phoneMax, { message: `must be at most ${limits.phoneMax} characters` })
          .regex(/^\+?[0-9 ()-]+$/, { message: 'must contain only digits, spaces, +, - and ()' }),
        meeting_location: z
          .string({ message: bookingMessages.meetingLocation })
          .trim()
          .min(1, { message: bookingMessages.meetingLocation })
          .max(limits.locationMax, {
            message: `must be at most ${limits.locationMax} characters`,
          })
          .regex(singleLinePattern, { message: singleLineMessage }),
      },
      { message: bookingMessages.phone },
    )
    .describe('only customer_phone and meeting_location are read'),
  product_info: z
    .object({ product_id: idSchema }, { message: 'product_info.product_id is required' })
    .describe('only product_id is read'),
  seller_info: z.unknown().optional().describe('ignored: filled from the database'),
  order_status: z.unknown().optional().describe('ignored: a new order is unpaid'),
  viewing_at: viewingAtSchema
    .optional()
    .describe(
      'a proposed viewing time, within the next 30 days (decision 0034); the seller confirms it',
    ),
});
export type NewOrder = z.infer<typeof newOrderSchema>;

/** Where a booking stands (deal-states.ts); the spec's `order_status` is `true` only for `paid`. */
export { bookingStates, type BookingState };

/** docs/product.md §3 Order, as its buyer sees it. `product_price` is US dollars. */
export const orderSchema = z.object({
  _id: z.string(),
  customer_info: z.object({
    customer_name: z.string(),
    customer_email: z.string(),
    customer_uid: z.string(),
    customer_phone: z.string(),
    meeting_location: z.string(),
  }),
  product_info: z.object({
    product_name: z.string(),
    product_image: z.string(),
    product_price: z.number().describe('US dollars, as booked'),
    product_id: z.string(),
    product_category: z.string(),
    product_category_id: z.string(),
  }),
  seller_info: z.object({
    seller_name: z.string(),
    seller_phone: z.string(),
    seller_email: z.string(),
    seller_uid: z.string(),
    seller_image: z.string(),
    seller_location: z.string(),
  }),
  order_status: z.boolean().describe('false at booking, true once paid'),
  // Beside the spec's fields:
  booked_at: z.string().describe('when the buyer booked (ISO 8601)'),
  booking_state: z
    .enum(bookingStates)
    .describe(
      '`open` (unpaid, payable), `paid`, `declined` by the seller or `cancelled` by the buyer',
    ),
  decline_message: z.string().nullable().describe("the seller's message with a decline"),
  reviewed: z.boolean().describe('the buyer has reviewed the seller for this order'),
  deposit: depositViewSchema
    .nullable()
    .describe('the viewing deposit of this booking; null when the listing asked none'),
  viewing: viewingSchema
    .nullable()
    .describe('the viewing time proposed or confirmed for this booking; null when none'),
  payment: paymentViewSchema
    .nullable()
    .describe('the protected payment (decision 0042); null before the order is paid'),
  handover_code: z
    .string()
    .nullable()
    .describe(
      'the 6 digits the buyer gives the seller at the handover: for the buyer only, while the ' +
        'payment is held; always null for the seller',
    ),
});
export type Order = z.infer<typeof orderSchema>;

/** The seller's message when declining a booking (optional, at most 500 characters). */
export const declineMessageMax = 500;

/** Booking texts the SPA and the mails show. */
export const bookingTexts = {
  declined: 'Booking declined. The buyer has been told.',
  cancelled: 'Booking cancelled.',
  declinedBySeller: 'Declined by the seller',
  noBookings: 'No bookings yet.',
} as const;

const buyerErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  503: errorSchema,
} as const;

const insertedOrderSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string().describe('the order id (`_id`)'),
});

export const createOrderContract = {
  method: 'POST',
  url: '/api/orders',
  summary:
    'Book a product (buyer; docs/product.md §2 booking modal, §7). 201 with the new order; 200 with the ' +
    "caller's existing open (unpaid) order of that product, unchanged. 409 when the product is " +
    'sold or deleted, 403 for your own listing, 404 for an unknown product.',
  body: newOrderSchema,
  response: {
    200: insertedOrderSchema,
    201: insertedOrderSchema,
    409: errorSchema,
    429: errorSchema.describe('the buyer is at a booking cap (open unpaid bookings, or per day)'),
    ...buyerErrors,
  },
} as const;

export const listOwnOrdersContract = {
  method: 'GET',
  url: '/api/orders',
  summary: "The caller's orders, newest first (buyer)",
  response: { 200: z.array(orderSchema), ...buyerErrors },
} as const;

export const getOrderContract = {
  method: 'GET',
  url: '/api/order/:id',
  summary: "One of the caller's orders (buyer); 404 for any other",
  params: z.object({ id: idSchema }),
  response: {
    200: z.object({ success: z.literal(true), data: orderSchema }),
    ...buyerErrors,
  },
} as const;

export const reportProductContract = {
  method: 'PATCH',
  url: '/api/report-product',
  summary:
    'Report a product (buyer; docs/product.md §7 PATCH /report-product made to work, docs/spec-deviations.md). Each ' +
    'buyer counts once per product: a repeat answers modifiedCount 0 and changes nothing. ' +
    '404 for an unknown or deleted product. DSA Art. 16: an optional JSON body ' +
    '`{reason, note}` names why (one of `reportReasons`) and adds a note of at most 1,000 ' +
    "characters; without a body (the spec's call) the reason is `Other`.",
  querystring: z.object({ id: idSchema }),
  body: reportBodySchema,
  response: {
    200: z.object({
      acknowledged: z.literal(true),
      modifiedCount: z.number().int().describe('1 when this report is new, 0 on a repeat'),
      reportCount: z.number().int().describe('how many buyers have reported the product'),
    }),
    ...buyerErrors,
  },
} as const;

const sellerErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  503: errorSchema,
} as const;

export const listSellerOrdersContract = {
  method: 'GET',
  url: '/api/seller-orders',
  summary:
    "Bookings of the caller's products, newest first (seller, Seller Dashboard " +
    "Bookings): the spec's Order shape with the buyer's contact. Paginated: `limit` 1–100 " +
    '(default 50) and `cursor` from the `x-next-cursor` header of the previous page.',
  querystring: z.object({ limit: pageLimitSchema(50, 100), cursor: cursorSchema.optional() }),
  response: { 200: z.array(orderSchema), ...sellerErrors },
} as const;

export const declineOrderContract = {
  method: 'PATCH',
  url: '/api/order/:id/decline',
  summary:
    "Declines an unpaid booking of one of the caller's products (seller): the buyer " +
    'is told by e-mail and the order can no longer be paid. `modifiedCount` 0 when it was ' +
    "already declined; 409 when it is paid or cancelled; 404 for another seller's order.",
  params: z.object({ id: idSchema }),
  body: z
    .object({
      message: z
        .string({ message: 'Message must be text' })
        .trim()
        .max(declineMessageMax, {
          message: `Message must be at most ${declineMessageMax} characters`,
        })
        .optional(),
    })
    .default({}),
  response: {
    200: z.object({ acknowledged: z.literal(true), modifiedCount: z.number().int() }),
    409: errorSchema,
    ...sellerErrors,
  },
} as const;

export const cancelOrderContract = {
  method: 'DELETE',
  url: '/api/order/:id',
  summary:
    "Cancels one of the caller's unpaid bookings (buyer): it leaves My Orders, the " +
    'seller is told and the product can be booked again. `deletedCount` 0 when it was already ' +
    "cancelled; 409 when it is paid; 404 for another buyer's order.",
  params: z.object({ id: idSchema }),
  response: {
    200: z.object({ acknowledged: z.literal(true), deletedCount: z.number().int() }),
    409: errorSchema,
    ...buyerErrors,
  },
} as const;

export const updateViewingContract = {
  method: 'PATCH',
  url: '/api/order/:id/viewing',
  summary:
    "Proposes a viewing time for a booking, or confirms the other side's proposal (the booking's " +
    'buyer or seller; decision 0034). `propose` sets `at` (within the next 30 days) as proposed by ' +
    "the caller's side; `confirm` is for the side that did not propose. A confirmed viewing is " +
    'e-mailed to both sides with an iCalendar invitation, and a reminder follows two hours ' +
    'before. 403 for anyone else; 409 when the booking is closed, nothing is proposed, or the ' +
    'caller proposed it.',
  params: z.object({ id: idSchema }),
  body: z.discriminatedUnion(
    'action',
    [
      z.object({ action: z.literal('confirm') }),
      z.object({ action: z.literal('propose'), at: viewingAtSchema }),
    ],
    { message: "action must be 'confirm' or 'propose'" },
  ),
  response: {
    200: z.object({ acknowledged: z.literal(true), modifiedCount: z.number().int() }),
    409: errorSchema,
    ...buyerErrors,
  },
} as const;
