/** Writes of the product's user record (docs/product.md §3 User) for `POST /api/users`. */
import { eq, sql } from 'drizzle-orm';
import type { RegistrationRole } from '#contract/limits.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';

export interface NewUserRecord {
  uid: string;
  displayName: string;
  email: string;
  photoUrl: string;
  role: RegistrationRole;
}

/**
 * Saves the record of `uid` (decision 0002): inserts it with status 'unverified' and no admin
 * flag, or, when it exists, updates only displayName and photoUrl — role, status and the admin
 * flag never change here, so a repeat call cannot gain privileges. One statement, so two
 * concurrent calls cannot create two records (users.uid is unique).
 * @returns the record id and whether it was created now.
 */
export async function saveUserRecord(
  db: Database,
  record: NewUserRecord,
): Promise<{ id: string; inserted: boolean }> {
  const [row] = await db
    .insert(users)
    .values({ ...record, status: 'unverified', isAdmin: false })
    .onConflictDoUpdate({
      target: users.uid,
      set: { displayName: record.displayName, photoUrl: record.photoUrl },
    })
    .returning({ id: users.id, inserted: sqlInserted() });
  if (!row) throw new Error('saving the user record returned no row');
  return row;
}

/** PostgreSQL: `xmax = 0` holds for a row this statement inserted (not updated). */
function sqlInserted() {
  return sql<boolean>`(xmax = 0)`;
}

/** The record of `uid`, deleted or not. */
export async function findRecordByUid(db: Database, uid: string) {
  const [row] = await db.select().from(users).where(eq(users.uid, uid)).limit(1);
  return row ?? null;
}
