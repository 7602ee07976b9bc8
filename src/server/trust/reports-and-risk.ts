/**
 * Data access of the trust calls (decision 0028): reporting a message into moderation, and the
 * admin's risk queue (scores, reasons, dismissals). Writes run in one transaction with their
 * audit row (decision 0006).
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { ReportReason, RiskItem, RiskReason, SellerEvidence } from '#contract/index.js';
import { centsToDollars } from '#contract/index.js';
import type { Database } from '../db/client.js';
import {
  conversations,
  identityChecks,
  liveSql,
  messageReports,
  messages,
  moderationNotices,
  productReports,
  products,
  riskDismissals,
  users,
} from '../db/schema.js';
import { storedWarnings } from '../messages/repository.js';
import { decodedVin, duplicatePhotoSources, findVinListings } from './repository.js';
import { mismatchOf, rollbackOf, twinOf } from './vin-flags.js';
import { recordAction } from '../moderation/audit.js';
import { priceGuidance } from '../vehicles/repository.js';

/** Messages of the excerpt a report keeps: the reported one and up to four before it. */
const EXCERPT_MESSAGES = 5;

export type ReportMessageResult =
  { kind: 'not-found' } | { kind: 'own-message' } | { kind: 'reported'; created: boolean };

/**
 * Records `reporterId`'s report of a message they received (decision 0028; a DSA Art. 16 notice
 * as for listings, decision 0021): a `message_reports` row with the conversation excerpt and the
 * warnings the message carried, a `moderation_notices` row for the listing (the transparency
 * count) and a `message.report` audit row — one transaction. A repeat changes nothing.
 * @returns not-found unless the reporter is a party of the message's conversation; own-message
 *   for the reporter's own message.
 */
export function reportMessage(
  db: Database,
  messageId: string,
  reporterId: string,
  notice: { reason: ReportReason; note: string | null },
): Promise<ReportMessageResult> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select({
        id: messages.id,
        senderId: messages.senderId,
        body: messages.body,
        warnings: messages.warnings,
        createdAt: messages.createdAt,
        conversationId: conversations.id,
        productId: conversations.productId,
        buyerId: conversations.buyerId,
        sellerId: conversations.sellerId,
      })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          eq(messages.id, messageId),
          or(eq(conversations.buyerId, reporterId), eq(conversations.sellerId, reporterId)),
        ),
      );
    if (!message) return { kind: 'not-found' };
    if (message.senderId === reporterId) return { kind: 'own-message' };
    const before = await tx
      .select({ senderId: messages.senderId, body: messages.body, createdAt: messages.createdAt })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, message.conversationId),
          lte(messages.createdAt, message.createdAt),
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(EXCERPT_MESSAGES);
    const excerpt = before.reverse().map((row) => ({
      from: row.senderId === message.buyerId ? ('buyer' as const) : ('seller' as const),
      text: row.body,
      sent_at: row.createdAt.toISOString(),
    }));
    const now = new Date();
    const inserted = await tx
      .insert(messageReports)
      .values({
        messageId,
        conversationId: message.conversationId,
        productId: message.productId,
        senderId: message.senderId,
        reporterId,
        reason: notice.reason,
        note: notice.note,
        excerpt,
        warnings: storedWarnings(message),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: messageReports.id });
    if (inserted.length === 0) return { kind: 'reported', created: false };
    await tx.insert(moderationNotices).values({
      productId: message.productId,
      reporterId,
      reason: notice.reason,
      createdAt: now,
    });
    await recordAction(tx, {
      actorId: reporterId,
      action: 'message.report',
      targetType: 'message',
      targetId: messageId,
      details: {
        conversationId: message.conversationId,
        productId: message.productId,
        reason: notice.reason,
        hasNote: notice.note !== null,
      },
    });
    return { kind: 'reported', created: true };
  });
}

