/** What of a moderation row leaves the server (docs/product.md §3 User and Reported product). */
import type {
  AuditEntry,
  ModeratedUser,
  RegistrationRole,
  ReportedProduct,
  ReportReason,
  UserStatus,
} from '#contract/index.js';
import { presentSellerType, type SellerTypeRow } from '../../dealers/presenters.js';

export interface ModeratedUserRow extends SellerTypeRow {
  id: string;
  uid: string;
  displayName: string;
  email: string;
  photoUrl: string;
  role: string;
  status: string;
  isAdmin: boolean;
}

/**
 * docs/product.md §3 User (`_id, uid, displayName, email, photoURL, role, status`) plus `isAdmin`, and
 * `seller_type` with a business seller's `trader` details (the admin checks them).
 */
export function presentUser(row: ModeratedUserRow): ModeratedUser {
  return {
    _id: row.id,
    uid: row.uid,
    displayName: row.displayName,
    email: row.email,
    photoURL: row.photoUrl,
    // CHECK constraints of `users` keep these within the contract's enums.
    role: row.role as RegistrationRole,
    status: row.status as UserStatus,
    isAdmin: row.isAdmin,
    ...presentSellerType(row),
  };
}

/**
 * docs/product.md §3 Reported product: `_id, product_image, product_name, seller_name, reportCount`, plus
 * the open reports' `reasons` with counts and their `notes`.
 */
export function presentReportedProduct(row: {
  id: string;
  productImage: string;
  productName: string;
  sellerName: string;
  reportCount: number;
  reasons: { reason: string; count: number }[];
  notes: { reason: string; note: string; createdAt: Date }[];
}): ReportedProduct {
  return {
    _id: row.id,
    product_image: row.productImage,
    product_name: row.productName,
    seller_name: row.sellerName,
    reportCount: row.reportCount,
    // The CHECK constraint of `product_reports.reason` keeps these within the contract's enum.
    reasons: row.reasons.map(({ reason, count }) => ({ reason: reason as ReportReason, count })),
    notes: row.notes.map((note) => ({
      reason: note.reason as ReportReason,
      note: note.note,
      created_at: note.createdAt.toISOString(),
    })),
  };
}

export function presentAuditEntry(row: {
  id: string;
  action: string;
  actorId: string;
  actorUid: string;
  actorName: string;
  targetType: string;
  targetId: string;
  targetName: string | null;
  targetSellerUid: string | null;
  details: unknown;
  createdAt: Date;
}): AuditEntry {
  return {
    _id: row.id,
    // Rows are only written by repository.ts with these names.
    action: row.action as AuditEntry['action'],
    actorId: row.actorId,
    actorUid: row.actorUid,
    actorName: row.actorName,
    targetType: row.targetType as AuditEntry['targetType'],
    targetId: row.targetId,
    targetName: row.targetName,
    targetSellerUid: row.targetSellerUid,
    details: (row.details ?? {}) as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
  };
}
