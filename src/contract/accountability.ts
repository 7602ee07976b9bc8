/**
 * Accountable moderation (EU Digital Services Act, Regulation (EU) 2022/2065;
 * decision docs/decisions/0021-accountable-moderation.md):
 * - Art. 16 notice and action: a report names a reason and may carry a note
 *   (`PATCH /api/report-product?id=…` `{reason, note}`; orders.ts).
 * - Art. 17 statement of reasons: removing a reported listing states the rule broken, the facts
 *   and whether the decision was automated (`DELETE /api/report-product-delete/{uid}?id=…`,
 *   moderation.ts); the seller is mailed the statement and sees it in My Products
 *   (`GET /api/moderation-decisions`).
 * - Art. 20 internal complaint handling: the seller may appeal once, within six months (183 days)
 *   (`POST /api/appeals`); an admin upholds or reverses it with a reason
 *   (`GET /api/appeals/{uid}`, `PATCH /api/appeal-decide/{uid}?id=…`); reversing puts the listing
 *   back exactly as it was.
 * - Art. 15/24 transparency: `GET /api/transparency` (public) counts the last 12 months.
 *
 * Every step is written to the audit log (`report.create`, `report.delete_product`,
 * `report.mark_safe`, `appeal.submit`, `appeal.uphold`, `appeal.reverse`).
 */
import { z } from 'zod';
import { idSchema, uidSchema } from './entities.js';
import { errorSchema } from './errors.js';

/** Why a buyer reports a listing, in the order the report dialog offers them. */
export const reportReasons = [
  'Scam or fraud',
  'Wrong category',
  'Prohibited item',
  'Offensive content',
  'Duplicate listing',
  'Other',
] as const;
export type ReportReason = (typeof reportReasons)[number];

/**
 * The rules of the Terms a removal may cite (DSA Art. 17(3)(d)): one per report
 * reason except `Other`, plus a catch-all. The admin picks one; the facts say the rest.
 */
export const moderationRules = [
  'Scam or fraud',
  'Wrong category',
  'Prohibited item',
  'Offensive content',
  'Duplicate listing',
  'Other breach of the Terms',
] as const;
export type ModerationRule = (typeof moderationRules)[number];

/** Limits of accountable moderation (characters; days). */
export const moderationTextLimits = {
  /** A report's optional note. */
  noteMax: 1000,
  /** The facts of a statement of reasons. */
  factsMax: 2000,
  /** An appeal's text, and the admin's reason for upholding or reversing it. */
  appealMax: 2000,
  /** Days after a removal within which its seller may appeal: six months, as DSA Art. 20(1)
   * requires ("for a period of at least six months following the decision"; decision 0021).
   * 183 days cover the longest six calendar months. The 14 days were too short. */
  appealDays: 183,
} as const;

/** Texts the SPA shows for accountable moderation (invented; the spec has no such screens). */
export const accountabilityTexts = {
  reportReasonLegend: 'Why are you reporting this listing?',
  reportNoteLabel: 'Note for the moderators (optional)',
  statementHeading: 'Statement of reasons',
  ruleLabel: 'Rule broken',
  factsLabel: 'Facts',
  automatedLegend: 'Was this decision automated?',
  removedHeading: 'Removed by moderation',
  appeal: 'Appeal',
  appealLabel: 'Why should this decision be reversed?',
  appealSent: 'Appeal sent',
  upheld: 'Decision upheld',
  reversed: 'Decision reversed',
  transparencyHeading: 'Transparency report',
  /** Which reports count as notices on the transparency report. */
  transparencyNoticesNote:
    'Notices are the reports of listings we received in the period, one per listing and ' +
    'reporter, whatever became of them: the ones later marked safe and the ones still open count too.',
} as const;

const trimmedText = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .min(1, { message: `${field} is required` })
    .max(max, { message: `${field} must be at most ${max} characters` });

/** The body of `PATCH /api/report-product` (none, as in the spec's call, means `Other`). */
export const reportBodySchema = z
  .object({
    reason: z.enum(reportReasons, { message: `must be one of: ${reportReasons.join(', ')}` }),
    note: z
      .string({ message: 'must be text' })
      .trim()
      .max(moderationTextLimits.noteMax, {
        message: `must be at most ${moderationTextLimits.noteMax} characters`,
      })
      .optional(),
  })
  .nullish();
export type ReportBody = NonNullable<z.input<typeof reportBodySchema>>;

/** The statement of reasons of a removal (DSA Art. 17(3)): the body of report-product-delete. */
export const statementBodySchema = z.object({
  rule: z.enum(moderationRules, { message: `must be one of: ${moderationRules.join(', ')}` }),
  facts: trimmedText('facts', moderationTextLimits.factsMax),
  automated: z.boolean({ message: 'must be true or false' }),
});
export type StatementBody = z.input<typeof statementBodySchema>;

/** A report's reason count, and the notes, as Reported Product shows them. */
export const reportReasonCountSchema = z.object({
  reason: z.enum(reportReasons),
  count: z.number().int(),
});
export const reportNoteSchema = z.object({
  reason: z.enum(reportReasons),
  note: z.string(),
  created_at: z.string().describe('ISO 8601'),
});

