/**
 * Listing pages and editing (decision 0011).
 * - `GET /api/product/{id}` (public) — one live listing with every field (vehicle details, every
 *   photo), its category's `holds_vehicles`, the seller card (name, photo, verified badge,
 *   member since) and up to `limits.sellerOtherListingsMax` other live listings of the seller.
 *   404 for an unknown or removed listing. No contact details: they are a separate, guarded call.
 * - `GET /api/product/{id}/contact` (any signed-in user) — the seller's phone and e-mail.
 * - `PATCH /api/product/{id}` (the owning seller) — edits fields and photos → `{modifiedCount}`;
 *   403 for someone else's listing, 409 when a sold listing's price would change.
 * - `PATCH /api/product/{id}/availability` (the owning seller) `{unavailable}` → `{modifiedCount}`:
 *   takes a listing off the market and puts it back.
 */
import { z } from 'zod';
import { idSchema, productCardSchema } from './entities.js';
import { errorSchema } from './errors.js';
import { productUpdateSchema } from './selling.js';

/** Another live listing of the same seller, as the seller card links it. */
export const sellerListingSchema = z.object({
  _id: z.string(),
  product_name: z.string(),
  product_image: z.string(),
  resell_price: z.number().describe('US dollars'),
});
export type SellerListing = z.infer<typeof sellerListingSchema>;

/** A listing as its page shows it. */
export const listingSchema = productCardSchema.extend({
  category_holds_vehicles: z.boolean(),
  unavailable: z.boolean().describe('taken off the market by the seller'),
  seller_member_since: z.string().describe("ISO-8601 date-time the seller's account was made"),
  seller_listings: z
    .array(sellerListingSchema)
    .describe("the seller's other live listings, newest first (at most 12)"),
  seller_listing_count: z.number().int().describe('how many live listings the seller has in all'),
  deposit: z
    .number()
    .describe('the refundable viewing deposit held on booking, US dollars (0 = none)'),
});
export type Listing = z.infer<typeof listingSchema>;

/** The seller's contact details, for signed-in users. */
export const sellerContactSchema = z.object({
  seller_phone: z.string(),
  seller_email: z.string(),
});
export type SellerContact = z.infer<typeof sellerContactSchema>;

const productParams = z.object({ id: idSchema.describe('the product `_id`') });
const modified = z.object({ modifiedCount: z.number().int() });
const guarded = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  503: errorSchema,
} as const;

export const getListingContract = {
  method: 'GET',
  url: '/api/product/:id',
  summary: 'One live listing with every field and its seller card (public)',
  params: productParams,
  response: { 200: listingSchema, 400: errorSchema, 404: errorSchema, 503: errorSchema },
} as const;

export const getSellerContactContract = {
  method: 'GET',
  url: '/api/product/:id/contact',
  summary: "The seller's phone and e-mail of a live listing (signed-in users)",
  params: productParams,
  response: { 200: sellerContactSchema, ...guarded },
} as const;

export const updateProductContract = {
  method: 'PATCH',
  url: '/api/product/:id',
  summary:
    'Edits an own listing (seller): absent fields keep their value. 403 for ' +
    "another seller's listing; 409 when a sold listing's price would change.",
  params: productParams,
  body: productUpdateSchema,
  response: { 200: modified, 409: errorSchema, ...guarded },
} as const;

export const setProductAvailabilityContract = {
  method: 'PATCH',
  url: '/api/product/:id/availability',
  summary: 'Takes an own listing off the market (`unavailable: true`) or puts it back (seller)',
  params: productParams,
  body: z.object({ unavailable: z.boolean() }),
  response: { 200: modified, ...guarded },
} as const;

/** Texts of the listing page and the editing screens. */
export const listingTexts = {
  notFound: 'Product not found',
  editOwnOnly: 'You can only edit your own products',
  unavailableBadge: 'Unavailable',
  offMarket: 'This listing is off the market for now.',
  soldOut: 'SOLD OUT',
  contactSignIn: 'Sign in to see the seller’s phone and e-mail.',
  updated: 'Product updated',
  editHeading: 'Edit Product',
} as const;
