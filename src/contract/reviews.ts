/**
 * Seller profiles and reviews (decision 0013).
 * - `POST /api/reviews` `{order_id, rating, text}` — the buyer of a paid order reviews its seller,
 *   once per order (409 on the second); 403 unless the caller is that order's buyer; 409 when the
 *   order is not paid.
 * - `POST /api/reviews/{id}/reply` `{text}` — the review's seller answers, once (409 after).
 * - `DELETE /api/reviews/{id}` — an admin removes a review (soft; audit-logged `review.remove`).
 * - `GET /api/sellers/{uid}` (public) — the seller's profile: card, average rating and count,
 *   the first page of live listings and the latest reviews with replies.
 *
 * The average is the mean of the ratings of the seller's reviews that are not removed, rounded
 * to one decimal (null without reviews).
 */
import { z } from 'zod';
import { sellerTypeFields } from './trader.js';
import { sellerVerificationSchema } from './verification.js';
import { idSchema, productCardSchema, uidSchema } from './entities.js';
import { errorSchema } from './errors.js';

/** The longest review text and seller reply (characters, after trimming). */
export const reviewTextMax = 1000;
/** Listings and reviews on the first page of a seller profile. */
export const sellerProfilePageSize = { products: 24, reviews: 50 } as const;

/** Texts the SPA shows. */
export const reviewTexts = {
  writeReview: 'Write a review',
  submit: 'Submit review',
  reply: 'Reply',
  noReviews: 'No reviews yet.',
  alreadyReviewed: 'You have already reviewed this order.',
  sellerReply: 'Seller’s reply',
} as const;

const reviewText = z
  .string({ message: 'text must be text' })
  .trim()
  .max(reviewTextMax, { message: `text must be at most ${reviewTextMax} characters` });

/** One review as a profile shows it. */
export const reviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string().describe('plain text, never HTML'),
  buyer_name: z.string(),
  buyer_photo: z.string(),
  product_name: z.string().describe('the reviewed order’s listing name, as booked'),
  seller_reply: z.string().nullable(),
  replied_at: z.string().nullable().describe('ISO 8601'),
  created_at: z.string().describe('ISO 8601'),
});
export type Review = z.infer<typeof reviewSchema>;

/** A seller's rating: mean of live reviews, one decimal; null when there are none. */
export const ratingSummarySchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** A seller's public profile. */
export const sellerProfileSchema = z.object({
  seller: z.object({
    uid: z.string(),
    display_name: z.string(),
    photo_url: z.string(),
    verified: z.boolean(),
    verification: sellerVerificationSchema,
    member_since: z.string().describe('ISO 8601'),
    ...sellerTypeFields,
  }),
  rating: ratingSummarySchema,
  products: z.array(productCardSchema).describe('live listings, newest first (first page)'),
  reviews: z
    .array(reviewSchema)
    .describe('latest reviews first (first page), removed ones left out'),
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;

const guarded = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  503: errorSchema,
} as const;

export const createReviewContract = {
  method: 'POST',
  url: '/api/reviews',
  summary:
    "Reviews the seller of the caller's paid order: 1–5 stars and up to 1,000 characters" +
    '. 403 unless the caller bought it; 409 when unpaid or already reviewed.',
  body: z.object({
    order_id: idSchema,
    rating: z
      .number({ message: 'rating must be a number' })
      .int({ message: 'rating must be a whole number' })
      .min(1, { message: 'rating must be at least 1' })
      .max(5, { message: 'rating must be at most 5' }),
    text: reviewText,
  }),
  response: { 201: reviewSchema, ...guarded },
} as const;

export const replyReviewContract = {
  method: 'POST',
  url: '/api/reviews/:id/reply',
  summary:
    "The reviewed seller's one public answer to a review. 403 for anyone else; 409 once answered.",
  params: z.object({ id: idSchema }),
  body: z.object({ text: reviewText.min(1, { message: 'text must not be empty' }) }),
  response: { 200: reviewSchema, ...guarded },
} as const;

export const removeReviewContract = {
  method: 'DELETE',
  url: '/api/reviews/:id',
  summary: 'Removes a review (admin; soft, audit-logged `review.remove`)',
  params: z.object({ id: idSchema }),
  response: { 200: z.object({ modifiedCount: z.number().int() }), ...guarded },
} as const;

export const getSellerProfileContract = {
  method: 'GET',
  url: '/api/sellers/:uid',
  summary:
    "A seller's public profile: card, rating, live listings and reviews. 404 for " +
    'an unknown or deleted user.',
  params: z.object({ uid: uidSchema }),
  response: { 200: sellerProfileSchema, 400: errorSchema, 404: errorSchema, 503: errorSchema },
} as const;
