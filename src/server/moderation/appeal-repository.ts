/**
 * Data access of accountable moderation after the decision (decision 0021): the
 * seller's view of removals (DSA Art. 17), appeals and their outcome (Art. 20), and the public
 * transparency counts (Art. 15/24). Writes are one transaction each, with their audit row
 * (audit.ts) and their mail (queued through `onDecided`/callers in the same transaction).
 * Times come from the caller's clock (`now`), so tests can move it.
 */
import { and, asc, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { moderationTextLimits, reportReasons, type ModerationRule } from '#contract/index.js';
import type { Database } from '../db/client.js';
import {
  moderationAppeals,
  moderationDecisions,
  moderationNotices,
  products,
  users,
} from '../db/schema.js';
import { transitionListing } from '../listings/listing-state.js';
import { recordAction, type Transaction } from './audit.js';

const dayMs = 24 * 60 * 60 * 1000;

/** The last moment (exclusive bound + 0) a removal decided at `decidedAt` may be appealed. */
export function appealDeadline(decidedAt: Date): Date {
  return new Date(decidedAt.getTime() + moderationTextLimits.appealDays * dayMs);
}

/** A removal of one of the seller's listings, with its appeal (null: none yet). */
export interface SellerDecisionRow {
  id: string;
  productId: string;
  productName: string;
  productImage: string;
  rule: ModerationRule;
  facts: string;
  automated: boolean;
  decidedAt: Date;
  reversedAt: Date | null;
  appeal: {
    id: string;
    text: string;
    createdAt: Date;
    outcome: 'upheld' | 'reversed' | null;
    outcomeReason: string | null;
    decidedAt: Date | null;
  } | null;
}

const appealColumns = {
  appealId: moderationAppeals.id,
  appealText: moderationAppeals.text,
  appealCreatedAt: moderationAppeals.createdAt,
  appealOutcome: moderationAppeals.outcome,
  appealOutcomeReason: moderationAppeals.outcomeReason,
  appealDecidedAt: moderationAppeals.decidedAt,
};

type AppealColumns = {
  appealId: string | null;
  appealText: string | null;
  appealCreatedAt: Date | null;
  appealOutcome: string | null;
  appealOutcomeReason: string | null;
  appealDecidedAt: Date | null;
};

function appealOf(row: AppealColumns): SellerDecisionRow['appeal'] {
  if (!row.appealId) return null;
  return {
    id: row.appealId,
    text: row.appealText!,
    createdAt: row.appealCreatedAt!,
    // The CHECK constraint keeps `outcome` to these.
    outcome: row.appealOutcome as 'upheld' | 'reversed' | null,
    outcomeReason: row.appealOutcomeReason,
    decidedAt: row.appealDecidedAt,
  };
}

/**
 * The removals of `sellerId`'s listings, newest first (at most 100), with their statements and
 * appeals. Served by `moderation_decisions_product_idx` through `products_seller_idx`.
 */
export async function listSellerDecisions(
  db: Database,
  sellerId: string,
): Promise<SellerDecisionRow[]> {
  const rows = await db
    .select({
      id: moderationDecisions.id,
      productId: moderationDecisions.productId,
      productName: products.productName,
      productImage: products.productImage,
      rule: moderationDecisions.rule,
      facts: moderationDecisions.facts,
      automated: moderationDecisions.automated,
      decidedAt: moderationDecisions.decidedAt,
      reversedAt: moderationDecisions.reversedAt,
      ...appealColumns,
    })
    .from(moderationDecisions)
    .innerJoin(products, eq(products.id, moderationDecisions.productId))
    .leftJoin(moderationAppeals, eq(moderationAppeals.decisionId, moderationDecisions.id))
    .where(and(eq(products.sellerId, sellerId), eq(moderationDecisions.outcome, 'removed')))
    .orderBy(desc(moderationDecisions.decidedAt), desc(moderationDecisions.id))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    productId: row.productId,
    productName: row.productName,
    productImage: row.productImage,
    // A removal always has a rule and facts (CHECK moderation_decisions_statement_check).
    rule: row.rule as ModerationRule,
    facts: row.facts!,
    automated: row.automated,
    decidedAt: row.decidedAt,
    reversedAt: row.reversedAt,
    appeal: appealOf(row),
  }));
}

export type CreateAppealResult =
  | { kind: 'created'; id: string }
  | { kind: 'not-found' }
  | { kind: 'not-owner' }
  | { kind: 'not-removed' }
  | { kind: 'already-appealed' }
  | { kind: 'too-late' };

/**
 * `sellerId` appeals the removal of their listing `productId` (DSA Art. 20): the listing's
 * latest `removed` decision that is not reversed, once (`moderation_appeals_decision_key`), until
 * `appealDeadline(decidedAt)`. Records `appeal.submit`. The decision row is locked, so two
 * appeals at once end as one created and one 'already-appealed'.
 */
