/**
 * Moderation calls (docs/product.md §2 Admin dashboard, §6, §7, §8): list sellers and buyers,
 * verify a seller, delete a user, list reported products, mark one safe or delete it, and read
 * the audit log. Every call needs an admin's bearer token and `{uid}` must be the caller's own
 * uid (401 without a valid token, 403 otherwise). Decisions: docs/decisions/0006-moderation.md.
 *
 * Error answers (all `{statusCode, error, message}`):
 * - 400: malformed id or query (the message names it, e.g. `querystring.role must be buyer or
 *   seller`, `querystring.id must be a valid id`).
 * - 404: a well-formed id of no live user / product (for deletes: of no user / product at all).
 * - 409: a rule refuses the action: verifying a non-seller, deleting yourself, deleting the last
 *   admin.
 * Repeating a write that already happened answers 200 with a count of 0 (docs/product.md §8: "No user was
 * deleted." when `deletedCount` is 0).
 */
import { z } from 'zod';
import { sellerTypeFields } from './trader.js';
import {
  reportNoteSchema,
  reportReasonCountSchema,
  statementBodySchema,
} from './accountability.js';
import { cursorSchema, pageLimitSchema } from './catalog.js';
import { idSchema, uidSchema, userSchema } from './entities.js';
import { errorSchema } from './errors.js';
import { registrationRoles } from './limits.js';

/** Page sizes of the admin lists (items per answer). */
export const moderationLimits = {
  /** `GET /api/users-by-role`: default and largest `limit`. */
  usersPageDefault: 50,
  usersPageMax: 100,
  /** `GET /api/reported-products`: the most reported `limit` (default = max) products. */
  reportedPageMax: 100,
  /** `GET /api/audit-log`: default and largest `limit`. */
  auditPageDefault: 50,
  auditPageMax: 100,
} as const;

/** docs/product.md §8: the admin dashboard's texts, word for word. */
export const moderationMessages = {
  verified: 'Verified Success!',
  deleted: 'Deleted Successfully!',
  reportUndone: 'Report Undo Success!',
  noUserDeleted: 'No user was deleted.',
  failed: 'Something Went Wrong, Please Try Again',
  notAdmin: 'You Are Not An Admin',
} as const;

/** Why a moderation write was refused with 409 (the answer's `message`). */
export const moderationConflicts = {
  verifyNotSeller: 'Only a seller can be verified: this user is a buyer',
  deleteSelf: 'You cannot delete your own account',
  deleteLastAdmin: 'You cannot delete the last admin',
} as const;

/** Audit-log action names: who did what to which record. */
export const auditActions = [
  'seller.verify',
  'user.delete',
  'report.mark_safe',
  'report.delete_product',
  'category.rename',
  'category.merge',
  'category.delete',
  // What a category holds (decision 0047).
  'category.kind',
  'review.remove',
  'deposit.refund',
  'deposit.keep',
  // Protected payment disputes (decision 0042).
  'payment.release',
  'payment.refund',
  // Accountable moderation (DSA Art. 16, 17, 20; decision 0021).
  'report.create',
  'appeal.submit',
  'appeal.uphold',
  'appeal.reverse',
  // Trust signals (decision 0028).
  'message.report',
  'risk.dismiss',
  // Trader details of business sellers (EU DSA Art. 30; docs/features.md "Dealers").
  'trader.check',
] as const;
export type AuditAction = (typeof auditActions)[number];

const adminParams = z.object({ uid: uidSchema.describe("the caller's own uid") });
const targetQuery = z.object({ id: idSchema.describe('the record id (`_id`)') });
const adminErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  503: errorSchema,
} as const;

/**
 * A user as the admin tables show it: docs/product.md §3 User plus `isAdmin`, so the page can tell admins
 * apart (an admin cannot delete themselves; see 409s above), and `seller_type` with a business
 * seller's `trader` details and their check, which the admin asks for or records
 * (`PATCH /api/trader-check/{uid}`, docs/features.md "Dealers").
 */
export const moderatedUserSchema = userSchema.extend({
  isAdmin: z.boolean().describe('true for an admin (admin is granted by an operator)'),
  ...sellerTypeFields,
});
export type ModeratedUser = z.infer<typeof moderatedUserSchema>;

export const listUsersByRoleContract = {
  method: 'GET',
  url: '/api/users-by-role/:uid',
  summary:
    'Live users of one role, newest first (admin; docs/product.md §7). Paginated: `limit` 1–100 (default ' +
    '50) and `cursor` from the `x-next-cursor` header of the previous page.',
  params: adminParams,
  querystring: z.object({
    role: z.enum(registrationRoles, { message: 'must be buyer or seller' }),
    limit: pageLimitSchema(moderationLimits.usersPageDefault, moderationLimits.usersPageMax),
    cursor: cursorSchema.optional(),
  }),
  response: { 200: z.array(moderatedUserSchema), ...adminErrors },
} as const;

