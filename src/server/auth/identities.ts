/**
 * Identities made by the server itself rather than by a sign-up: the operator's admin
 * (ADMIN_EMAIL/ADMIN_PASSWORD) and the demo accounts. They are written straight into the
 * identity tables with the same argon2id hashes Better Auth's sign-up stores (a 'credential'
 * account whose accountId is the user id), so they sign in like anyone else.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { DEMO_PASSWORD, demoUsers } from '../db/demo/accounts.js';
import { authAccount, authUser, users } from '../db/schema.js';
import { hashPassword, verifyPassword } from './password.js';

/** A new identity id: 32 URL-safe characters, like Better Auth's own (docs/product.md §3 uid). */
export function newIdentityId(): string {
  return randomBytes(24).toString('base64url');
}

export interface CredentialIdentity {
  /** Fixed id, or a new random one. */
  id?: string;
  email: string;
  name: string;
  image?: string | null;
  /** A password hash (password.ts) — pass one hash to seed several accounts quickly. */
  passwordHash: string;
}

/**
 * Creates an email + password identity unless one with that email exists.
 * @returns the identity's id and whether it was created now.
 */
export async function ensureCredentialIdentity(
  db: Database,
  identity: CredentialIdentity,
): Promise<{ id: string; created: boolean }> {
  const email = identity.email.toLowerCase();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: authUser.id })
      .from(authUser)
      .where(eq(authUser.email, email))
      .limit(1);
    if (existing) return { id: existing.id, created: false };
    const id = identity.id ?? newIdentityId();
    await tx.insert(authUser).values({
      id,
      email,
      name: identity.name,
      image: identity.image ?? null,
      emailVerified: false,
    });
    await tx.insert(authAccount).values({
      id: newIdentityId(),
      userId: id,
      accountId: id,
      providerId: 'credential',
      password: identity.passwordHash,
    });
    return { id, created: true };
  });
}

/**
 * Makes sure the operator's admin can sign in and holds the admin role
 * (decision 0002): creates the identity when its email is unknown (an existing identity keeps its
 * password — change it with a password reset), then creates its product record (role buyer,
 * admin flag) or sets the admin flag on the existing one and restores it if it was deleted.
 * Idempotent: running it at every start changes nothing the second time.
 * @returns the admin's uid and whether the identity was created now.
 */
export async function ensureAdminAccount(
  db: Database,
  admin: { email: string; password: string },
): Promise<{ uid: string; created: boolean }> {
  const email = admin.email.toLowerCase();
  const [existing] = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(eq(authUser.email, email))
    .limit(1);
  const identity = existing
    ? { id: existing.id, created: false }
    : await ensureCredentialIdentity(db, {
        email,
        name: 'Administrator',
        passwordHash: await hashPassword(admin.password),
      });
  await db
    .insert(users)
    .values({
      uid: identity.id,
      displayName: 'Administrator',
      email,
      role: 'buyer',
      isAdmin: true,
    })
    .onConflictDoUpdate({ target: users.uid, set: { isAdmin: true, deletedAt: null } });
  return { uid: identity.id, created: identity.created };
}

/**
 * Creates the identities of the demo users (src/server/db/demo/accounts.ts) with ids equal to
 * their fixed uids and the shared DEMO_PASSWORD, after the demo data was loaded. Only ever called
 * for a database that was just seeded with demo data (never when SEED_DEMO=false). One hash is
 * shared by the accounts: the password is public demo data, and hashing once keeps the first
 * start quick.
 * @returns how many identities were created.
 */
export async function createDemoIdentities(db: Database): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // The seeded records carry the demo pictures; the identity shows the same one.
  const photos = new Map(
    (
      await db
        .select({ uid: users.uid, photoUrl: users.photoUrl })
        .from(users)
        .where(
          inArray(
            users.uid,
            demoUsers.map((user) => user.uid),
          ),
        )
    ).map((row) => [row.uid, row.photoUrl]),
  );
  let created = 0;
  for (const user of demoUsers) {
    const result = await ensureCredentialIdentity(db, {
      id: user.uid,
      email: user.email,
      name: user.displayName,
      image: photos.get(user.uid) || null,
      passwordHash,
    });
    if (result.created) created += 1;
  }
  return created;
}

/**
 * The demo accounts that can still sign in with the public DEMO_PASSWORD:
 * their e-mail addresses, for the start-up warning on a public URL. Verifies each demo
 * identity's stored hash against DEMO_PASSWORD (argon2id, a few milliseconds each; three to
 * five accounts, once per start).
 */
export async function demoAccountsWithKnownPassword(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: authUser.email, hash: authAccount.password })
    .from(authUser)
    .innerJoin(authAccount, eq(authAccount.userId, authUser.id))
    .where(
      inArray(
        authUser.id,
        demoUsers.map((user) => user.uid),
      ),
    );
  const exposed: string[] = [];
  for (const row of rows) {
    if (row.hash && (await verifyPassword({ hash: row.hash, password: DEMO_PASSWORD }))) {
      exposed.push(row.email);
    }
  }
  return exposed.sort();
}
