/**
 * The zod-free constants of the API that are not contract routes: the pagination header, the API
 * token's lifetime and storage key, and the identity provider's paths (`/api/auth/*`, served by
 * Better Auth, not declared in the contract). Free of zod on purpose: the SPA's entry chunk
 * imports it. URLs of the contract's routes come from the route table (`routes.ts`, decision 0007).
 */

/** Name of the response header that carries the next page's cursor (decision 0003). */
export const nextCursorHeader = 'x-next-cursor';

/** The PaymentIntent id inside a client secret (`pi_…_secret_…`), as Stripe.js reads it. */
export function paymentIntentIdOf(clientSecret: string): string {
  const at = clientSecret.indexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : clientSecret;
}

/** Lifetime of an API token (seconds). The SPA asks for a new one before it runs out. */
export const apiTokenLifetimeSeconds = 15 * 60;

/** docs/product.md §3/§9: the local-storage key of the API token. */
export const accessTokenStorageKey = 'access-token';

/**
 * The identity provider's calls the SPA makes (Better Auth; JSON bodies; the session cookie is
 * set and sent by the browser). Bodies:
 * - `signUp` POST {name, email, password, image?} → {token, user}; signs in at once.
 *   422 `USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL`, 400 `PASSWORD_TOO_SHORT`.
 * - `signIn` POST {email, password} → {redirect, token, user}; 401 `INVALID_EMAIL_OR_PASSWORD`
 *   for a wrong password and an unknown email alike.
 * - `signInWithGoogle` POST {provider: 'google', callbackURL: '/…'} → {url, redirect: true}; the
 *   SPA navigates to `url`; after Google the browser lands on callbackURL, signed in.
 * - `signOut` POST {} → {success}; ends the session on the server.
 * - `session` GET → {session, user} or null.
 * - `updateUser` POST {name?, image?} → {status} (the registration's "update profile").
 * - `requestPasswordReset` POST {email} → {status, message}; mails a link to
 *   `${PUBLIC_URL}/reset-password?token=…` (same answer whether the email exists or not).
 * - `resetPassword` POST {newPassword, token} → {status}; ends every session of the account;
 *   400 `INVALID_TOKEN`.
 * Too many sign-in, sign-up or reset attempts answer 429 with a `retry-after` header (seconds).
 */
export const authPaths = {
  signUp: '/api/auth/sign-up/email',
  signIn: '/api/auth/sign-in/email',
  signInWithGoogle: '/api/auth/sign-in/social',
  signOut: '/api/auth/sign-out',
  session: '/api/auth/get-session',
  updateUser: '/api/auth/update-user',
  requestPasswordReset: '/api/auth/request-password-reset',
  resetPassword: '/api/auth/reset-password',
} as const;