/** How far back the risk queue looks (days). */
export const RISK_WINDOW_DAYS = 30;
/** At most this many recent listings are scored per request, newest first. */
const RISK_CANDIDATES_MAX = 200;
/** At most this many listings are answered. */
const RISK_QUEUE_MAX = 100;

/** The points of each reason (decision 0028): evidence of a copy or a clone weighs most. */
export const riskPoints = {
  duplicatePhotos: 35,
  mileageRollback: 30,
  priceFarBelow: 30,
  vinListedTwice: 25,
  reportedMessage: 20,
  reportedMessagesMax: 40,
  vinDecodeMismatch: 15,
  newSeller: 15,
  manyListings: 15,
} as const;

/** A price this far under the comparables' median is "far below" (0.4 = 40 %, decision 0028). */
export const riskPriceShortfall = 0.4;
/** A seller account younger than this is new (days). */
export const riskNewSellerDays = 7;
/** This many listings or more from one seller within {@link riskBurstHours} is "many". */
export const riskBurstListings = 5;
export const riskBurstHours = 24;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The risk queue (decision 0028): live listings created in the last 30 days (the newest 200),
 * each scored by its reasons, without those an admin dismissed at the same or a higher score;
 * highest score first, then newest, at most 100.
 * @param now the clock (tests pass their own)
 * @param sellerId only this seller's listings (the evidence of the admin's Verify dialog)
 */
