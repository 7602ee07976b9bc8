/**
 * Trust signals (decision 0028): what Second Gear itself knows about a car and a conversation,
 * shown to buyers at the moment of risk and to moderators as a queue.
 * - `GET /api/vin/{vin}/history` (signed-in users) — every listing that carried the VIN, oldest
 *   first (listings removed by moderation or deleted: for admins only), and the VIN's flags.
 * - `GET /api/product/{id}` carries `trust_flags` (listings.ts): the VIN flags that concern the
 *   listing and `duplicate_photos`.
 * - Each message of `GET /api/conversations/{id}/messages` carries `warnings` (messages.ts),
 *   for the recipient only; `POST /api/messages/{id}/report` (the recipient) reports one into
 *   moderation with the conversation excerpt (a DSA Art. 16 notice, decision 0021).
 * - `GET /api/admin/risk-queue/{uid}` (admin) — listings of the last 30 days with a risk score
 *   and its reasons, highest first; `PATCH /api/admin/risk-queue/{uid}?id=` `{note}` dismisses
 *   one (audit-logged).
 */
import { listingStatuses } from './entities.js';
import { z } from 'zod';
import { reportReasons } from './accountability.js';
import { idSchema, uidSchema } from './entities.js';
import { errorSchema } from './errors.js';
import { vinPattern } from './limits.js';
import { vehicleTexts } from './texts.js';
export { trustTexts } from './texts.js';

/** The codes of a listing's trust flags (decision 0028). */
export const trustFlagCodes = [
  'mileage_rollback',
  'vin_listed_twice',
  'vin_decode_mismatch',
  'duplicate_photos',
] as const;
export type TrustFlagCode = (typeof trustFlagCodes)[number];

/** A flag with its plain explanation: what we noticed and what to check before paying. */
export const trustFlagSchema = z.object({
  code: z.enum(trustFlagCodes),
  text: z.string().describe('what we noticed and what to check, in plain words'),
  mileage: z
    .object({
      earlier_km: z.number().int().describe('kilometres the earlier listing stated'),
      stated_km: z.number().int().describe('kilometres this listing states'),
      earlier_listed_on: z.string().describe('the day the earlier listing was made, YYYY-MM-DD'),
    })
    .optional()
    .describe(
      '`mileage_rollback` only: the figures of its text, so a page can say them in miles ' +
        '(`trustTexts.mileageRollback`)',
    ),
});
export type TrustFlag = z.infer<typeof trustFlagSchema>;

/** One listing of a VIN's history. */
export const vinHistoryListingSchema = z.object({
  _id: z.string(),
  product_name: z.string(),
  listed_at: z.string().describe('ISO-8601 date-time the listing was created'),
  resell_price: z.number().describe('US dollars'),
  mileage_km: z.number().int().nullable().describe('kilometres, as the listing states it'),
  listing_status: z.enum(listingStatuses),
});
export type VinHistoryListing = z.infer<typeof vinHistoryListingSchema>;

export const vinHistorySchema = z.object({
  vin: z.string(),
  listings: z.array(vinHistoryListingSchema).describe('oldest first'),
  flags: z.array(trustFlagSchema),
});
export type VinHistory = z.infer<typeof vinHistorySchema>;

const guarded = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  503: errorSchema,
} as const;

export const vinHistoryContract = {
  method: 'GET',
  url: '/api/vin/:vin/history',
  summary:
    'Every listing on Second Gear that carried this VIN, oldest first, with the flags ' +
    '`mileage_rollback`, `vin_listed_twice` and `vin_decode_mismatch` (signed-in users; listings ' +
    'removed or deleted are shown to admins only). 400 for an ill-formed VIN; 429 past ' +
    '`VIN_DECODE_RATE_LIMIT_MAX` look-ups a minute per user or address.',
  params: z.object({
    vin: z
      .string()
      .transform((value) => value.trim().toUpperCase())
      .refine((value) => vinPattern.test(value), { message: vehicleTexts.vinInvalid }),
  }),
  response: { 200: vinHistorySchema, ...guarded, 429: errorSchema },
} as const;

/** The codes of a message's scam warnings (decision 0028). */
export const messageWarningCodes = [
  'off_platform_payment',
  'advance_payment',
  'shipping_or_agent',
  'move_off_platform',
  'suspicious_link',
  'overpayment',
  'verification_code',
] as const;
export type MessageWarningCode = (typeof messageWarningCodes)[number];

/** A warning under a message: what in it looks like a known scam, and what to do. */
export const messageWarningSchema = z.object({
  code: z.enum(messageWarningCodes),
  text: z.string().describe('names the words that triggered it and what to do'),
});
export type MessageWarning = z.infer<typeof messageWarningSchema>;

/** The body of a message report: a reason (default `Scam or fraud`) and an optional note. */
export const messageReportBodySchema = z
  .object({
    reason: z
      .enum(reportReasons, { message: `must be one of: ${reportReasons.join(', ')}` })
      .default('Scam or fraud'),
    note: z
      .string({ message: 'must be text' })
      .trim()
      .max(1000, { message: 'must be at most 1000 characters' })
      .optional(),
  })
  .default({ reason: 'Scam or fraud' });

