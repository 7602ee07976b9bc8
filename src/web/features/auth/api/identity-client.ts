/**
 * Calls to the built-in identity provider (Better Auth under /api/auth/*, shapes documented on
 * `authPaths` in src/contract/accounts.ts) and to `POST /api/jwt`. Plain fetch, no client library:
 * this module is part of the entry chunk. The session travels in an httpOnly cookie, which the
 * browser sends on these same-origin calls. A 401 here (e.g. a wrong password) is an answer to
 * show, never a reason to log out, so these calls bypass the shared client's 401/403 handling.
 */
import { ApiError, errorMessage, readBody } from '../../../lib/api-client';
import { accountApiPaths, authPaths } from '../../../lib/contract';

/** The identity provider's user (Better Auth's `user` object, the fields we use). */
export interface IdentityUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
}

/** The spec §3/§4 signed-in user: uid, displayName, email, photoURL. */
export interface AuthUser {
  uid: string;
  displayName: string;
  email: string;
  photoURL: string;
}

export function toAuthUser(user: IdentityUser): AuthUser {
  return { uid: user.id, displayName: user.name, email: user.email, photoURL: user.image ?? '' };
}

/**
 * POSTs JSON (or GETs) and returns the parsed answer.
 * @throws ApiError with the provider's message (e.g. "Invalid email or password", 401).
 */
async function identityRequest<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    credentials: 'same-origin',
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

/** The current session's user, or null when signed out. */
export async function getSession(): Promise<IdentityUser | null> {
  const answer = await identityRequest<{ user: IdentityUser } | null>(authPaths.session);
  return answer?.user ?? null;
}

export async function signInWithEmail(email: string, password: string): Promise<IdentityUser> {
  return (await identityRequest<{ user: IdentityUser }>(authPaths.signIn, { email, password }))
    .user;
}

/** Creates the account and signs in at once. @throws ApiError 422 when the email is taken. */
export async function signUpWithEmail(input: {
  name: string;
  email: string;
  password: string;
}): Promise<IdentityUser> {
  return (await identityRequest<{ user: IdentityUser }>(authPaths.signUp, input)).user;
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

/** Spec §2 Registration "update the profile": display name and photo. */
export async function updateIdentity(input: { name: string; image: string }): Promise<void> {
  await identityRequest(authPaths.updateUser, input);
}

/** Spec §7 POST /jwt: a short-lived API token for the signed-in `uid` (401/403 otherwise). */
export async function requestApiToken(uid: string): Promise<string> {
  return (await identityRequest<{ token: string }>(accountApiPaths.token(), { user: uid })).token;
}

/** Which sign-in methods the server has configured. */
export async function getAuthConfig(): Promise<{ google: boolean }> {
  return identityRequest<{ google: boolean }>(accountApiPaths.authConfig());
}

/** Mails a reset link (same answer whether the email has an account or not). */
export async function requestPasswordReset(email: string, redirectTo: string): Promise<void> {
  await identityRequest(authPaths.requestPasswordReset, { email, redirectTo });
}

/** Sets a new password with the mailed token. @throws ApiError 400 for a bad or used token. */
export async function resetPassword(newPassword: string, token: string): Promise<void> {
  await identityRequest(authPaths.resetPassword, { newPassword, token });
}
