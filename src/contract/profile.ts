/**
 * The signed-in user's own profile ("Profile"; decision 0016). Every call acts on the
 * caller's own account only (there is no uid in the path to get wrong) and needs an API token
 * (`Authorization: Bearer …`, decision 0002); any role may call them: buyer, seller or admin.
 *
 * - `GET /api/profile` — the caller's record: name, e-mail, photo, role, admin flag, status, and
 *   whether the account has a password to change (Google-only accounts have none).
 * - `PATCH /api/profile` `{displayName?, photoURL?, home_place_id?, time_zone?}` — renames and/or changes the photo, in the
 *   product record and the identity at once (one transaction), so the navigation bar, listing
 *   pages, the seller profile, reviews and messages show the new name and photo. Open bookings
 *   (unpaid, neither declined nor cancelled) follow; paid, declined and cancelled orders keep
 *   the names they were made with (docs/product.md §3 Order is a snapshot). `home_place_id` (a place, or
 *   null to forget it) is where the user searches from by default (decision 0026): the SPA
 *   centres a bare /search and shows distances from it on every device the user signs in on.
 *   `time_zone` (an IANA name, or null to forget it) is the zone every time in the user's mail is
 *   written in (decision 0049); the SPA sets it from the browser at sign-in when it is unset.
 * - `POST /api/profile/password` `{current_password, new_password}` — needs the current password
 *   (a wrong one: 400 naming `body.current_password`, nothing changes); the new one follows the
 *   registration rule (docs/product.md §5: 6–128 characters; not one of the most common passwords). Every
 *   other session of the account ends, with its cookies and API tokens; this one goes on.
 * - `DELETE /api/profile` — deletes the caller's own account exactly as the admin's delete does
 *   (docs/product.md §7 `DELETE /user-delete`; decision 0006): soft delete, every session and token ends,
 *   unsold listings leave the market, orders and payments stay. The last live admin cannot
 *   (409).
 */
import { singleLineMessage, singleLinePattern } from './text.js';
import { z } from 'zod';
import { sellerTypeFields } from './trader.js';
import { passwordSchema, photoUrlSchema } from './accounts.js';
import { errorSchema } from './errors.js';
import { limits, registrationRoles, userStatuses } from './limits.js';
import { placeIdSchema, placeSchema } from './places.js';
import { timeZoneSchema } from './time-zone.js';

/** Texts the profile page shows (the spec has none of its own for this page). */
export const profileTexts = {
  title: 'My profile',
  saved: 'Profile updated',
  passwordChanged: 'Password changed. You are signed out everywhere else.',
  deleted: 'Your account has been deleted',
  wrongCurrentPassword: 'body.current_password is not your current password',
  samePassword: 'body.new_password must differ from your current password',
  noPassword:
    'This account signs in with Google and has no password here. Use "Forgot password?" on the login page to set one.',
  lastAdmin: 'You are the last admin: make someone else an admin before deleting your account',
  emptyPatch: 'Send displayName, photoURL, home_place_id or time_zone',
  unknownPlace: 'body.home_place_id must be the id of a place',
} as const;

/** The caller's profile (docs/product.md §3 User fields plus what the page needs). */
export const profileSchema = z.object({
  _id: z.string(),
  uid: z.string(),
  displayName: z.string(),
  email: z.string(),
  photoURL: z.string().describe("'' for no photo; else an upload of ours (/uploads/…)"),
  role: z
    .enum(registrationRoles)
    .describe("'seller' once the account sells (registration's choice or Start selling)"),
  isSeller: z.boolean().describe('holds the seller role (decision 0042)'),
  isBuyer: z.boolean().describe('holds the buyer role: every account does (decision 0042)'),
  isAdmin: z.boolean(),
  status: z.enum(userStatuses),
  hasPassword: z
    .boolean()
    .describe('false for an account that only signs in with Google: nothing to change'),
  home_place: placeSchema
    .nullable()
    .describe('where the user searches from by default (decision 0026); null when none chosen'),
  time_zone: z
    .string()
    .nullable()
    .describe('the IANA time zone of the times in your mail (decision 0049); null when unset'),
  mail_time_zone: z
    .object({
      name: z.string().describe('IANA name, e.g. "America/Chicago"; "UTC" when unknown'),
      source: z
        .enum(['profile', 'home-place', 'unknown'])
        .describe("your time_zone, else your home place's zone when derivable, else UTC"),
    })
    .describe('the zone your mail writes times in now, and where it comes from'),
  ...sellerTypeFields,
  phone: z
    .object({
      number: z.string().describe('E.164, e.g. +14155550123'),
      verified: z.boolean(),
    })
    .nullable()
    .describe(
      'the verified phone number (decision 0044): shown to buyers, prefilled in new listings; null when none',
    ),
});
export type Profile = z.infer<typeof profileSchema>;

