/**
 * A seller's `verification` (decision 0044) from their `users` row: which checks they passed,
 * each a badge of its own, and since when.
 */
import type { SellerVerification } from '#contract/index.js';

/** The `users` columns a verification is made of (for a select that joins the seller). */
export interface VerificationColumns {
  phoneVerifiedAt: Date | null;
  identityVerifiedAt: Date | null;
  adminVerifiedAt: Date | null;
  /** `users.status`: 'verified' once an admin verified the seller. */
  status: string;
}

/**
 * The checks the seller passed: `phone` (a code sent by SMS entered back), `identity` (an
 * identity provider matched a document and a selfie), `admin` (an admin verified them;
 * `users.status`), and `since`: the earliest time among the checks held (ISO 8601), null when
 * none is. An admin verification older than its timestamp column counts from the account's
 * creation (migration 0029).
 */
export function presentVerification(row: VerificationColumns): SellerVerification {
  const admin = row.status === 'verified';
  const times = [
    row.phoneVerifiedAt,
    row.identityVerifiedAt,
    admin ? row.adminVerifiedAt : null,
  ].filter((time): time is Date => time !== null);
  const since = times.length === 0 ? null : new Date(Math.min(...times.map((t) => t.getTime())));
  return {
    phone: row.phoneVerifiedAt !== null,
    identity: row.identityVerifiedAt !== null,
    admin,
    since: since?.toISOString() ?? null,
  };
}
