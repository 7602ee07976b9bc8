/**
 * The product's user records (docs/product.md §3 User, table `users`) seen from the identity side:
 * `users.uid` is the identity's id (`auth_user.id`).
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { authSession, authUser, users } from '../db/schema.js';

export type UserRecord = typeof users.$inferSelect;

/**
 * Creates the buyer record of an identity unless one exists (docs/product.md §6: Google sign-in always
 * creates a buyer). Name, email and photo come from the identity. Idempotent.
 */
export async function ensureBuyerRecord(db: Database, uid: string): Promise<void> {
  const [identity] = await db.select().from(authUser).where(eq(authUser.id, uid)).limit(1);
  if (!identity) return;
  await db
    .insert(users)
    .values({
      uid,
      displayName: identity.name || identity.email,
      email: identity.email,
      photoUrl: identity.image ?? '',
      role: 'buyer',
    })
    .onConflictDoNothing({ target: users.uid });
}

/** What the guard needs to know about a token's subject, read in one query. */
export interface CallerState {
  /** The identity (auth_user) still exists. */
  identityExists: boolean;
  /** The identity session the token was issued for still exists and has not expired. */
  sessionAlive: boolean;
  /** The product record, deleted or not; null before POST /api/users. */
  record: UserRecord | null;
}

/** Loads identity, session and product record of `uid` (primary-key and unique lookups). */
export async function loadCallerState(
  db: Database,
  uid: string,
  sessionId: string,
): Promise<CallerState> {
  const [row] = await db
    .select({ identityId: authUser.id, sessionId: authSession.id, record: users })
    .from(authUser)
    .leftJoin(
      authSession,
      and(
        eq(authSession.id, sessionId),
        eq(authSession.userId, authUser.id),
        gt(authSession.expiresAt, new Date()),
      ),
    )
    .leftJoin(users, eq(users.uid, authUser.id))
    .where(eq(authUser.id, uid))
    .limit(1);
  if (!row) return { identityExists: false, sessionAlive: false, record: null };
  return { identityExists: true, sessionAlive: row.sessionId !== null, record: row.record };
}

/** The product record of `uid`, deleted or not, or null. */
export async function findUserRecord(db: Database, uid: string): Promise<UserRecord | null> {
  const [row] = await db.select().from(users).where(eq(users.uid, uid)).limit(1);
  return row ?? null;
}

/**
 * Ends every identity session of `uid` (sign-out everywhere), so its cookies stop working as
 * well as its API tokens (bound to a session). Called inside the transaction of an admin's
 * user delete (moderation/repository.ts deleteUser).
 */
export async function endSessionsOf(db: Database, uid: string): Promise<void> {
  await db.delete(authSession).where(eq(authSession.userId, uid));
}