const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema } as const;

export const getProfileContract = {
  method: 'GET',
  url: '/api/profile',
  summary: "The signed-in user's own profile (any role)",
  response: { 200: profileSchema, ...guarded },
} as const;

/** The name rule of registration (docs/product.md §5 "name is required"), trimmed, at most 80 characters. */
export const displayNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'name is required' })
  .max(limits.displayNameMax, {
    message: `must be at most ${limits.displayNameMax} characters`,
  })
  .regex(singleLinePattern, { message: singleLineMessage });

/**
 * `POST /api/profile/seller`: the signed-in user starts selling (decision 0042). Every account
 * buys; this adds the seller role to the caller's own account. Idempotent: a seller calling it
 * again gets the same answer.
 */
export const becomeSellerContract = {
  method: 'POST',
  url: '/api/profile/seller',
  summary:
    "Adds the seller role to the caller's own account (every account already buys). " +
    'Idempotent; answers the roles the account now holds.',
  response: {
    200: z.object({ isSeller: z.literal(true), isBuyer: z.literal(true) }),
    ...guarded,
  },
} as const;

export const updateProfileContract = {
  method: 'PATCH',
  url: '/api/profile',
  summary:
    'Changes the caller\'s display name and/or photo (photo: an upload of ours, or "" for none), ' +
    'home place and time zone (an IANA name; 400 for anything else). ' +
    'Product record and identity change in one transaction; open bookings follow, finished ' +
    'orders keep their snapshot. 400 for an empty body or a bad field.',
  body: z
    .object({
      displayName: displayNameSchema.optional(),
      photoURL: photoUrlSchema
        .refine((value) => !value.startsWith('https://'), {
          message: 'must be an image uploaded to this site (/uploads/…)',
        })
        .optional(),
      home_place_id: placeIdSchema
        .nullable()
        .optional()
        .describe('the place to search from by default (GeoNames id), or null to forget it'),
      time_zone: timeZoneSchema
        .nullable()
        .optional()
        .describe('the IANA time zone of the times in your mail, or null to forget it'),
    })
    .strict(),
  response: { 200: profileSchema, ...guarded },
} as const;

export const changePasswordContract = {
  method: 'POST',
  url: '/api/profile/password',
  summary:
    "Changes the caller's password: needs the current one (wrong → 400, nothing changes); the " +
    'new one follows the registration rule. Ends every other session of the account (their ' +
    'cookies and API tokens stop working at once); this session and its token go on. 409 for ' +
    'an account without a password (Google only). Counted by the per-account attempt limit (429).',
  body: z
    .object({
      current_password: z
        .string({ message: 'Password is required' })
        .min(1, { message: 'Password is required' })
        .max(limits.passwordMax),
      new_password: passwordSchema,
    })
    .strict(),
  response: {
    200: z.object({
      changed: z.literal(true),
      sessionsEnded: z.number().int().describe('how many other sessions were ended'),
    }),
    ...guarded,
    409: errorSchema,
    429: errorSchema,
  },
} as const;

export const deleteProfileContract = {
  method: 'DELETE',
  url: '/api/profile',
  summary:
    "Deletes the caller's own account as the admin's delete does (soft delete; sessions and " +
    'tokens end; unsold listings leave the market; orders and payments stay). `deletedCount` 1. ' +
    '409 for the last live admin.',
  response: {
    200: z.object({ deletedCount: z.number().int() }),
    ...guarded,
    409: errorSchema,
  },
} as const;