/** An appeal as its seller and the admin see it. */
export const appealSchema = z.object({
  _id: z.string(),
  text: z.string(),
  created_at: z.string().describe('ISO 8601'),
  outcome: z.enum(['upheld', 'reversed']).nullable().describe('null while pending'),
  outcome_reason: z.string().nullable(),
  decided_at: z.string().nullable().describe('ISO 8601'),
});
export type Appeal = z.infer<typeof appealSchema>;

/** A removal of one of the caller's listings, with its statement of reasons (DSA Art. 17). */
export const moderationDecisionSchema = z.object({
  _id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  product_image: z.string(),
  rule: z.enum(moderationRules),
  facts: z.string(),
  automated: z.boolean(),
  decided_at: z.string().describe('ISO 8601'),
  appeal_until: z.string().describe('ISO 8601: the last moment an appeal is accepted'),
  can_appeal: z
    .boolean()
    .describe(`no appeal yet and the ${moderationTextLimits.appealDays} days have not passed`),
  reversed: z.boolean(),
  appeal: appealSchema.nullable(),
});
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>;

const guardedErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  503: errorSchema,
} as const;

export const listModerationDecisionsContract = {
  method: 'GET',
  url: '/api/moderation-decisions',
  summary:
    "Removals of the caller's listings by moderation, newest first, each with its statement of " +
    'reasons and appeal (seller, DSA Art. 17).',
  response: { 200: z.array(moderationDecisionSchema), ...guardedErrors },
} as const;

/** 409 messages of the appeal calls. */
export const appealConflicts = {
  notRemoved: 'This listing was not removed by moderation',
  alreadyAppealed: 'You have already appealed this decision',
  tooLate: `The ${moderationTextLimits.appealDays} days to appeal this decision have passed`,
  alreadyDecided: 'This appeal has already been decided',
  sellerGone: "The seller's account was deleted: the listing cannot be put back",
} as const;

export const createAppealContract = {
  method: 'POST',
  url: '/api/appeals',
  summary:
    'The seller appeals the removal of one of their listings (DSA Art. 20): once per ' +
    `decision, within six months (${moderationTextLimits.appealDays} days). 403 for a listing of ` +
    'someone else; 409 when there is no removal to appeal, it was already appealed, or the ' +
    `${moderationTextLimits.appealDays} days have passed.`,
  body: z.object({
    product_id: idSchema,
    text: trimmedText('text', moderationTextLimits.appealMax),
  }),
  response: {
    201: z.object({ acknowledged: z.literal(true), insertedId: z.string() }),
    404: errorSchema,
    409: errorSchema,
    ...guardedErrors,
  },
} as const;

const adminParams = z.object({ uid: uidSchema.describe("the caller's own uid") });

/** An appeal in the admin's list: the decision, its listing and seller, and the appeal. */
export const adminAppealSchema = appealSchema.extend({
  product_id: z.string(),
  product_name: z.string(),
  product_image: z.string(),
  seller_name: z.string(),
  rule: z.enum(moderationRules),
  facts: z.string(),
  automated: z.boolean(),
  removed_at: z.string().describe('ISO 8601'),
});
export type AdminAppeal = z.infer<typeof adminAppealSchema>;

export const listAppealsContract = {
  method: 'GET',
  url: '/api/appeals/:uid',
  summary:
    'Appeals, pending first (oldest first), then the 100 most recently decided (admin only).',
  params: adminParams,
  response: { 200: z.array(adminAppealSchema), ...guardedErrors },
} as const;

export const decideAppealContract = {
  method: 'PATCH',
  url: '/api/appeal-decide/:uid',
  summary:
    'Upholds or reverses an appeal with a reason (admin, DSA Art. 20(4)). Reversing ' +
    'puts the listing back on the market exactly as it was. 404 unknown appeal; 409 decided.',
  params: adminParams,
  querystring: z.object({ id: idSchema.describe('the appeal `_id`') }),
  body: z.object({
    outcome: z.enum(['upheld', 'reversed'], { message: 'must be upheld or reversed' }),
    reason: trimmedText('reason', moderationTextLimits.appealMax),
  }),
  response: {
    200: z.object({ modifiedCount: z.number().int() }),
    404: errorSchema,
    409: errorSchema,
    ...guardedErrors,
  },
} as const;

/** Outcomes counted on /transparency. */
export const decisionOutcomes = ['removed', 'kept'] as const;

/** The public transparency report (DSA Art. 15 and 24), over the last 12 months. */
export const transparencySchema = z.object({
  from: z.string().describe('ISO 8601: start of the period (12 months before `to`)'),
  to: z.string().describe('ISO 8601: when the report was computed'),
  notices: z.array(z.object({ reason: z.enum(reportReasons), count: z.number().int() })),
  decisions: z.array(z.object({ outcome: z.enum(decisionOutcomes), count: z.number().int() })),
  appeals: z.object({
    received: z.number().int(),
    upheld: z.number().int(),
    reversed: z.number().int(),
    pending: z.number().int(),
  }),
  median_hours_to_decision: z
    .number()
    .nullable()
    .describe('from the first open report to the decision, hours (one decimal); null: none'),
});
export type Transparency = z.infer<typeof transparencySchema>;

export const getTransparencyContract = {
  method: 'GET',
  url: '/api/transparency',
  summary:
    'Moderation in the last 12 months (public, DSA Art. 15/24): notices by reason, ' +
    'decisions by outcome, appeals and reversals, median time from report to decision.',
  response: { 200: transparencySchema, 503: errorSchema },
} as const;
