/**
 * Data access of the caller's own profile (decision 0016): read it, and change the
 * display name and photo everywhere they are kept.
 *
 * Where a user's name and photo live:
 * - `users.display_name` / `photo_url`: the product record, which listings, the seller card and
 *   profile, reviews and conversations join at read time (nothing to copy for those);
 * - `auth_user.name` / `image`: the identity, which the SPA's auth state (navigation bar) reads
 *   from the session;
 * - `orders.customer_name` (buyer) and `orders.seller_name` / `seller_image` (seller): the
 *   docs/product.md §3 Order snapshot. Open bookings (unpaid, neither declined nor cancelled) follow the
 *   change, because the two parties are still dealing with each other under the new name; paid,
 *   declined and cancelled orders keep the names they were made with, as a receipt does.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Profile } from '#contract/index.js';
import type { UserRecord } from '../auth/records.js';
import type { Database } from '../db/client.js';
import { authAccount, authUser, orders, users } from '../db/schema.js';
import { findPlace } from '../places/repository.js';
import { presentSellerType } from '../dealers/presenters.js';
import { readerZone } from '../notifications/time-zone.js';

/** The caller's profile as `GET /api/profile` answers it. */
export async function readProfile(db: Database, record: UserRecord): Promise<Profile> {
  const [[credential], homePlace, mailZone] = await Promise.all([
    db
      .select({ id: authAccount.id })
      .from(authAccount)
      .where(and(eq(authAccount.userId, record.uid), eq(authAccount.providerId, 'credential')))
      .limit(1),
    record.homePlaceId === null ? null : findPlace(db, record.homePlaceId),
    readerZone(db, record.id),
  ]);
  return {
    _id: record.id,
    uid: record.uid,
    displayName: record.displayName,
    email: record.email,
    photoURL: record.photoUrl,
    role: record.role as Profile['role'],
    isSeller: record.role === 'seller',
    isBuyer: record.isBuyer,
    isAdmin: record.isAdmin,
    status: record.status as Profile['status'],
    hasPassword: credential !== undefined,
    home_place: homePlace,
    time_zone: record.timeZone,
    mail_time_zone: { name: mailZone.zone, source: mailZone.source },
    ...presentSellerType(record),
    phone:
      record.phoneE164 === null
        ? null
        : { number: record.phoneE164, verified: record.phoneVerifiedAt !== null },
  };
}

/** What `PATCH /api/profile` changes; an absent field stays as it is. */
export interface ProfileChange {
  displayName?: string;
  photoURL?: string;
  /** The place searched from by default (an existing place id; the caller checked), or null. */
  homePlaceId?: number | null;
  /** The IANA zone of the user's mail (already validated and canonical), or null to forget it. */
  timeZone?: string | null;
}

/**
 * Changes the display name and/or photo of the live record `recordId` (identity `uid`) in one
 * transaction: the product record, the identity, and the caller's open bookings (as buyer and
 * as seller; see the module comment).
 * @returns the updated record, or null when the record is gone (deleted meanwhile).
 */
export function updateProfile(
  db: Database,
  recordId: string,
  uid: string,
  change: ProfileChange,
): Promise<UserRecord | null> {
  return db.transaction(async (tx) => {
    const [record] = await tx
      .update(users)
      .set({
        ...(change.displayName !== undefined && { displayName: change.displayName }),
        ...(change.photoURL !== undefined && { photoUrl: change.photoURL }),
        ...(change.homePlaceId !== undefined && { homePlaceId: change.homePlaceId }),
        ...(change.timeZone !== undefined && { timeZone: change.timeZone }),
      })
      .where(and(eq(users.id, recordId), isNull(users.deletedAt)))
      .returning();
    if (!record) return null;
    await tx
      .update(authUser)
      .set({
        ...(change.displayName !== undefined && { name: change.displayName }),
        ...(change.photoURL !== undefined && {
          image: change.photoURL === '' ? null : change.photoURL,
        }),
        updatedAt: new Date(),
      })
      .where(eq(authUser.id, uid));
    const open = and(eq(orders.paid, false), isNull(orders.declinedAt), isNull(orders.cancelledAt));
    if (change.displayName !== undefined) {
      await tx
        .update(orders)
        .set({ customerName: change.displayName })
        .where(and(eq(orders.buyerId, recordId), open));
    }
    await tx
      .update(orders)
      .set({
        sellerName: record.displayName,
        sellerImage: record.photoUrl,
      })
      .where(and(eq(orders.sellerId, recordId), open));
    return record;
  });
}

/**
 * Gives the live record `recordId` the seller role and the buyer role (decision 0042: one
 * account buys and sells). Idempotent.
 * @returns false when the record is gone (deleted meanwhile).
 */
export async function startSelling(db: Database, recordId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ role: 'seller', isBuyer: true })
    .where(and(eq(users.id, recordId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}
