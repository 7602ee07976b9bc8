/**
 * Calls to the built-in identity provider (Better Auth under /api/auth/*, shapes documented on
 * `authPaths` in src/contract/paths.ts, which are not contract routes) and the two contract calls
 * made with its session: `POST /api/jwt` and `GET /api/auth-config`. Plain fetch, no client
 * library: this module is part of the entry chunk. The session travels in an httpOnly cookie,
 * which the browser sends on these same-origin calls. A 401 here (e.g. a wrong password) is an
 * answer to show, never a reason to log out, so none of these calls log anybody out.
 */
import type { User } from '#contract/entities';
import { authPaths } from '#contract/paths';
import * as apiRoutes from '#contract/route-table';
import type { RouteAnswer } from '#contract/routes';
import { apiCall, ApiError, errorMessage, readBody } from '../api-client';

/** The identity provider's user (Better Auth's `user` object, the fields we use). */
export interface IdentityUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
}

/** The docs/product.md §3/§4 signed-in user: the fields of the User record the identity knows. */
export type AuthUser = Pick<User, 'uid' | 'displayName' | 'email' | 'photoURL'>;

export function toAuthUser(user: IdentityUser): AuthUser {
  return { uid: user.id, displayName: user.name, email: user.email, photoURL: user.image ?? '' };
}

/**
 * POSTs JSON (or GETs) to the identity provider and returns the parsed answer, typed as
 * `authPaths` documents it (Better Auth's shapes: no contract entry describes them).
 * @throws ApiError with the provider's message (e.g. "Invalid email or password", 401).
 */
async function identityRequest<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, errorMessage(parsed, response));
  return parsed as T;
}

/** Waits (ms) before the retries of a session check that failed for a passing reason. */
const SESSION_RETRY_DELAYS_MS = [500, 1500, 4000];

/** A failure that says nothing about the session: too many requests, a server or network error. */
const isTransient = (error: unknown) =>
  error instanceof TypeError ||
  (error instanceof ApiError && (error.status === 429 || error.status >= 500));

/**
 * The current session's user, or null when signed out. A check refused for a passing reason
 * (429, 5xx, no network) is tried again after 0.5, 1.5 and 4 s before it fails: it must not
 * sign the visitor out, which the app does when the check fails.
 * @throws ApiError or TypeError when the last try fails too.
 */
export async function getSession(): Promise<IdentityUser | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await identityRequest<{ user: IdentityUser } | null>(authPaths.session);
      return answer?.user ?? null;
    } catch (error) {
      const delay = SESSION_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !isTransient(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export async function signInWithEmail(email: string, password: string): Promise<IdentityUser> {
  return (await identityRequest<{ user: IdentityUser }>(authPaths.signIn, { email, password }))
    .user;
}

/**
 * What registration shows when signing in after sign-up fails: the address may belong to an
 * existing account, which the server does not confirm (docs/spec-deviations.md, ASVS 6.3.8).
 */
export const registrationSignInFailed =
  'We could not register you with this email and password. If you already have an account, log in or reset your password.';

/**
 * Creates the account, then signs in (docs/product.md §2 Registration: "create the account"). Sign-up answers
 * a taken address like a new one, without a session (the owner is told by mail), so signing in
 * is what tells the two apart, and its failure is worded so as not to say which it was.
 * @throws ApiError with the provider's message (a too short or too common password), or 401
 *   with `registrationSignInFailed`.
 */
export async function signUpWithEmail(input: {
  name: string;
  email: string;
  password: string;
  /** A solved proof-of-work challenge (decision 0044; lib/use-proof-of-work.tsx). */
  proof_of_work?: string;
}): Promise<IdentityUser> {
  await identityRequest(authPaths.signUp, input);
  try {
    return await signInWithEmail(input.email, input.password);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      throw new ApiError(401, registrationSignInFailed);
    }
    throw error;
  }
}

/**
 * Starts Google sign-in: the answer's `url` is the provider's page; after it the browser comes
 * back to `callbackURL` signed in, or to `errorCallbackURL?error=…`.
 */
export async function startGoogleSignIn(callbackURL: string, errorCallbackURL: string) {
  return identityRequest<{ url: string }>(authPaths.signInWithGoogle, {
    provider: 'google',
    callbackURL,
    errorCallbackURL,
  });
}

/** Ends the session on the server. */
export async function signOutSession(): Promise<void> {
  await identityRequest(authPaths.signOut, {});
}

/** docs/product.md §2 Registration "update the profile": display name and photo. */
export async function updateIdentity(input: { name: string; image: string }): Promise<void> {
  await identityRequest(authPaths.updateUser, input);
}

/** docs/product.md §7 POST /jwt: a short-lived API token for the signed-in `uid` (401/403 otherwise). */
export async function requestApiToken(uid: string): Promise<string> {
  const answer = await apiCall(apiRoutes.issueToken, { body: { user: uid }, auth: 'session' });
  return answer.token;
}

/** Which sign-in methods the server has configured. */
export async function getAuthConfig(): Promise<RouteAnswer<typeof apiRoutes.authConfig>> {
  return apiCall(apiRoutes.authConfig, { auth: 'session' });
}

/** Mails a reset link (same answer whether the email has an account or not). */
export async function requestPasswordReset(email: string, redirectTo: string): Promise<void> {
  await identityRequest(authPaths.requestPasswordReset, { email, redirectTo });
}

/** Sets a new password with the mailed token. @throws ApiError 400 for a bad or used token. */
export async function resetPassword(newPassword: string, token: string): Promise<void> {
  await identityRequest(authPaths.resetPassword, { newPassword, token });
}
