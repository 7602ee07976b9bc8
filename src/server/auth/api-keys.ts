/**
 * Dealer API keys (decision 0046): a business seller's long-lived key for the inventory API,
 * sent as `X-Api-Key`. A key is `sgk_` and 32 random bytes in base64url (256 bits); only its
 * SHA-256 is stored (a fast hash is enough for a secret this long: nothing to guess), so a copy
 * of the database does not hold usable keys. The guard (guard.ts, `via: 'api-key'`) finds the
 * key's seller by that hash.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { dealerApiKeys, users } from '../db/schema.js';
import type { UserRecord } from './records.js';

/** A new key's text and what is stored of it. */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `sgk_${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, 10) };
}

/** The stored form of a key: SHA-256, hex. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** How often (ms) a key's `last_used_at` is written at most: once a minute is precise enough. */
const LAST_USED_PRECISION_MS = 60_000;

/**
 * The live key `key` names and its seller's live record: null for an unknown or revoked key, a
 * deleted seller, or one who is no longer a business. Records the use (at most once a minute).
 */
export async function findApiKeyCaller(
  db: Database,
  key: string,
): Promise<{ keyId: string; record: UserRecord } | null> {
  if (!/^sgk_[A-Za-z0-9_-]{43}$/.test(key)) return null;
  const [row] = await db
    .select({ keyId: dealerApiKeys.id, record: users })
    .from(dealerApiKeys)
    .innerJoin(users, eq(users.id, dealerApiKeys.sellerId))
    .where(
      and(
        eq(dealerApiKeys.keyHash, hashApiKey(key)),
        isNull(dealerApiKeys.revokedAt),
        isNull(users.deletedAt),
        eq(users.sellerType, 'business'),
      ),
    );
  if (!row) return null;
  await db
    .update(dealerApiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(dealerApiKeys.id, row.keyId),
        or(
          isNull(dealerApiKeys.lastUsedAt),
          lt(
            dealerApiKeys.lastUsedAt,
            sql`now() - make_interval(secs => ${LAST_USED_PRECISION_MS / 1000})`,
          ),
        ),
      ),
    );
  return row;
}
