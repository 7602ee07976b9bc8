/**
 * The audit log's one writer (decision 0006): every admin action — and, since accountable
 * moderation (decision 0021), every step of a notice's life: the report, the decision, the appeal and its
 * outcome — inserts one `audit_log` row inside the transaction of the action it records, so the
 * action and its record commit (or fail) together.
 */
import type { AuditAction } from '#contract/index.js';
import type { Database } from '../db/client.js';
import { auditLog } from '../db/schema.js';

/** The transaction handle Drizzle passes to `db.transaction`'s callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Inserts the audit row of an action (inside the action's transaction).
 * @param entry.actorId the acting user's `users.id` (an admin; for a notice also the reporting
 *   buyer or the appealing seller); `details` is what changed, as JSON.
 */
export async function recordAction(
  tx: Transaction,
  entry: {
    actorId: string;
    action: AuditAction;
    targetType: 'user' | 'product' | 'message';
    targetId: string;
    details: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(auditLog).values(entry);
}