export const verifySellerContract = {
  method: 'PATCH',
  url: '/api/seller-verify/:uid',
  summary:
    'Verifies a seller (admin; docs/product.md §4 User status). `modifiedCount` 1, or 0 when already ' +
    'verified; 404 for no live user, 409 for a buyer.',
  params: adminParams,
  querystring: targetQuery,
  response: {
    200: z.object({ modifiedCount: z.number().int() }),
    409: errorSchema,
    ...adminErrors,
  },
} as const;

export const deleteUserContract = {
  method: 'DELETE',
  url: '/api/user-delete/:uid',
  summary:
    'Deletes a user (admin; docs/product.md §7): their sessions and tokens end at once, their unsold ' +
    'listings leave the market, their orders and payments stay. `deletedCount` 1, or 0 when ' +
    'already deleted; 404 for an unknown id; 409 for yourself or the last admin.',
  params: adminParams,
  querystring: targetQuery,
  response: {
    200: z.object({ deletedCount: z.number().int() }),
    409: errorSchema,
    ...adminErrors,
  },
} as const;

/** docs/product.md §3 "Reported product" (list). */
export const reportedProductSchema = z.object({
  _id: z.string(),
  product_image: z.string(),
  product_name: z.string(),
  seller_name: z.string(),
  reportCount: z.number().int().describe('shown as "N User"'),
  reasons: z
    .array(reportReasonCountSchema)
    .describe('how many open reports give each reason, most given first'),
  notes: z
    .array(reportNoteSchema)
    .describe("the reporters' notes, newest first (reporters are not named)"),
});
export type ReportedProduct = z.infer<typeof reportedProductSchema>;

export const listReportedProductsContract = {
  method: 'GET',
  url: '/api/reported-products/:uid',
  summary:
    'Reported live products, most reported first, then newest (admin; docs/product.md §7). A work queue: ' +
    'the first `limit` (1–100, default 100); handled ones leave it.',
  params: adminParams,
  querystring: z.object({
    limit: pageLimitSchema(moderationLimits.reportedPageMax, moderationLimits.reportedPageMax),
  }),
  response: { 200: z.array(reportedProductSchema), ...adminErrors },
} as const;

export const markProductSafeContract = {
  method: 'PATCH',
  url: '/api/report-product-safe/:uid',
  summary:
    'Marks a product safe (admin; docs/product.md §7): clears `reported`, its reports and `reportCount`. ' +
    '`modifiedCount` 1, or 0 when it was not reported; 404 for no live product.',
  params: adminParams,
  querystring: targetQuery,
  response: { 200: z.object({ modifiedCount: z.number().int() }), ...adminErrors },
} as const;

export const deleteReportedProductContract = {
  method: 'DELETE',
  url: '/api/report-product-delete/:uid',
  summary:
    'Removes a listing from the market (admin; docs/product.md §7): soft delete and unpromote; orders and ' +
    'payments keep their snapshot. `deletedCount` 1, or 0 when already deleted; 404 unknown id. ' +
    'DSA Art. 17: the JSON body is the statement of reasons `{rule, facts, ' +
    'automated}`, required; the seller is mailed it and may appeal (decision 0021).',
  params: adminParams,
  querystring: targetQuery,
  body: statementBodySchema,
  response: { 200: z.object({ deletedCount: z.number().int() }), ...adminErrors },
} as const;

/** One audit-log entry: who (actor) did what (action) to which record (target), when. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  action: z.enum(auditActions),
  actorId: z.string().describe("the admin's user `_id`"),
  actorUid: z.string(),
  actorName: z.string(),
  targetType: z.enum(['user', 'product', 'category', 'review', 'order', 'message']),
  targetId: z.string(),
  targetName: z
    .string()
    .nullable()
    .describe("the target listing's or user's name while it exists (not deleted), else null"),
  targetSellerUid: z
    .string()
    .nullable()
    .describe("a live seller target's uid (their public page /seller/{uid}), else null"),
  details: z.record(z.string(), z.unknown()).describe('what changed, e.g. {"modifiedCount": 1}'),
  createdAt: z.string().describe('ISO-8601 date-time'),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const listAuditLogContract = {
  method: 'GET',
  url: '/api/audit-log/:uid',
  summary:
    'Admin actions, newest first (admin). Paginated: `limit` 1–100 (default 50) and `cursor` ' +
    'from the `x-next-cursor` header of the previous page; `action` keeps one kind of action.',
  params: adminParams,
  querystring: z.object({
    limit: pageLimitSchema(moderationLimits.auditPageDefault, moderationLimits.auditPageMax),
    cursor: cursorSchema.optional(),
    action: z.enum(auditActions).optional().describe('only entries of this action'),
  }),
  response: { 200: z.array(auditEntrySchema), ...adminErrors },
} as const;
