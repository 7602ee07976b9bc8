/**
 * Unsubscribing from notification e-mail (issues 14 and 15): every notification mail carries a
 * signed link, in its text and in its `List-Unsubscribe` header (RFC 2369), that turns off that
 * one kind of mail without signing in. `POST /api/unsubscribe?token=…` is also the RFC 8058
 * one-click target: mail clients POST `List-Unsubscribe=One-Click` to it, which is accepted and
 * ignored (the token says everything).
 */
import { z } from 'zod';
import { errorSchema } from './errors.js';

/** A signed unsubscribe token (base64url payload `.` base64url HMAC-SHA-256), at most 512 characters. */
export const unsubscribeTokenSchema = z
  .string()
  .min(1, 'token is required')
  .max(512, 'token is too long')
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'token is malformed');

export const unsubscribeContract = {
  method: 'POST',
  url: '/api/unsubscribe',
  querystring: z.object({ token: unsubscribeTokenSchema }),
  response: {
    200: z.object({
      unsubscribed: z.literal(true),
      /** What the reader will no longer receive, e.g. "price-drop e-mails for your favourites". */
      description: z.string(),
    }),
    400: errorSchema,
    404: errorSchema,
  },
} as const;
