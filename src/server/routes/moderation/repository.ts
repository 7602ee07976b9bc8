/**
 * Data access of the admin dashboard (issue 6; spec §2 Admin dashboard, §6, §7). Every write is
 * one transaction that locks the rows it decides on, makes the change and inserts its
 * `audit_log` row, so an action and its record commit (or fail) together. The result of a write
 * is a tagged union; the route turns the refusals into HTTP errors.
 */
import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { AuditAction, RegistrationRole } from '../../../contract/index.js';
import { endSessionsOf } from '../../auth/records.js';
import type { Database } from '../../db/client.js';
import { auditLog, productReports, products, users } from '../../db/schema.js';
import { after, newestFirst, type KeysetCursor } from '../../lib/pagination.js';

/** The transaction handle Drizzle passes to `db.transaction`'s callback. */
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Inserts the audit row of an admin action (inside the action's transaction). */
async function recordAction(
  tx: Transaction,
  entry: {
    actorId: string;
    action: AuditAction;
    targetType: 'user' | 'product';
    targetId: string;
    details: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(auditLog).values(entry);
}

/**
 * Live users whose role is `role`, newest first (by creation, then id), after `cursor`
 * (lib/pagination.ts); up to `limit` rows. Served by `users_role_idx`.
 */
export function listUsersByRole(
  db: Database,
  role: RegistrationRole,
  cursor: KeysetCursor | null,
  limit: number,
) {
  return db
    .select({
      id: users.id,
      uid: users.uid,
      displayName: users.displayName,
      email: users.email,
      photoUrl: users.photoUrl,
      role: users.role,
      status: users.status,
      isAdmin: users.isAdmin,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.role, role), isNull(users.deletedAt), after(users, cursor)))
    .orderBy(...newestFirst(users))
    .limit(limit);
}

export type VerifySellerResult =
  { kind: 'done'; modifiedCount: number } | { kind: 'not-found' } | { kind: 'not-seller' };

/**
 * Verifies the live seller `targetId` (spec §4: unverified → verified) and records
 * `seller.verify`. Already verified: modifiedCount 0 (recorded too). A buyer: 'not-seller';
 * no live user: 'not-found' (neither recorded: nothing happened).
 */
export function verifySeller(
  db: Database,
  actorId: string,
  targetId: string,
): Promise<VerifySellerResult> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ role: users.role, status: users.status })
      .from(users)
      .where(and(eq(users.id, targetId), isNull(users.deletedAt)))
      .for('update');
    if (!target) return { kind: 'not-found' };
    if (target.role !== 'seller') return { kind: 'not-seller' };
    const changed = await tx
      .update(users)
      .set({ status: 'verified' })
      .where(and(eq(users.id, targetId), eq(users.status, 'unverified')))
      .returning({ id: users.id });
    const modifiedCount = changed.length;
    await recordAction(tx, {
      actorId,
      action: 'seller.verify',
      targetType: 'user',
      targetId,
      details: { modifiedCount, previousStatus: target.status },
    });
    return { kind: 'done', modifiedCount };
  });
}

export type DeleteUserResult =
  | { kind: 'done'; deletedCount: number }
  | { kind: 'not-found' }
  | { kind: 'self' }
  | { kind: 'last-admin' }
  | { kind: 'actor-gone' };

/**
 * Deletes user `targetId` on behalf of admin `actorId`, in one transaction:
 * - soft-deletes the record (`deleted_at`): the guard refuses its API tokens from now on;
 * - deletes its identity sessions (`auth_session`), so cookies and tokens bound to them end;
 * - soft-deletes and unpromotes its unsold live listings (sold ones stay, for history);
 * - keeps its orders and payments untouched (they carry snapshots, spec §3 Order);
 * - records `user.delete` with what it removed.
 *
 * Refusals: 'self' (the actor), 'last-admin' (no other live admin would remain), 'actor-gone'
 * (the actor was deleted or lost admin meanwhile), 'not-found' (no such record). An already
 * deleted user gives deletedCount 0 and nothing is recorded.
 *
 * The live admins' rows are locked first (in id order), so two admins deleting each other at
 * the same time run one after the other, and the second is refused as 'last-admin' when only
 * its target would remain.
 */