export const reportMessageContract = {
  method: 'POST',
  url: '/api/messages/:id/report',
  summary:
    'Reports a message the caller received into moderation with the conversation excerpt (the ' +
    'message and up to four before it): a DSA Art. 16 notice like a listing report. A repeat ' +
    'answers `modifiedCount` 0. 404 unless the caller is a party of its conversation; 403 for ' +
    "the caller's own message.",
  params: z.object({ id: idSchema.describe('the message `_id`') }),
  body: messageReportBodySchema,
  response: {
    200: z.object({ acknowledged: z.literal(true), modifiedCount: z.number().int() }),
    ...guarded,
  },
} as const;

/** The codes of the reasons in the risk queue (decision 0028). */
export const riskReasonCodes = [
  'price_far_below',
  'new_seller',
  'duplicate_photos',
  'mileage_rollback',
  'vin_listed_twice',
  'vin_decode_mismatch',
  'many_listings',
  'reported_messages',
] as const;
export type RiskReasonCode = (typeof riskReasonCodes)[number];

export const riskReasonSchema = z.object({
  code: z.enum(riskReasonCodes),
  text: z.string(),
  points: z.number().int().describe('what this reason adds to the score'),
  listing_id: z
    .string()
    .nullable()
    .describe('another listing this reason points at (the photo or VIN it shares), if any'),
});
export type RiskReason = z.infer<typeof riskReasonSchema>;

export const riskItemSchema = z.object({
  _id: z.string().describe('the listing `_id`'),
  product_name: z.string(),
  product_image: z.string(),
  resell_price: z.number().describe('US dollars'),
  seller_name: z.string(),
  seller_uid: z.string(),
  listed_at: z.string().describe('ISO-8601'),
  score: z.number().int(),
  reasons: z.array(riskReasonSchema).describe('largest first'),
  reported_messages: z
    .array(
      z.object({
        reason: z.string(),
        note: z.string().nullable(),
        excerpt: z.array(
          z.object({ from: z.enum(['buyer', 'seller']), text: z.string(), sent_at: z.string() }),
        ),
      }),
    )
    .describe("reports of the seller's messages about this listing, newest first"),
});
export type RiskItem = z.infer<typeof riskItemSchema>;

const adminParams = z.object({ uid: uidSchema.describe("the caller's own uid") });

export const riskQueueContract = {
  method: 'GET',
  url: '/api/admin/risk-queue/:uid',
  summary:
    'Listings created in the last 30 days with a risk score and its reasons, highest first, ' +
    'at most 100 (admin). Dismissed listings stay out until their score rises.',
  params: adminParams,
  response: { 200: z.array(riskItemSchema), ...guarded },
} as const;

export const dismissRiskContract = {
  method: 'PATCH',
  url: '/api/admin/risk-queue/:uid',
  summary:
    'Dismisses a listing from the risk queue with a note (admin; audit-logged ' +
    '`risk.dismiss`). 404 for an unknown listing.',
  params: adminParams,
  querystring: z.object({ id: idSchema.describe('the listing `_id`') }),
  body: z.object({
    note: z
      .string({ message: 'must be text' })
      .trim()
      .min(1, { message: 'must not be empty' })
      .max(1000, { message: 'must be at most 1000 characters' }),
  }),
  response: { 200: z.object({ modifiedCount: z.number().int() }), ...guarded },
} as const;

/**
 * What an admin sees before verifying a seller (decision 0044): the checks the seller passed,
 * how old the account is, their listings, the reports against them and their listings' place in
 * the risk queue (decision 0028).
 */
export const sellerEvidenceSchema = z.object({
  _id: z.string(),
  uid: z.string(),
  displayName: z.string(),
  email: z.string(),
  admin_verified: z.boolean().describe('an admin verified the seller already'),
  phone: z.object({
    verified: z.boolean(),
    number: z.string().nullable().describe('E.164; null without a verified number'),
    verified_at: z.string().nullable(),
  }),
  identity: z.object({
    verified: z.boolean(),
    verified_at: z.string().nullable(),
    status: z.enum(['none', 'pending', 'approved', 'declined', 'canceled']),
    reason: z.string().nullable().describe('why the latest check was declined or canceled'),
  }),
  account_created_at: z.string().describe('ISO 8601'),
  account_age_days: z.number().int(),
  listings: z.object({
    live: z.number().int().describe('on the market now'),
    total: z.number().int().describe('ever listed, removed and sold ones included'),
  }),
  reports: z.object({
    listings: z.number().int().describe('reports against the seller’s listings'),
    messages: z.number().int().describe('reports of the seller’s messages'),
  }),
  risk: z.object({
    score: z
      .number()
      .int()
      .describe('the highest score of the seller’s listings in the queue; 0 when none is'),
    listings: z
      .array(
        z.object({
          _id: z.string(),
          product_name: z.string(),
          score: z.number().int(),
          reasons: z.array(riskReasonSchema),
        }),
      )
      .describe('the seller’s listings in the risk queue, highest score first'),
  }),
});
export type SellerEvidence = z.infer<typeof sellerEvidenceSchema>;

export const sellerEvidenceContract = {
  method: 'GET',
  url: '/api/admin/seller-evidence/:uid',
  summary:
    'The evidence for verifying a seller (admin): phone and ID checks, account age, listings, ' +
    'reports and the risk queue’s score and reasons of their listings. 404 for no live seller.',
  params: adminParams,
  querystring: z.object({ id: idSchema.describe('the seller’s user record `_id`') }),
  response: { 200: sellerEvidenceSchema, ...guarded, 404: errorSchema },
} as const;
