/**
 * Identity helpers for API tests: sign up through the real identity endpoints, turn the session
 * into an API token, save the product record. Requests carry the site's Origin, as a browser
 * would (Better Auth and the guard refuse cookie-authenticated writes from elsewhere).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { RegistrationRole } from '../../contract/limits.js';
import { users } from '../db/schema.js';
import { solvedProofOfWork } from './proof-of-work.js';

/** Origin of the test configuration's PUBLIC_URL (PORT 3000 by default). */
export const testOrigin = 'http://localhost:3000';

/** Test password (docs/product.md §5: at least 6 characters). */
export const testPassword = 'correct horse 7';

let counter = 0;

/** A unique email for this test run, e.g. `buyer-3-k2j9@example.test`. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.test`;
}

/** The `Cookie` header a browser would send back after `response` (name=value pairs only). */
export function cookieFrom(response: LightMyRequestResponse, previous = ''): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split(';')) {
    const [name, ...rest] = pair.trim().split('=');
    if (name) jar.set(name, rest.join('='));
  }
  const raw = response.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  for (const line of lines) {
    const [pair = ''] = line.split(';');
    const [name, ...rest] = pair.trim().split('=');
    if (!name) continue;
    const value = rest.join('=');
    const expired = /max-age=0/i.test(line) || value === '';
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

export interface SignedUp {
  uid: string;
  email: string;
  password: string;
  /** Cookie header of the identity session. */
  cookie: string;
}

/**
 * Creates an identity by email + password and signs it in, as the SPA does (sign-up answers
 * without a session, so that it looks the same for a taken address). With the app's proof of
 * work on, sign-up carries a solved challenge, as the registration page's does.
 * @throws when either step fails.
 */
export async function signUp(
  app: FastifyInstance,
  input: { email?: string; password?: string; name?: string } = {},
): Promise<SignedUp> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? testPassword;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: testOrigin },
    payload: {
      email,
      password,
      name: input.name ?? 'Test User',
      ...(app.proofOfWork.enabled ? { proof_of_work: await solvedProofOfWork(app) } : {}),
    },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  const signedIn = await signIn(app, email, password);
  if (signedIn.statusCode !== 200) {
    throw new Error(`sign-in after sign-up failed: ${signedIn.statusCode} ${signedIn.body}`);
  }
  const body = signedIn.json<{ user: { id: string } }>();
  return { uid: body.user.id, email, password, cookie: cookieFrom(signedIn) };
}

/** Signs in by email + password; returns the response (cookie via `cookieFrom`). */
export function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: testOrigin },
    payload: { email, password },
  });
}

/** `POST /api/jwt` for `uid` with the session cookie; returns the token. @throws on failure. */
export async function issueToken(app: FastifyInstance, cookie: string, uid: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/jwt',
    headers: { cookie, origin: testOrigin },
    payload: { user: uid },
  });
  if (response.statusCode !== 200) {
    throw new Error(`token failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ token: string }>().token;
}

export interface TestUser extends SignedUp {
  token: string;
  /** The product record's id (`_id`). */
  recordId: string;
}

/**
 * Registers a user the way the SPA does (docs/product.md §2 Registration): sign up, save the product
 * record with `role`, get an API token. `admin: true` also sets the admin flag directly in the
 * database (admin is granted by an operator, never through the API).
 */
export async function registerUser(
  app: FastifyInstance,
  options: { role?: RegistrationRole; admin?: boolean; verified?: boolean; name?: string } = {},
): Promise<TestUser> {
  const identity = await signUp(app, { name: options.name ?? 'Test User' });
  const saved = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { cookie: identity.cookie, origin: testOrigin },
    payload: {
      displayName: options.name ?? 'Test User',
      email: identity.email,
      photoURL: '',
      role: options.role ?? 'buyer',
      uid: identity.uid,
      status: 'unverified',
    },
  });
  if (saved.statusCode !== 201) {
    throw new Error(`saving the user failed: ${saved.statusCode} ${saved.body}`);
  }
  if (options.admin || options.verified) {
    await app.db
      .update(users)
      .set({
        ...(options.admin ? { isAdmin: true } : {}),
        ...(options.verified ? { status: 'verified' } : {}),
      })
      .where(eq(users.uid, identity.uid));
  }
  const token = await issueToken(app, identity.cookie, identity.uid);
  return { ...identity, token, recordId: saved.json<{ insertedId: string }>().insertedId };
}

/** `Authorization` header for a token. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
