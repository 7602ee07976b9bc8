/**
 * The identity checks' reads (decision 0044): a caller's identity state and which of the
 * pictures they send are their own uploads. The routes are src/server/routes/profile/identity.ts.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { IdentityState } from '#contract/index.js';
import type { Database } from '../db/client.js';
import { identityChecks, uploads, users } from '../db/schema.js';

/** The caller's identity state: the latest check and the verification on their row. */
export async function identityState(
  db: Database,
  provider: IdentityState['provider'],
  userId: string,
): Promise<IdentityState> {
  const [[user], [latest]] = await Promise.all([
    db.select({ verifiedAt: users.identityVerifiedAt }).from(users).where(eq(users.id, userId)),
    db
      .select({ status: identityChecks.status, reason: identityChecks.reason })
      .from(identityChecks)
      .where(eq(identityChecks.userId, userId))
      .orderBy(desc(identityChecks.createdAt))
      .limit(1),
  ]);
  const verifiedAt = user?.verifiedAt ?? null;
  return {
    provider,
    status: latest?.status ?? (verifiedAt ? 'approved' : 'none'),
    verified: verifiedAt !== null,
    verified_at: verifiedAt?.toISOString() ?? null,
    reason: latest?.reason ?? null,
    url: null,
    client_secret: null,
  };
}

/**
 * The caller's own uploads among `paths` (each an `/uploads/<file>` path), by the upload ledger:
 * a check may only use, and so delete, pictures its caller uploaded.
 */
export async function ownUploads(db: Database, uid: string, paths: string[]): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ url: uploads.url })
    .from(uploads)
    .where(and(eq(uploads.uploaderUid, uid), inArray(uploads.url, paths)));
  return new Set(rows.map((row) => row.url));
}
