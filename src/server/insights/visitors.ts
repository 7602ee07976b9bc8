/**
 * Visitor hashes (decision 0029). A browser keeps a random visitor id in its local storage and
 * sends it with each view beacon; we store only `SHA-256(salt of the UTC day ‖ visitor id)`,
 * base64url. The salt is random, made by the first instance that needs it and shared through
 * `visitor_salts`; the clean-up job deletes it once the day is over, so a stored hash can be
 * neither linked to the same visitor's hashes of other days nor recomputed from a visitor id.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { visitorSalts } from '../db/schema.js';

/** The UTC day of `at` as `YYYY-MM-DD`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** `day` (`YYYY-MM-DD`) moved by `days` whole days. */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

/**
 * The salt of `day`, made once across all instances (the first insert wins; the others read
 * it). Kept in memory by the caller for the day.
 */
export async function saltOf(db: Database, day: string): Promise<string> {
  await db
    .insert(visitorSalts)
    .values({ day, salt: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ salt: visitorSalts.salt })
    .from(visitorSalts)
    .where(eq(visitorSalts.day, day));
  if (!row) throw new Error(`no visitor salt for ${day}`);
  return row.salt;
}

/** The stored form of a visitor id on a day: base64url SHA-256 of salt and id (43 characters). */
export function visitorHash(salt: string, visitorId: string): string {
  return createHash('sha256').update(salt).update('\0').update(visitorId).digest('base64url');
}

/** Deletes the salts of days before `keepFrom` (`YYYY-MM-DD`). @returns how many. */
export async function deleteSaltsBefore(db: Database, keepFrom: string): Promise<number> {
  const deleted = await db
    .delete(visitorSalts)
    .where(lt(visitorSalts.day, keepFrom))
    .returning({ day: visitorSalts.day });
  return deleted.length;
}
