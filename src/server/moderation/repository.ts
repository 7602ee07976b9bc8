/**
 * Data access of the admin dashboard (docs/product.md §2 Admin dashboard, §6, §7). Every write is
 * one transaction that locks the rows it decides on, makes the change and inserts its
 * `audit_log` row, so an action and its record commit (or fail) together. The result of a write
 * is a tagged union; the route turns the refusals into HTTP errors.
 */
import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AuditAction, RegistrationRole, StatementBody } from '#contract/index.js';
import { alias } from 'drizzle-orm/pg-core';
import { endSessionsOf } from '../auth/records.js';
import type { Database } from '../db/client.js';
import { auditLog, moderationDecisions, productReports, products, users } from '../db/schema.js';
import { sellerTypeColumns } from '../dealers/presenters.js';
import { transitionListing } from '../listings/listing-state.js';
import { recordAction, type Transaction } from './audit.js';
import { after, newestFirst, type KeysetCursor } from '../lib/pagination.js';

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
      ...sellerTypeColumns,
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
 * Verifies the live seller `targetId` (docs/product.md §4: unverified → verified) and records
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
      .set({ status: 'verified', adminVerifiedAt: sql`now()` })
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

/**
 * The deletion itself, shared by the admin's delete and the user's own (profile page), inside
 * the caller's transaction, after its checks:
 * - soft-deletes the record (`deleted_at`): the guard refuses its API tokens from now on;
 * - deletes its identity sessions (`auth_session`), so cookies and tokens bound to them end;
 * - soft-deletes and unpromotes its unsold live listings (sold ones stay, for history);
 * - keeps its orders and payments untouched (they carry snapshots, docs/product.md §3 Order).
 * @returns the ids of the listings it removed (for the audit row).
 */
async function removeUser(tx: Transaction, recordId: string, uid: string): Promise<string[]> {
  await tx
    .update(users)
    .set({ deletedAt: sql`now()` })
    .where(eq(users.id, recordId));
  await endSessionsOf(tx, uid);
  const listings = await tx
    .update(products)
    .set({ deletedAt: sql`now()`, promote: false })
    .where(
      and(eq(products.sellerId, recordId), eq(products.sold, false), isNull(products.deletedAt)),
    )
    .returning({ id: products.id });
  return listings.map((listing) => listing.id);
}

/** Locks the live admins' rows in id order (see deleteUser) and returns their ids. */
async function lockLiveAdmins(tx: Transaction): Promise<string[]> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deletedAt)))
    .orderBy(users.id)
    .for('update');
  return admins.map((admin) => admin.id);
}

export type DeleteUserResult =
  | { kind: 'done'; deletedCount: number }
  | { kind: 'not-found' }
  | { kind: 'self' }
  | { kind: 'last-admin' }
  | { kind: 'actor-gone' };