export function deleteUser(
  db: Database,
  actorId: string,
  targetId: string,
): Promise<DeleteUserResult> {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), isNull(users.deletedAt)))
      .orderBy(users.id)
      .for('update');
    const [target] = await tx
      .select({
        uid: users.uid,
        role: users.role,
        isAdmin: users.isAdmin,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(eq(users.id, targetId))
      .for('update');
    if (!target) return { kind: 'not-found' };
    if (target.deletedAt) return { kind: 'done', deletedCount: 0 };
    if (targetId === actorId) return { kind: 'self' };
    const otherAdmins = admins.filter((admin) => admin.id !== targetId);
    if (target.isAdmin && otherAdmins.length === 0) return { kind: 'last-admin' };
    if (!otherAdmins.some((admin) => admin.id === actorId)) return { kind: 'actor-gone' };

    await tx
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.id, targetId));
    await endSessionsOf(tx, target.uid);
    const listings = await tx
      .update(products)
      .set({ deletedAt: sql`now()`, promote: false })
      .where(
        and(eq(products.sellerId, targetId), eq(products.sold, false), isNull(products.deletedAt)),
      )
      .returning({ id: products.id });
    await recordAction(tx, {
      actorId,
      action: 'user.delete',
      targetType: 'user',
      targetId,
      details: {
        deletedCount: 1,
        role: target.role,
        wasAdmin: target.isAdmin,
        listingsRemoved: listings.length,
        listingIds: listings.map((listing) => listing.id),
      },
    });
    return { kind: 'done', deletedCount: 1 };
  });
}

/**
 * Reported live products, most reported first, then newest; up to `limit` rows, with the
 * seller's current display name. Served by `products_reported_idx`.
 */
export function listReportedProducts(db: Database, limit: number) {
  return db
    .select({
      id: products.id,
      productImage: products.productImage,
      productName: products.productName,
      sellerName: users.displayName,
      reportCount: products.reportCount,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(eq(products.reported, true), isNull(products.deletedAt)))
    .orderBy(desc(products.reportCount), desc(products.createdAt), desc(products.id))
    .limit(limit);
}

export type ProductActionResult = { kind: 'done'; count: number } | { kind: 'not-found' };

/**
 * Marks the live product `productId` safe (spec §2 "mark safe (undo report)"): `reported` false,
 * `reportCount` 0, its `product_reports` rows deleted (so a buyer may report it again), and
 * `report.mark_safe` recorded. count is 0 when it was neither flagged nor had reports.
 */
export function markProductSafe(
  db: Database,
  actorId: string,
  productId: string,
): Promise<ProductActionResult> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ reported: products.reported, reportCount: products.reportCount })
      .from(products)
      .where(and(eq(products.id, productId), isNull(products.deletedAt)))
      .for('update');
    if (!product) return { kind: 'not-found' };
    const cleared = await tx
      .delete(productReports)
      .where(eq(productReports.productId, productId))
      .returning({ reporterId: productReports.reporterId });
    const changed = await tx
      .update(products)
      .set({ reported: false, reportCount: 0 })
      .where(
        and(
          eq(products.id, productId),
          or(eq(products.reported, true), ne(products.reportCount, 0)),
        ),
      )
      .returning({ id: products.id });
    const count = changed.length > 0 || cleared.length > 0 ? 1 : 0;
    await recordAction(tx, {
      actorId,
      action: 'report.mark_safe',
      targetType: 'product',
      targetId: productId,
      details: {
        modifiedCount: count,
        previousReportCount: product.reportCount,
        reportsCleared: cleared.length,
      },
    });
    return { kind: 'done', count };
  });
}

/**
 * Removes the product `productId` from the market (spec §7 report-product-delete): soft delete
 * and unpromote; its reports, orders and payments stay. Records `report.delete_product`.
 * count is 0 when it was already deleted (not recorded); 'not-found' when it never existed.
 */
export function deleteProductAsAdmin(
  db: Database,
  actorId: string,
  productId: string,
): Promise<ProductActionResult> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({
        deletedAt: products.deletedAt,
        sold: products.sold,
        reportCount: products.reportCount,
        sellerId: products.sellerId,
      })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!product) return { kind: 'not-found' };
    if (product.deletedAt) return { kind: 'done', count: 0 };
    await tx
      .update(products)
      .set({ deletedAt: sql`now()`, promote: false })
      .where(eq(products.id, productId));
    await recordAction(tx, {
      actorId,
      action: 'report.delete_product',
      targetType: 'product',
      targetId: productId,
      details: {
        deletedCount: 1,
        sellerId: product.sellerId,
        sold: product.sold,
        reportCount: product.reportCount,
      },
    });
    return { kind: 'done', count: 1 };
  });
}

/**
 * Audit entries newest first (by time, then id), after `cursor` (lib/pagination.ts); up to
 * `limit` rows. Served by `audit_log_created_idx`.
 */
export function listAuditLog(db: Database, cursor: KeysetCursor | null, limit: number) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorUid: users.uid,
      actorName: users.displayName,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(after(auditLog, cursor))
    .orderBy(...newestFirst(auditLog))
    .limit(limit);
}