export async function riskQueue(
  db: Database,
  now: Date = new Date(),
  sellerId?: string,
): Promise<RiskItem[]> {
  const since = new Date(now.getTime() - RISK_WINDOW_DAYS * DAY_MS);
  const candidates = await db
    .select({
      id: products.id,
      productName: products.productName,
      productImage: products.productImage,
      resellPriceCents: products.resellPriceCents,
      createdAt: products.createdAt,
      sellerId: products.sellerId,
      sellerName: users.displayName,
      sellerUid: users.uid,
      sellerSince: users.createdAt,
      vin: products.vin,
      make: products.make,
      model: products.model,
      modelYear: products.modelYear,
      mileageKm: products.mileageKm,
      sold: products.sold,
      unavailable: products.unavailable,
      listingStatus: products.listingStatus,
      deletedAt: products.deletedAt,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(
      and(
        sql`${liveSql}`,
        gte(products.createdAt, since),
        isNull(users.deletedAt),
        sellerId === undefined ? undefined : eq(products.sellerId, sellerId),
      ),
    )
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(RISK_CANDIDATES_MAX);
  if (candidates.length === 0) return [];
  const ids = candidates.map((row) => row.id);
  const sellerIds = [...new Set(candidates.map((row) => row.sellerId))];

  // Listings per seller in the burst window before now, reports of sellers' messages, and the
  // latest dismissal of each candidate: three grouped queries for the whole page.
  const [bursts, reports, dismissals] = await Promise.all([
    db
      .select({ sellerId: products.sellerId, n: count() })
      .from(products)
      .where(
        and(
          inArray(products.sellerId, sellerIds),
          gte(products.createdAt, new Date(now.getTime() - riskBurstHours * 60 * 60 * 1000)),
        ),
      )
      .groupBy(products.sellerId),
    db
      .select({
        productId: messageReports.productId,
        senderId: messageReports.senderId,
        reason: messageReports.reason,
        note: messageReports.note,
        excerpt: messageReports.excerpt,
      })
      .from(messageReports)
      .where(inArray(messageReports.productId, ids))
      .orderBy(desc(messageReports.createdAt)),
    db
      .selectDistinctOn([riskDismissals.productId], {
        productId: riskDismissals.productId,
        score: riskDismissals.score,
      })
      .from(riskDismissals)
      .where(inArray(riskDismissals.productId, ids))
      .orderBy(asc(riskDismissals.productId), desc(riskDismissals.createdAt)),
  ]);
  const burstBySeller = new Map(bursts.map((row) => [row.sellerId, Number(row.n)]));
  const dismissedAt = new Map(dismissals.map((row) => [row.productId, row.score]));

  const items: RiskItem[] = [];
  for (const listing of candidates) {
    const reasons: RiskReason[] = [];
    const add = (code: RiskReason['code'], points: number, text: string, listingId?: string) =>
      reasons.push({ code, points, text, listing_id: listingId ?? null });

    const copies = await duplicatePhotoSources(db, listing);
    if (copies[0]) {
      add(
        'duplicate_photos',
        riskPoints.duplicatePhotos,
        `A photo is near-identical (${copies[0].distance} of 64 bits differ) to one another seller uploaded or listed first`,
        copies[0].productId,
      );
    }
    if (listing.vin) {
      const [rows, decoded] = await Promise.all([
        findVinListings(db, listing.vin),
        decodedVin(listing.vin),
      ]);
      const earlier = rollbackOf(rows, listing);
      if (earlier) {
        add(
          'mileage_rollback',
          riskPoints.mileageRollback,
          `States ${listing.mileageKm!.toLocaleString('en-US')} km; an earlier listing of the VIN stated ${earlier.mileageKm!.toLocaleString('en-US')} km`,
          earlier.id,
        );
      }
      const twin = twinOf(rows, listing);
      if (twin) {
        add(
          'vin_listed_twice',
          riskPoints.vinListedTwice,
          'The VIN is live in another listing by a different seller',
          twin.id,
        );
      }
      const fields = mismatchOf(listing, decoded);
      if (fields.length > 0) {
        add(
          'vin_decode_mismatch',
          riskPoints.vinDecodeMismatch,
          `The ${fields.join(' and ')} disagree with the VIN's decode (${[decoded?.modelYear, decoded?.make, decoded?.model].filter(Boolean).join(' ')})`,
        );
      }
    }
    if (listing.make && listing.model && listing.modelYear !== null) {
      const guidance = await priceGuidance(db, {
        make: listing.make,
        model: listing.model,
        modelYear: listing.modelYear,
        mileageKm: listing.mileageKm,
        exceptId: listing.id,
      });
      const price = centsToDollars(listing.resellPriceCents);
      if (guidance.median !== null && price <= guidance.median * (1 - riskPriceShortfall)) {
        const under = Math.round((1 - price / guidance.median) * 100);
        add(
          'price_far_below',
          riskPoints.priceFarBelow,
          `$${price.toLocaleString('en-US')} is ${under} % under the median of ${guidance.count} comparable listings ($${guidance.median.toLocaleString('en-US')})`,
        );
      }
    }
    const ageDays = (now.getTime() - listing.sellerSince.getTime()) / DAY_MS;
    if (ageDays < riskNewSellerDays) {
      add(
        'new_seller',
        riskPoints.newSeller,
        `The seller's account is ${Math.max(0, Math.floor(ageDays))} days old`,
      );
    }
    const burst = burstBySeller.get(listing.sellerId) ?? 0;
    if (burst >= riskBurstListings) {
      add(
        'many_listings',
        riskPoints.manyListings,
        `The seller created ${burst} listings in the last ${riskBurstHours} hours`,
      );
    }
    const reported = reports.filter(
      (row) => row.productId === listing.id && row.senderId === listing.sellerId,
    );
    if (reported.length > 0) {
      add(
        'reported_messages',
        Math.min(riskPoints.reportedMessagesMax, reported.length * riskPoints.reportedMessage),
        `${reported.length} of the seller's messages about this listing ${reported.length === 1 ? 'was' : 'were'} reported`,
      );
    }
    if (reasons.length === 0) continue;
    const score = reasons.reduce((sum, reason) => sum + reason.points, 0);
    const dismissed = dismissedAt.get(listing.id);
    if (dismissed !== undefined && score <= dismissed) continue;
    reasons.sort((a, b) => b.points - a.points);
    items.push({
      _id: listing.id,
      product_name: listing.productName,
      product_image: listing.productImage,
      resell_price: centsToDollars(listing.resellPriceCents),
      seller_name: listing.sellerName,
      seller_uid: listing.sellerUid,
      listed_at: listing.createdAt.toISOString(),
      score,
      reasons,
      reported_messages: reported.map((row) => ({
        reason: row.reason,
        note: row.note,
        excerpt: row.excerpt,
      })),
    });
  }
  items.sort((a, b) => b.score - a.score || b.listed_at.localeCompare(a.listed_at));
  return items.slice(0, RISK_QUEUE_MAX);
}

/**
 * Dismisses a listing from the risk queue (decision 0028): a `risk_dismissals` row with the note
 * and the score it has now, and a `risk.dismiss` audit row, in one transaction.
 * @returns false when no listing has this id.
 */
export async function dismissRisk(
  db: Database,
  adminId: string,
  productId: string,
  note: string,
  score: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) return false;
    await tx.insert(riskDismissals).values({ productId, adminId, note, score });
    await recordAction(tx, {
      actorId: adminId,
      action: 'risk.dismiss',
      targetType: 'product',
      targetId: productId,
      details: { note, score },
    });
    return true;
  });
}

