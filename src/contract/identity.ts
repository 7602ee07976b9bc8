/**
 * Identity checks (decision 0044): a user proves who they are to an identity provider, and the
 * "ID verified" badge shows from then on. Only the outcome is kept, never a document. The
 * provider is IDENTITY_PROVIDER:
 *
 * - `sandbox` — the user uploads a photo of their identity document and a selfie (`POST
 *   /api/images`, then their `/uploads/…` paths here) with the document's number, and the
 *   sandbox decides at once by the number, as the payment sandbox does by the card number
 *   ({@link sandboxIdentityDocuments}). Both pictures are deleted as soon as it has decided.
 * - `stripe` — Stripe Identity: a VerificationSession (a document with a matching selfie) is
 *   created and the user is sent to its page (`url`); Stripe's signed webhook
 *   (`POST /api/stripe/identity-webhook`) brings the outcome back, and the session is redacted at
 *   Stripe after the decision, so the documents are deleted there too.
 *
 * - `GET /api/profile/identity` — the caller's state.
 * - `POST /api/profile/identity` — starts a check: 200 with the sandbox's decision, 201 with a
 *   Stripe session to open; 409 when the caller is already verified; 502 when Stripe fails.
 */
import { z } from 'zod';
import { errorSchema } from './errors.js';
import { identityTexts, sandboxIdentityDocuments } from './identity-texts.js';

export { identityTexts, sandboxIdentityDocuments };

/** Where a check stands: `none` before the first one; `pending` while Stripe's is open. */
export const identityStatuses = ['none', 'pending', 'approved', 'declined', 'canceled'] as const;
export type IdentityStatus = (typeof identityStatuses)[number];

export const identityStateSchema = z.object({
  provider: z.enum(['sandbox', 'stripe']).describe('IDENTITY_PROVIDER'),
  status: z.enum(identityStatuses).describe("the caller's latest check"),
  verified: z.boolean().describe('the "ID verified" badge shows'),
  verified_at: z.string().nullable().describe('ISO 8601: when an identity check was approved'),
  reason: z
    .string()
    .nullable()
    .describe('why the latest check was declined or canceled, in the provider’s words'),
  url: z
    .string()
    .nullable()
    .describe('Stripe: the page of the session just started, to send the user to; else null'),
  client_secret: z
    .string()
    .nullable()
    .describe("Stripe: the session's client secret, for Stripe.js's verifyIdentity; else null"),
});
export type IdentityState = z.infer<typeof identityStateSchema>;

const uploadPath = (field: string) =>
  z
    .string({ message: `${field} must be the path of an uploaded picture` })
    .regex(/^\/uploads\/[A-Za-z0-9._-]+$/, {
      message: 'must be a picture uploaded to this site (/uploads/…)',
    });

const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema } as const;

export const identityStateContract = {
  method: 'GET',
  url: '/api/profile/identity',
  summary: "The caller's identity check: provider, state, and since when they are verified.",
  response: { 200: identityStateSchema, ...guarded },
} as const;

export const startIdentityCheckContract = {
  method: 'POST',
  url: '/api/profile/identity',
  summary:
    'Starts an identity check. Sandbox: `document_image` and `selfie_image` (paths of pictures ' +
    'the caller uploaded) and `document_number` are required; the test number decides at once ' +
    '(200), and both pictures are deleted. Stripe: no fields; 201 with the VerificationSession’s ' +
    '`url` and `client_secret`; the outcome arrives by webhook. 409 when already verified; 502 ' +
    'when Stripe fails.',
  body: z
    .object({
      document_image: uploadPath('document_image').optional(),
      selfie_image: uploadPath('selfie_image').optional(),
      document_number: z
        .string({ message: 'must be text' })
        .trim()
        .min(1, { message: 'must not be empty' })
        .max(40, { message: 'must be at most 40 characters' })
        .optional(),
    })
    .strict(),
  response: {
    200: identityStateSchema,
    201: identityStateSchema,
    ...guarded,
    409: errorSchema,
    502: errorSchema,
  },
} as const;

export const stripeIdentityWebhookContract = {
  method: 'POST',
  url: '/api/stripe/identity-webhook',
  summary:
    'Stripe Identity’s events, signed (stripe-signature, STRIPE_IDENTITY_WEBHOOK_SECRET): ' +
    '`identity.verification_session.verified` approves the check, `requires_input` declines it, ' +
    '`canceled` cancels it. 400 for a bad signature. Offered with IDENTITY_PROVIDER=stripe only.',
  response: { 200: z.object({ received: z.literal(true) }), 400: errorSchema },
} as const;