/** The user record `id` locked FOR UPDATE with what deleting it needs, or undefined. */
async function lockUserToDelete(tx: Transaction, id: string) {
  const [target] = await tx
    .select({
      uid: users.uid,
      role: users.role,
      isAdmin: users.isAdmin,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return target;
}

/**
 * Deletes user `targetId` on behalf of admin `actorId`, in one transaction:
 * - soft-deletes the record (`deleted_at`): the guard refuses its API tokens from now on;
 * - deletes its identity sessions (`auth_session`), so cookies and tokens bound to them end;
 * - soft-deletes and unpromotes its unsold live listings (sold ones stay, for history);
 * - keeps its orders and payments untouched (they carry snapshots, docs/product.md §3 Order);
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
    const admins = await lockLiveAdmins(tx);
    const target = await lockUserToDelete(tx, targetId);
    if (!target) return { kind: 'not-found' };
    if (target.deletedAt) return { kind: 'done', deletedCount: 0 };
    if (targetId === actorId) return { kind: 'self' };
    const otherAdmins = admins.filter((id) => id !== targetId);
    if (target.isAdmin && otherAdmins.length === 0) return { kind: 'last-admin' };
    if (!otherAdmins.includes(actorId)) return { kind: 'actor-gone' };

    const listingIds = await removeUser(tx, targetId, target.uid);
    await recordAction(tx, {
      actorId,
      action: 'user.delete',
      targetType: 'user',
      targetId,
      details: {
        deletedCount: 1,
        role: target.role,
        wasAdmin: target.isAdmin,
        listingsRemoved: listingIds.length,
        listingIds,
      },
    });
    return { kind: 'done', deletedCount: 1 };
  });
}

export type DeleteOwnAccountResult =
  { kind: 'done'; deletedCount: number } | { kind: 'not-found' } | { kind: 'last-admin' };

/**
 * A user deletes their own account (profile page; decision 0016): the admin's delete
 * (`removeUser`, above) in one transaction, with the same locks, so the live admins stay at
 * least one ('last-admin' when the caller is the only one). The audit row is `user.delete` with
 * the user as its own actor and `details.self = true`. An already deleted record gives
 * deletedCount 0 and nothing is recorded.
 */
export function deleteOwnAccount(db: Database, recordId: string): Promise<DeleteOwnAccountResult> {
  return db.transaction(async (tx) => {
    const admins = await lockLiveAdmins(tx);
    const target = await lockUserToDelete(tx, recordId);
    if (!target) return { kind: 'not-found' };
    if (target.deletedAt) return { kind: 'done', deletedCount: 0 };
    if (target.isAdmin && admins.every((id) => id === recordId)) return { kind: 'last-admin' };

    const listingIds = await removeUser(tx, recordId, target.uid);
    await recordAction(tx, {
      actorId: recordId,
      action: 'user.delete',
      targetType: 'user',
      targetId: recordId,
      details: {
        deletedCount: 1,
        self: true,
        role: target.role,
        wasAdmin: target.isAdmin,
        listingsRemoved: listingIds.length,
        listingIds,
      },
    });
    return { kind: 'done', deletedCount: 1 };
  });
}

/**
 * Reported live products, most reported first, then newest; up to `limit` rows, with the
 * seller's current display name. Served by `products_reported_idx`. Each comes with
 * its open reports' reasons (count per reason, most given first) and notes (newest first); a
 * listing put back by a reversed appeal stays out of the queue until someone reports it again.
 */
export async function listReportedProducts(db: Database, limit: number) {
  const rows = await db
    .select({
      id: products.id,
      productImage: products.productImage,
      productName: products.productName,
      sellerName: users.displayName,
      reportCount: products.reportCount,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(
      and(
        eq(products.reported, true),
        isNull(products.deletedAt),
        sql`not exists (select 1 from ${moderationDecisions} d where d.product_id = ${products.id}
          and d.reversed_at is not null and d.reversed_at >= (select max(r.created_at)
          from ${productReports} r where r.product_id = ${products.id}))`,
      ),
    )
    .orderBy(desc(products.reportCount), desc(products.createdAt), desc(products.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const reports = await db
    .select({
      productId: productReports.productId,
      reason: productReports.reason,
      note: productReports.note,
      createdAt: productReports.createdAt,
    })
    .from(productReports)
    .where(inArray(productReports.productId, ids))
    .orderBy(desc(productReports.createdAt));
  return rows.map((row) => {
    const own = reports.filter((report) => report.productId === row.id);
    const counts = new Map<string, number>();
    for (const report of own) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
    return {
      ...row,
      reasons: [...counts]
        .map(([reason, count]) => ({ reason, count }))
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
      notes: own.flatMap((report) =>
        report.note
          ? [{ reason: report.reason, note: report.note, createdAt: report.createdAt }]
          : [],
      ),
    };
  });
}

export type ProductActionResult = { kind: 'done'; count: number } | { kind: 'not-found' };

/**
 * Marks the live product `productId` safe (docs/product.md §2 "mark safe (undo report)"): `reported` false,
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
      .returning({ reporterId: productReports.reporterId, createdAt: productReports.createdAt });
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
    // Deciding on notices is a decision ("kept"), counted on /transparency.
    if (cleared.length > 0) {
      await tx.insert(moderationDecisions).values({
        productId,
        actorId,
        outcome: 'kept',
        firstNoticeAt: oldest(cleared.map((report) => report.createdAt)),
        decidedAt: new Date(),
      });
    }
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

/** The earliest of `dates`, or null for none. */
function oldest(dates: Date[]): Date | null {
  return dates.reduce<Date | null>((min, date) => (min && min <= date ? min : date), null);
}

/** A removal just recorded, for the statement mail queued in the same transaction. */
export interface RecordedRemoval {
  decisionId: string;
  sellerId: string;
  productName: string;
  decidedAt: Date;
}

/**
 * Removes the product `productId` from the market (docs/product.md §7 report-product-delete): soft delete
 * and unpromote; its reports, orders and payments stay, and every other field is kept.
 * DSA Art. 17: records a `removed` decision with the statement of reasons and the listing's
 * `promote` flag (so a reversed appeal puts it back exactly as it was), records
 * `report.delete_product` with the statement, and calls `onRemoved` in the same transaction
 * (the statement mail). count is 0 when it was already deleted (nothing recorded); 'not-found'
 * when it never existed.
 * @param now the decision's time (the route passes the clock's `new Date()`).
 */
export function deleteProductAsAdmin(
  db: Database,
  actorId: string,
  productId: string,
  statement: StatementBody,
  now: Date,
  onRemoved: (tx: Transaction, removal: RecordedRemoval) => Promise<unknown> = async () => {},
): Promise<ProductActionResult> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({
        deletedAt: products.deletedAt,
        sold: products.sold,
        promote: products.promote,
        reportCount: products.reportCount,
        sellerId: products.sellerId,
        productName: products.productName,
      })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!product) return { kind: 'not-found' };
    if (product.deletedAt) return { kind: 'done', count: 0 };
    // The listing state owner records the removal (decision 0027); deleted_at keeps it off
    // every page as before.
    const moved = await transitionListing(tx, productId, 'remove', {
      kind: 'admin',
      userId: actorId,
    });
    const previousListingStatus = moved.kind === 'done' ? moved.from : null;
    await tx
      .update(products)
      .set({ deletedAt: now, promote: false })
      .where(eq(products.id, productId));
    const reports = await tx
      .select({ createdAt: productReports.createdAt })
      .from(productReports)
      .where(eq(productReports.productId, productId));
    const [decision] = await tx
      .insert(moderationDecisions)
      .values({
        productId,
        actorId,
        outcome: 'removed',
        rule: statement.rule,
        facts: statement.facts,
        automated: statement.automated,
        firstNoticeAt: oldest(reports.map((report) => report.createdAt)),
        previousPromote: product.promote,
        previousListingStatus,
        decidedAt: now,
      })
      .returning({ id: moderationDecisions.id });
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
        decisionId: decision!.id,
        statement: { rule: statement.rule, facts: statement.facts, automated: statement.automated },
        previousPromote: product.promote,
      },
    });
    await onRemoved(tx, {
      decisionId: decision!.id,
      sellerId: product.sellerId,
      productName: product.productName,
      decidedAt: now,
    });
    return { kind: 'done', count: 1 };
  });
}