export function createAppeal(
  db: Database,
  sellerId: string,
  productId: string,
  text: string,
  now: Date,
): Promise<CreateAppealResult> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ sellerId: products.sellerId, deletedAt: products.deletedAt })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) return { kind: 'not-found' };
    if (product.sellerId !== sellerId) return { kind: 'not-owner' };
    const [decision] = await tx
      .select({ id: moderationDecisions.id, decidedAt: moderationDecisions.decidedAt })
      .from(moderationDecisions)
      .where(
        and(
          eq(moderationDecisions.productId, productId),
          eq(moderationDecisions.outcome, 'removed'),
          isNull(moderationDecisions.reversedAt),
        ),
      )
      .orderBy(desc(moderationDecisions.decidedAt))
      .limit(1)
      .for('update');
    if (!decision || !product.deletedAt) return { kind: 'not-removed' };
    const [existing] = await tx
      .select({ id: moderationAppeals.id })
      .from(moderationAppeals)
      .where(eq(moderationAppeals.decisionId, decision.id));
    if (existing) return { kind: 'already-appealed' };
    if (now.getTime() > appealDeadline(decision.decidedAt).getTime()) return { kind: 'too-late' };
    const [appeal] = await tx
      .insert(moderationAppeals)
      .values({ decisionId: decision.id, sellerId, text, createdAt: now })
      .returning({ id: moderationAppeals.id });
    await recordAction(tx, {
      actorId: sellerId,
      action: 'appeal.submit',
      targetType: 'product',
      targetId: productId,
      details: { appealId: appeal!.id, decisionId: decision.id },
    });
    return { kind: 'created', id: appeal!.id };
  });
}

/** An appeal as the admin's list shows it. */
export async function listAppeals(db: Database) {
  const columns = {
    id: moderationAppeals.id,
    text: moderationAppeals.text,
    createdAt: moderationAppeals.createdAt,
    outcome: moderationAppeals.outcome,
    outcomeReason: moderationAppeals.outcomeReason,
    decidedAt: moderationAppeals.decidedAt,
    productId: products.id,
    productName: products.productName,
    productImage: products.productImage,
    sellerName: users.displayName,
    rule: moderationDecisions.rule,
    facts: moderationDecisions.facts,
    automated: moderationDecisions.automated,
    removedAt: moderationDecisions.decidedAt,
  };
  const base = () =>
    db
      .select(columns)
      .from(moderationAppeals)
      .innerJoin(moderationDecisions, eq(moderationDecisions.id, moderationAppeals.decisionId))
      .innerJoin(products, eq(products.id, moderationDecisions.productId))
      .innerJoin(users, eq(users.id, moderationAppeals.sellerId));
  const pending = await base()
    .where(isNull(moderationAppeals.outcome))
    .orderBy(asc(moderationAppeals.createdAt), asc(moderationAppeals.id));
  const decided = await base()
    .where(isNotNull(moderationAppeals.outcome))
    .orderBy(desc(moderationAppeals.decidedAt), desc(moderationAppeals.id))
    .limit(100);
  return [...pending, ...decided];
}

export type DecideAppealResult =
  { kind: 'done' } | { kind: 'not-found' } | { kind: 'already-decided' } | { kind: 'seller-gone' };

/** What `onDecided` receives, for the outcome mail. */
export interface DecidedAppeal {
  appealId: string;
  sellerId: string;
  productName: string;
  outcome: 'upheld' | 'reversed';
  reason: string;
}

/**
 * Admin `actorId` upholds or reverses the appeal `appealId` with `reason` (DSA Art. 20(4)).
 * Reversing puts the listing back exactly as it was before the removal: `deleted_at` cleared and
 * `promote` restored from the decision (the only fields removal changed); the decision gets
 * `reversed_at`. Records `appeal.uphold` / `appeal.reverse`; calls `onDecided` in the same
 * transaction (the outcome mail). A deleted seller's listing is not put back ('seller-gone').
 */
