/**
 * Listing pages and editing (decision 0011).
 * - `GET /api/product/{id}` (public) — one live listing with every field (vehicle details, every
 *   photo), its category's `holds_vehicles`, the seller card (name, photo, verified badge,
 *   member since) and up to `limits.sellerOtherListingsMax` other live listings of the seller.
 *   404 for an unknown or removed listing. No contact details: they are a separate, guarded call.
 *   With its seller's bearer token the answer also carries `expires_at` (and is not cached).
 * - `GET /api/product/{id}/contact` (any signed-in user) — the seller's phone and e-mail.
 * - `PATCH /api/product/{id}` (the owning seller) — edits fields and photos → `{modifiedCount}`;
 *   403 for someone else's listing, 409 when a sold listing's price would change.
 * - `PATCH /api/product/{id}/availability` (the owning seller) `{unavailable}` → `{modifiedCount}`:
 *   takes a listing off the market and puts it back.
 */
import { z } from 'zod';
import { idSchema, productCardSchema } from './entities.js';
import { sellerListingStatuses } from './listing-state.js';
import { errorSchema } from './errors.js';
import { limits } from './limits.js';
import { productUpdateSchema } from './selling.js';
import { trustFlagSchema } from './trust.js';
export { listingTexts } from './texts.js';

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
  deposit: z.number().describe('refundable viewing deposit held on booking, US dollars (0 = none)'),
  listed_at: z.string().describe('ISO-8601 date-time the listing was first listed'),
  days_on_market: z
    .number()
    .int()
    .describe('whole days since listed_at; frozen when it was sold, expired or removed'),
  price_history: z
    .array(z.object({ price: z.number().describe('US dollars'), at: z.string() }))
    .describe('every asking price, oldest first, starting with the first (decision 0027)'),
  sold_price: z
    .number()
    .nullable()
    .describe('what a listing sold elsewhere went for, US dollars, when its seller said'),
  expires_at: z
    .string()
    .optional()
    .describe(
      'ISO-8601 date-time the listing expires unless renewed (decision 0027); only in the answer ' +
        'to its owner (a bearer token of the seller), never to anyone else',
    ),
  trust_flags: z
    .array(trustFlagSchema)
    .describe(
      'what Second Gear noticed about this listing (decision 0028): its VIN history ' +
        '(`mileage_rollback`, `vin_listed_twice`, `vin_decode_mismatch`) and `duplicate_photos`',
    ),
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

export const getSimilarListingsContract = {
  method: 'GET',
  url: '/api/product/:id/similar',
  summary:
    'Up to 6 listings on the market like this one (same make and model, else same category), ' +
    'for the page of an expired, sold or gone listing (public; decision 0027). An unknown id ' +
    'gets the newest listings.',
  params: productParams,
  response: { 200: z.array(sellerListingSchema), 400: errorSchema, 503: errorSchema },
} as const;

/** The states a seller may put an own listing in (`sold` = sold elsewhere; decision 0053). */
export { sellerListingStatuses };

export const setListingStatusSchema = z
  .object({
    status: z.enum(sellerListingStatuses),
    sold_price: z
      .number()
      .positive()
      .max(10_000_000)
      .multipleOf(0.01)
      .optional()
      .describe('what it went for, US dollars; only with `status: sold`'),
  })
  .strict()
  .refine((body) => body.sold_price === undefined || body.status === 'sold', {
    message: 'sold_price is only given with status sold',
    path: ['sold_price'],
  });
export type SetListingStatus = z.infer<typeof setListingStatusSchema>;

export const setListingStatusContract = {
  method: 'PATCH',
  url: '/api/product/:id/status',
  summary:
    'Puts an own listing in a state (seller; decision 0027): active, reserved, unavailable, or ' +
    'sold elsewhere with an optional sold_price. 403 for someone else’s listing; 409 for a ' +
    'change its state does not allow (e.g. a listing sold through a paid order back to active).',
  params: productParams,
  body: setListingStatusSchema,
  response: { 200: modified, 409: errorSchema, ...guarded },
} as const;

const renewed = z.object({
  expires_at: z.string().describe('ISO-8601 date-time the listing now expires'),
});

export const renewListingContract = {
  method: 'POST',
  url: '/api/product/:id/renew',
  summary:
    'Renews an own listing for LISTING_TTL_DAYS from now, relisting it when it expired ' +
    '(seller; decision 0027). 409 for a sold or removed listing.',
  params: productParams,
  response: { 200: renewed, 409: errorSchema, ...guarded },
} as const;

export const renewListingByLinkContract = {
  method: 'POST',
  url: '/api/listing-renewal',
  summary:
    'Renews a listing from the signed one-click link of its expiry reminder (no sign-in; ' +
    'decision 0027). The link works once per expiry window: 410 once it was used or the ' +
    'listing was renewed otherwise; 400 for a link we did not sign.',
  querystring: z.object({ token: z.string().min(1).max(400) }),
  response: {
    200: renewed,
    400: errorSchema,
    404: errorSchema,
    409: errorSchema,
    410: errorSchema,
    503: errorSchema,
  },
} as const;

/**
 * A box on a photo, as fractions 0–1 of the photo's width and height from its top-left corner
 * (so the box means the same on the preview, the stored photo and every variant).
 */
export const photoRegionSchema = z
  .object({
    x: z.number().min(0).max(1).describe('left edge, fraction of the width'),
    y: z.number().min(0).max(1).describe('top edge, fraction of the height'),
    width: z.number().gt(0).max(1).describe('fraction of the width'),
    height: z.number().gt(0).max(1).describe('fraction of the height'),
  })
  .refine((box) => box.x + box.width <= 1 + 1e-9 && box.y + box.height <= 1 + 1e-9, {
    message: 'The box must lie inside the photo (x + width and y + height at most 1)',
  });
export type PhotoRegion = z.infer<typeof photoRegionSchema>;

export const blurPhotoContract = {
  method: 'POST',
  url: '/api/product/:id/photos/:index/blur',
  summary:
    "Blurs a box of an own listing's photo (a number plate; seller): the stored photo and " +
    'every variant are replaced under a new name, the unblurred files are removed unless ' +
    'another listing uses them. Answers the listing’s photos (new URLs, cover first).',
  params: z.object({
    id: idSchema.describe('the product `_id`'),
    index: z.coerce
      .number()
      .int()
      .min(0)
      .max(limits.productImagesMax - 1)
      .describe('the photo’s position in `product_images` (0 = cover)'),
  }),
  body: photoRegionSchema,
  response: {
    200: z.object({
      product_image: z.string().describe('the cover'),
      product_images: z.array(z.string()).describe('every photo, cover first'),
    }),
    409: errorSchema.describe('the photo was replaced meanwhile, or its file is gone'),
    ...guarded,
  },
} as const;