/** The audit row's target when it is a user (the actor is joined as `users`). */
const targetUser = alias(users, 'target_user');

/**
 * Audit entries newest first (by time, then id), after `cursor` (lib/pagination.ts); up to
 * `limit` rows, only of `action` when given. Served by `audit_log_created_idx` (an `action`
 * filter reads that index until it has `limit` matches). Each row carries its target's name
 * while the listing or user still exists (not deleted), and a seller target's uid.
 */
export function listAuditLog(
  db: Database,
  cursor: KeysetCursor | null,
  limit: number,
  action?: AuditAction,
) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorUid: users.uid,
      actorName: users.displayName,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      targetName: sql<string | null>`coalesce(${products.productName}, ${targetUser.displayName})`,
      targetSellerUid: sql<
        string | null
      >`case when ${targetUser.role} = 'seller' then ${targetUser.uid} end`,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(
      products,
      and(
        eq(auditLog.targetType, 'product'),
        eq(products.id, auditLog.targetId),
        isNull(products.deletedAt),
      ),
    )
    .leftJoin(
      targetUser,
      and(
        eq(auditLog.targetType, 'user'),
        eq(targetUser.id, auditLog.targetId),
        isNull(targetUser.deletedAt),
      ),
    )
    .where(and(after(auditLog, cursor), action ? eq(auditLog.action, action) : undefined))
    .orderBy(...newestFirst(auditLog))
    .limit(limit);
}