export function decideAppeal(
  db: Database,
  actorId: string,
  appealId: string,
  decision: { outcome: 'upheld' | 'reversed'; reason: string },
  now: Date,
  onDecided: (tx: Transaction, decided: DecidedAppeal) => Promise<unknown> = async () => {},
): Promise<DecideAppealResult> {
  return db.transaction(async (tx) => {
    const [appeal] = await tx
      .select({
        outcome: moderationAppeals.outcome,
        sellerId: moderationAppeals.sellerId,
        decisionId: moderationAppeals.decisionId,
      })
      .from(moderationAppeals)
      .where(eq(moderationAppeals.id, appealId))
      .for('update');
    if (!appeal) return { kind: 'not-found' };
    if (appeal.outcome) return { kind: 'already-decided' };
    const [removal] = await tx
      .select({
        productId: moderationDecisions.productId,
        previousPromote: moderationDecisions.previousPromote,
        previousListingStatus: moderationDecisions.previousListingStatus,
        productName: products.productName,
        sellerDeletedAt: users.deletedAt,
      })
      .from(moderationDecisions)
      .innerJoin(products, eq(products.id, moderationDecisions.productId))
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(eq(moderationDecisions.id, appeal.decisionId))
      .for('update', { of: [moderationDecisions, products] });
    if (!removal) return { kind: 'not-found' };
    if (decision.outcome === 'reversed') {
      if (removal.sellerDeletedAt) return { kind: 'seller-gone' };
      await tx
        .update(products)
        .set({ deletedAt: null, promote: removal.previousPromote ?? false })
        .where(eq(products.id, removal.productId));
      // Back to the state it had before the removal (decision 0027), through the state owner.
      await transitionListing(
        tx,
        removal.productId,
        'restore',
        { kind: 'admin', userId: actorId },
        { previous: removal.previousListingStatus ?? 'active' },
      );
      await tx
        .update(moderationDecisions)
        .set({ reversedAt: now })
        .where(eq(moderationDecisions.id, appeal.decisionId));
    }
    await tx
      .update(moderationAppeals)
      .set({
        outcome: decision.outcome,
        outcomeReason: decision.reason,
        decidedBy: actorId,
        decidedAt: now,
      })
      .where(eq(moderationAppeals.id, appealId));
    await recordAction(tx, {
      actorId,
      action: decision.outcome === 'reversed' ? 'appeal.reverse' : 'appeal.uphold',
      targetType: 'product',
      targetId: removal.productId,
      details: {
        appealId,
        decisionId: appeal.decisionId,
        reason: decision.reason,
        ...(decision.outcome === 'reversed' ? { restoredPromote: removal.previousPromote } : {}),
      },
    });
    await onDecided(tx, {
      appealId,
      sellerId: appeal.sellerId,
      productName: removal.productName,
      outcome: decision.outcome,
      reason: decision.reason,
    });
    return { kind: 'done' };
  });
}

/**
 * The transparency counts of the 12 months before `now` (DSA Art. 15/24): notices by reason
 * (every reason, 0 included), decisions by outcome (a removal counts once even when reversed
 * later), appeals received and their outcomes, and the median hours from the first open report
 * to the decision (decisions with a report only), one decimal; null without any.
 */
export async function readTransparency(db: Database, now: Date) {
  const from = new Date(now);
  from.setUTCFullYear(from.getUTCFullYear() - 1);
  const notices = await db
    .select({ reason: moderationNotices.reason, count: sql<number>`count(*)::int` })
    .from(moderationNotices)
    .where(
      and(gte(moderationNotices.createdAt, from), sql`${moderationNotices.createdAt} <= ${now}`),
    )
    .groupBy(moderationNotices.reason);
  const decisions = await db
    .select({
      outcome: moderationDecisions.outcome,
      count: sql<number>`count(*)::int`,
    })
    .from(moderationDecisions)
    .where(
      and(
        gte(moderationDecisions.decidedAt, from),
        sql`${moderationDecisions.decidedAt} <= ${now}`,
      ),
    )
    .groupBy(moderationDecisions.outcome);
  const [median] = await db
    .select({
      hours: sql<
        number | null
      >`(percentile_cont(0.5) within group (order by extract(epoch from (${moderationDecisions.decidedAt} - ${moderationDecisions.firstNoticeAt})) / 3600))::float8`,
    })
    .from(moderationDecisions)
    .where(
      and(
        gte(moderationDecisions.decidedAt, from),
        sql`${moderationDecisions.decidedAt} <= ${now}`,
        isNotNull(moderationDecisions.firstNoticeAt),
      ),
    );
  const [appeals] = await db
    .select({
      received: sql<number>`count(*)::int`,
      upheld: sql<number>`(count(*) filter (where ${moderationAppeals.outcome} = 'upheld'))::int`,
      reversed: sql<number>`(count(*) filter (where ${moderationAppeals.outcome} = 'reversed'))::int`,
      pending: sql<number>`(count(*) filter (where ${moderationAppeals.outcome} is null))::int`,
    })
    .from(moderationAppeals)
    .where(
      and(gte(moderationAppeals.createdAt, from), sql`${moderationAppeals.createdAt} <= ${now}`),
    );
  const noticeCount = new Map(notices.map((row) => [row.reason, Number(row.count)]));
  const decisionCount = new Map(decisions.map((row) => [row.outcome, Number(row.count)]));
  const hours = median?.hours === null || median?.hours === undefined ? null : Number(median.hours);
  return {
    from,
    to: now,
    notices: reportReasons.map((reason) => ({ reason, count: noticeCount.get(reason) ?? 0 })),
    decisions: (['removed', 'kept'] as const).map((outcome) => ({
      outcome,
      count: decisionCount.get(outcome) ?? 0,
    })),
    appeals: {
      received: Number(appeals?.received ?? 0),
      upheld: Number(appeals?.upheld ?? 0),
      reversed: Number(appeals?.reversed ?? 0),
      pending: Number(appeals?.pending ?? 0),
    },
    medianHoursToDecision: hours === null ? null : Math.round(hours * 10) / 10,
  };
}