/**
 * The evidence for verifying a seller (decision 0044; `GET /api/admin/seller-evidence`): their
 * checks, account age, listings, the open reports against their listings and of their messages,
 * and their listings in the risk queue. Null when no live user has this id.
 * @param now the clock (tests pass their own)
 */
export async function sellerEvidence(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<SellerEvidence | null> {
  const [user] = await db
    .select({
      id: users.id,
      uid: users.uid,
      displayName: users.displayName,
      email: users.email,
      status: users.status,
      createdAt: users.createdAt,
      phoneE164: users.phoneE164,
      phoneVerifiedAt: users.phoneVerifiedAt,
      identityVerifiedAt: users.identityVerifiedAt,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) return null;
  const [[latestCheck], [listingCounts], [listingReports], [messageReportCount], risky] =
    await Promise.all([
      db
        .select({ status: identityChecks.status, reason: identityChecks.reason })
        .from(identityChecks)
        .where(eq(identityChecks.userId, userId))
        .orderBy(desc(identityChecks.createdAt))
        .limit(1),
      db
        .select({
          total: count(),
          live: sql<number>`count(*) filter (where ${liveSql})`.mapWith(Number),
        })
        .from(products)
        .where(eq(products.sellerId, userId)),
      db
        .select({ n: count() })
        .from(productReports)
        .innerJoin(products, eq(products.id, productReports.productId))
        .where(eq(products.sellerId, userId)),
      db.select({ n: count() }).from(messageReports).where(eq(messageReports.senderId, userId)),
      riskQueue(db, now, userId),
    ]);
  const phoneVerified = user.phoneVerifiedAt !== null;
  return {
    _id: user.id,
    uid: user.uid,
    displayName: user.displayName,
    email: user.email,
    admin_verified: user.status === 'verified',
    phone: {
      verified: phoneVerified,
      number: phoneVerified ? user.phoneE164 : null,
      verified_at: user.phoneVerifiedAt?.toISOString() ?? null,
    },
    identity: {
      verified: user.identityVerifiedAt !== null,
      verified_at: user.identityVerifiedAt?.toISOString() ?? null,
      status: latestCheck?.status ?? (user.identityVerifiedAt ? 'approved' : 'none'),
      reason: latestCheck?.reason ?? null,
    },
    account_created_at: user.createdAt.toISOString(),
    account_age_days: Math.max(0, Math.floor((now.getTime() - user.createdAt.getTime()) / DAY_MS)),
    listings: { live: listingCounts?.live ?? 0, total: listingCounts?.total ?? 0 },
    reports: { listings: listingReports?.n ?? 0, messages: messageReportCount?.n ?? 0 },
    risk: {
      score: risky.reduce((highest, item) => Math.max(highest, item.score), 0),
      listings: risky.map((item) => ({
        _id: item._id,
        product_name: item.product_name,
        score: item.score,
        reasons: item.reasons,
      })),
    },
  };
}
