/**
 * Verified people (decision 0044): what a badge promises, and the calls that earn one.
 *
 * - `POST /api/profile/phone` `{phone}` (any signed-in user) — parses the number (national form
 *   read in the country of the caller's home place, else the United States; international form
 *   "+…" as it is) to E.164 and sends a 6-digit code to it by SMS. The code lives 10 minutes;
 *   a new one ends the one before. Sending is limited per number, per account and per client
 *   address (429 naming the limit; docs/configuration.md). 409 when another account verified the
 *   number. 502 when the SMS provider fails.
 * - `POST /api/profile/phone/verify` `{code}` — the code sent last: right → the number is the
 *   caller's verified number (shown to buyers, prefilled in new listings); wrong → 400 with the
 *   tries left; 5 wrong tries end the code; none waiting or expired → 400.
 *
 * Every seller answer carries `verification` ({@link sellerVerificationSchema}).
 */
import { z } from 'zod';
import { errorSchema } from './errors.js';
import { verificationTexts } from './verification-texts.js';

export { verificationTexts };

/** How long a verification code lives (ms) and how many wrong tries end it. */
export const phoneCodeRules = { lifetimeMs: 10 * 60_000, maxTries: 5, digits: 6 } as const;

/**
 * The checks a seller passed (decision 0044): each badge names one and promises only it.
 * `since` is when the earliest of the checks still held was passed; null with none.
 */
export const sellerVerificationSchema = z
  .object({
    phone: z.boolean().describe('a code sent by SMS to the seller’s number was entered back'),
    identity: z
      .boolean()
      .describe('an identity provider matched an identity document with a selfie'),
    admin: z.boolean().describe('an admin of this site reviewed and verified the seller'),
    since: z
      .string()
      .nullable()
      .describe('ISO 8601: when the earliest of these checks was passed; null with none'),
  })
  .describe('the checks the seller passed (decision 0044)');
export type SellerVerification = z.infer<typeof sellerVerificationSchema>;

/**
 * Why an unverified account's first message was refused (decision 0044), and how to lift it.
 * `kinds`: what the message carries ('link', 'email', 'phone').
 */
export function firstContactRefusal(kinds: readonly ('link' | 'email' | 'phone')[]): string {
  const names = { link: 'links', email: 'e-mail addresses', phone: 'phone numbers' } as const;
  const listed = kinds.map((kind) => names[kind]);
  const what =
    listed.length > 1 ? `${listed.slice(0, -1).join(', ')} or ${listed.at(-1)}` : listed[0];
  return `Your first message in a conversation cannot contain ${what}. Send it without them, or verify your phone number on your profile to lift this rule.`;
}

/** Why an unverified account could not start another conversation today (decision 0044). */
export function firstContactLimit(max: number): string {
  return `Accounts without a verified phone number can start ${max} new conversations a day. Verify your phone number on your profile to start more, or try again tomorrow.`;
}

/** A phone number as typed: national or international form. */
const phoneInputSchema = z
  .string({ message: 'phone is required' })
  .trim()
  .min(3, { message: 'must be a phone number' })
  .max(32, { message: 'must be at most 32 characters' })
  .regex(/^[+0-9()./\-\s]+$/, { message: 'must be a phone number (digits, +, spaces, -, (, ))' });

const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema } as const;

/** The caller's phone number and whether it is verified. */
export const phoneStateSchema = z.object({
  phone: z.string().describe('E.164, e.g. +14155550123'),
  verified: z.boolean(),
  expires_at: z
    .string()
    .nullable()
    .describe('ISO 8601: when the code sent expires; null once verified'),
});
export type PhoneState = z.infer<typeof phoneStateSchema>;

export const requestPhoneCodeContract = {
  method: 'POST',
  url: '/api/profile/phone',
  summary:
    'Sends a 6-digit code by SMS to the number (stored in E.164; the national form is read in ' +
    "the country of the caller's home place, else the United States). The code lives 10 " +
    'minutes; a new one ends the one before. 429 past the codes per number, account or client; ' +
    '409 when another account verified the number; 502 when the SMS provider fails.',
  body: z.object({ phone: phoneInputSchema }).strict(),
  response: {
    200: phoneStateSchema,
    ...guarded,
    409: errorSchema,
    429: errorSchema,
    502: errorSchema,
  },
} as const;

export const verifyPhoneContract = {
  method: 'POST',
  url: '/api/profile/phone/verify',
  summary:
    'Verifies the number with the code sent last: right → the caller’s verified number; wrong → ' +
    '400 with the tries left (5 wrong tries end the code); none waiting or expired → 400. 409 ' +
    'when another account verified the number meanwhile.',
  body: z
    .object({
      code: z
        .string({ message: 'code is required' })
        .trim()
        .regex(/^\d{6}$/, { message: 'must be the 6 digits of the code' }),
    })
    .strict(),
  response: { 200: phoneStateSchema, ...guarded, 409: errorSchema },
} as const;
