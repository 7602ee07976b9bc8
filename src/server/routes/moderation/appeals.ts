/**
 * Accountable moderation after the decision (decision 0021):
 * - `GET /api/moderation-decisions` (seller): removals of the caller's listings with their
 *   statements of reasons (DSA Art. 17) and appeals — My Products shows them.
 * - `POST /api/appeals` (seller): appeal a removal once, within six months (183 days; Art. 20(1)).
 * - `GET /api/appeals/{uid}`, `PATCH /api/appeal-decide/{uid}?id=` (admin): the appeals, and
 *   upholding or reversing one with a reason; reversing puts the listing back as it was.
 * - `GET /api/transparency` (public): the last 12 months in numbers (Art. 15/24).
 * The clock is `new Date()` at the start of each request (tests move it with fake timers).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appealConflicts,
  createAppealContract,
  decideAppealContract,
  getTransparencyContract,
  listAppealsContract,
  listModerationDecisionsContract,
  type AdminAppeal,
  type ModerationDecision,
  type ModerationRule,
} from '#contract/index.js';
import { requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { queueAppealOutcomeMail } from '../../notifications/moderation-mails.js';
import {
  appealDeadline,
  createAppeal,
  decideAppeal,
  listAppeals,
  listSellerDecisions,
  readTransparency,
  type SellerDecisionRow,
} from '../../moderation/appeal-repository.js';

const tags = ['moderation'];
const asSeller: RouteAccess = { role: 'seller' };
const asAdminSelf: RouteAccess = { role: 'admin', self: 'uid' };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function presentDecision(row: SellerDecisionRow, now: Date): ModerationDecision {
  const until = appealDeadline(row.decidedAt);
  return {
    _id: row.id,
    product_id: row.productId,
    product_name: row.productName,
    product_image: row.productImage,
    rule: row.rule,
    facts: row.facts,
    automated: row.automated,
    decided_at: row.decidedAt.toISOString(),
    appeal_until: until.toISOString(),
    can_appeal: !row.appeal && !row.reversedAt && now.getTime() <= until.getTime(),
    reversed: row.reversedAt !== null,
    appeal: row.appeal && {
      _id: row.appeal.id,
      text: row.appeal.text,
      created_at: row.appeal.createdAt.toISOString(),
      outcome: row.appeal.outcome,
      outcome_reason: row.appeal.outcomeReason,
      decided_at: iso(row.appeal.decidedAt),
    },
  };
}

export const appealRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(listModerationDecisionsContract, { tags, access: asSeller }),
    handler: async (request) => {
      const now = new Date();
      const rows = await listSellerDecisions(app.db, requireCallerRecord(request).id);
      return rows.map((row) => presentDecision(row, now));
    },
  });

  app.route({
    ...route(createAppealContract, { tags, access: asSeller }),
    handler: async (request, reply) => {
      const result = await createAppeal(
        app.db,
        requireCallerRecord(request).id,
        request.body.product_id,
        request.body.text,
        new Date(),
      );
      switch (result.kind) {
        case 'created':
          return reply.code(201).send({ acknowledged: true as const, insertedId: result.id });
        case 'not-found':
          throw httpError(404, 'Product not found');
        case 'not-owner':
          throw httpError(403, 'You can appeal only decisions about your own listings');
        case 'not-removed':
          throw httpError(409, appealConflicts.notRemoved);
        case 'already-appealed':
          throw httpError(409, appealConflicts.alreadyAppealed);
        case 'too-late':
          throw httpError(409, appealConflicts.tooLate);
      }
    },
  });

  app.route({
    ...route(listAppealsContract, { tags, access: asAdminSelf }),
    handler: async () =>
      (await listAppeals(app.db)).map((row): AdminAppeal => ({
        _id: row.id,
        text: row.text,
        created_at: row.createdAt.toISOString(),
        outcome: row.outcome as AdminAppeal['outcome'],
        outcome_reason: row.outcomeReason,
        decided_at: iso(row.decidedAt),
        product_id: row.productId,
        product_name: row.productName,
        product_image: row.productImage,
        seller_name: row.sellerName,
        rule: row.rule as ModerationRule,
        facts: row.facts ?? '',
        automated: row.automated,
        removed_at: row.removedAt.toISOString(),
      })),
  });

  app.route({
    ...route(decideAppealContract, { tags, access: asAdminSelf }),
    handler: async (request) => {
      const result = await decideAppeal(
        app.db,
        requireCallerRecord(request).id,
        request.query.id,
        request.body,
        new Date(),
        (tx, decided) => queueAppealOutcomeMail(app, tx, decided),
      );
      switch (result.kind) {
        case 'done':
          return { modifiedCount: 1 };
        case 'not-found':
          throw httpError(404, 'Appeal not found');
        case 'already-decided':
          throw httpError(409, appealConflicts.alreadyDecided);
        case 'seller-gone':
          throw httpError(409, appealConflicts.sellerGone);
      }
    },
  });

  app.route({
    ...route(getTransparencyContract, { tags, publicCache: true }),
    handler: async (_request, reply) => {
      const report = await readTransparency(app.db, new Date());
      void reply.header('cache-control', 'public, max-age=300');
      return {
        from: report.from.toISOString(),
        to: report.to.toISOString(),
        notices: report.notices,
        decisions: report.decisions,
        appeals: report.appeals,
        median_hours_to_decision: report.medianHoursToDecision,
      };
    },
  });
};
