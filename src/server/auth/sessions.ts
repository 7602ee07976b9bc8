/**
 * Lookups in the identity provider (Better Auth) that the rest of the server needs. They live
 * here so that no route talks to Better Auth directly (decision 0008): the guard reads the
 * identity session of a cookie, the accounts routes read an identity's email.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { authUser } from '../db/schema.js';
import type { Auth } from './better-auth.js';

/** Converts Node request headers to Fetch headers (for Better Auth). */
export function toFetchHeaders(raw: FastifyRequest['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  return headers;
}

/** An identity session found from a request's cookie. */
export interface IdentitySession {
  /** The identity's id (docs/product.md §3 uid). */
  uid: string;
  sessionId: string;
}

/**
 * The live identity session of the request's session cookie, or null when there is no cookie or
 * no live session behind it. Reads only: the session is not refreshed (`disableRefresh`).
 */
export async function identitySessionOf(
  auth: Auth,
  headers: FastifyRequest['headers'],
): Promise<IdentitySession | null> {
  if (!headers.cookie) return null;
  const result = await auth.api.getSession({
    headers: toFetchHeaders(headers),
    query: { disableRefresh: true },
  });
  return result ? { uid: result.user.id, sessionId: result.session.id } : null;
}

/**
 * The email address and photo (`image`: e.g. the photo Google gave the account) of identity
 * `uid`, as the identity provider stores them, or null when there is no such identity.
 */
export async function findIdentity(
  db: Database,
  uid: string,
): Promise<{ email: string; image: string | null } | null> {
  const [row] = await db
    .select({ email: authUser.email, image: authUser.image })
    .from(authUser)
    .where(eq(authUser.id, uid))
    .limit(1);
  return row ?? null;
}
