/**
 * Accounts, sign-in and roles (docs/product.md §3, §4, §6, §7; decision 0002).
 *
 * Two halves:
 * - The built-in identity provider (Better Auth) under `/api/auth/*`: sign-up, sign-in, sign-out,
 *   session, Google, password reset. Better Auth serves them, so they are no contract entries:
 *   their paths and bodies are listed in `authPaths` (paths.ts). Its session lives in an httpOnly
 *   cookie, which the browser sends on the SPA's same-origin calls.
 * - The product API of docs/product.md §7: `POST /api/jwt` turns the session into a short-lived bearer token
 *   (stored under `access-token`), which every guarded `/api/*` call sends as
 *   `Authorization: Bearer …`.
 *
 * Every error answer is `{statusCode, error, message}`; identity errors also carry Better Auth's
 * machine-readable `code` (e.g. `INVALID_EMAIL_OR_PASSWORD`).
 */
import { singleLineMessage, singleLinePattern } from './text.js';
import { z } from 'zod';
import { uidSchema } from './entities.js';
import { errorSchema } from './errors.js';
import { limits, registrationRoles, userStatuses } from './limits.js';

/** An error answer of the identity endpoints: our error shape plus Better Auth's `code`. */
export const authErrorSchema = errorSchema.extend({ code: z.string().optional() });

/** docs/product.md §5 Registration/Login: the password rule (6–128 characters). */
export const passwordSchema = z
  .string({ message: 'Password is required' })
  .min(limits.passwordMin, {
    message: `Password must be at least ${limits.passwordMin} characters`,
  })
  .max(limits.passwordMax, {
    message: `Password must be at most ${limits.passwordMax} characters`,
  });

/**
 * A photo URL: an upload of ours (`/uploads/<file>`, as `POST /api/images` answers it), or empty
 * for no photo. An https URL passes this shape check, but `POST /api/users` accepts it only when
 * it is the photo the identity provider itself gave the account (Google sign-in): any other
 * site's address would tell that site who looks at the page.
 */
export const photoUrlSchema = z
  .string()
  .max(limits.urlMax)
  .refine(
    (value) =>
      value === '' || /^\/uploads\/[A-Za-z0-9._-]+$/.test(value) || /^https:\/\/\S+$/.test(value),
    { message: 'must be an image uploaded to this site (/uploads/…)' },
  );

export const authConfigContract = {
  method: 'GET',
  url: '/api/auth-config',
  summary: 'Which sign-in methods are configured (the SPA toasts when Google is not)',
  response: { 200: z.object({ google: z.boolean() }) },
} as const;

const guardedErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema } as const;

export const issueTokenContract = {
  method: 'POST',
  url: '/api/jwt',
  summary:
    'An API bearer token for the signed-in identity (docs/product.md §7 POST /jwt). Needs the session cookie ' +
    'of `user`: 401 without a session, 403 for another uid. Token lifetime: 15 minutes.',
  body: z.object({ user: uidSchema }),
  response: { 200: z.object({ token: z.string() }), ...guardedErrors },
} as const;

/**
 * docs/product.md §7 POST /users (payload of docs/product.md §3 User). The server uses the signed-in identity's uid
 * (the body's `uid` is ignored), forces `status: 'unverified'` (the body's `status` is ignored),
 * accepts role buyer or seller only, and requires `email` to be the identity's email. A second
 * call for the same identity keeps role and status and only updates displayName and photoURL.
 */
export const saveUserContract = {
  method: 'POST',
  url: '/api/users',
  summary:
    "Saves the signed-in identity's user record (docs/product.md §7 POST /users); session cookie or bearer",
  body: z.object({
    displayName: z
      .string()
      .trim()
      .min(1, { message: 'name is required' })
      .max(limits.displayNameMax)
      .regex(singleLinePattern, { message: singleLineMessage }),
    email: z.email({ message: 'must be an email address' }).max(limits.emailMax),
    photoURL: photoUrlSchema.default(''),
    role: z.enum(registrationRoles, { message: 'must be buyer or seller' }).default('buyer'),
    uid: uidSchema.optional().describe('ignored: the signed-in identity is used'),
    status: z.enum(userStatuses).optional().describe("ignored: always 'unverified'"),
  }),
  response: {
    200: z.object({
      acknowledged: z.boolean(),
      insertedId: z.string().describe('the record id (`_id`); the existing one on a repeat call'),
    }),
    201: z.object({ acknowledged: z.boolean(), insertedId: z.string() }),
    ...guardedErrors,
  },
} as const;

const roleParams = z.object({ uid: uidSchema });

export const adminRoleContract = {
  method: 'GET',
  url: '/api/user/admin/:uid',
  summary: 'Whether the caller is an admin; bearer, :uid must be the caller',
  params: roleParams,
  response: { 200: z.object({ isAdmin: z.boolean() }), ...guardedErrors },
} as const;

export const sellerRoleContract = {
  method: 'GET',
  url: '/api/user/seller/:uid',
  summary: 'Whether the caller is a seller; bearer, :uid must be the caller',
  params: roleParams,
  response: { 200: z.object({ isSeller: z.boolean() }), ...guardedErrors },
} as const;

export const buyerRoleContract = {
  method: 'GET',
  url: '/api/user/buyer/:uid',
  summary: 'Whether the caller is a buyer; bearer, :uid must be the caller',
  params: roleParams,
  response: { 200: z.object({ isBuyer: z.boolean() }), ...guardedErrors },
} as const;

export const uploadImageContract = {
  method: 'POST',
  url: '/api/images',
  summary:
    'Uploads an image (multipart field `image`; JPEG, PNG, WebP, GIF or AVIF, at most 5 MB and ' +
    '40 megapixels). Answers the docs/product.md §7 image-host shape; the stored file is a metadata-free ' +
    'WebP of at most 1600×1600. Session cookie or bearer. Quota per account and rolling 24 ' +
    'hours (UPLOAD_DAILY_MAX_COUNT images, UPLOAD_DAILY_MAX_BYTES bytes; one image before the ' +
    'user record exists): 429 past it. Unused uploads are removed after a grace period.',
  response: {
    201: z.object({ data: z.object({ url: z.string().describe('e.g. /uploads/1a2b….webp') }) }),
    ...guardedErrors,
    413: errorSchema,
    429: errorSchema.describe('the daily upload quota is spent'),
  },
} as const;
