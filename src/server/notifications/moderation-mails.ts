/**
 * The mails of accountable moderation (decision 0021), queued in the transaction that
 * makes the decision, through the shared layout (layout.ts) and the job queue:
 * - `queueRemovalMail`: the statement of reasons to the seller of a removed listing (DSA Art.
 *   17(1): "at the latest from the date that the restriction is imposed"), with the rule, the
 *   facts, whether it was automated and how to appeal (Art. 17(3)(f)). Key
 *   `moderation:<decision id>:statement`.
 * - `queueAppealOutcomeMail`: the outcome of the seller's appeal and its reason (Art. 20(5)).
 *   Key `moderation:<appeal id>:outcome`.
 *
 * These are legal notices, not notifications one may silence: like receipts (decision 0018) they
 * carry no unsubscribe link and are skipped only for a deleted account.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { moderationTextLimits } from '../../contract/index.js';
import { paths } from '../../contract/spa-paths.js';
import { users } from '../db/schema.js';
import type { Executor } from '../jobs/queue.js';
import { renderMail } from './layout.js';
import { formatMailDate } from './payment-mails.js';
import { readerZone, zoneNote } from './time-zone.js';

/** A removal decision as the mail states it. */
export interface RemovalStatement {
  decisionId: string;
  sellerId: string;
  productName: string;
  rule: string;
  facts: string;
  automated: boolean;
  decidedAt: Date;
  /** The last moment an appeal is accepted. */
  appealUntil: Date;
}

/** The live account `userId`'s name and address, or undefined for a deleted one. */
async function liveRecipient(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ name: users.displayName, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

/**
 * Queues the statement of reasons of a removal to its seller, in `tx`.
 * @returns the job id, or null when the seller's account is deleted.
 */
export async function queueRemovalMail(
  app: FastifyInstance,
  tx: Executor,
  statement: RemovalStatement,
): Promise<string | null> {
  const seller = await liveRecipient(tx, statement.sellerId);
  if (!seller) return null;
  const zone = await readerZone(tx, statement.sellerId);
  return app.mail.enqueue(
    {
      key: `moderation:${statement.decisionId}:statement`,
      to: seller.email,
      subject: `Your listing was removed: ${statement.productName}`,
      ...renderMail({
        greeting: `Hello ${seller.name},`,
        blocks: [
          `We removed your listing "${statement.productName}" from Second Gear. ` +
            'This is our statement of reasons.',
          {
            facts: [
              ['Listing', statement.productName],
              ['Decision', 'Removed from the market (not deleted: it can be put back)'],
              ['Rule broken', statement.rule],
              ['Decided', formatMailDate(statement.decidedAt, zone)],
              ['Automated decision', statement.automated ? 'Yes' : 'No, a person decided'],
              ['Detected through', 'Reports from users (notices)'],
            ],
          },
          { quote: statement.facts, by: 'Facts' },
          `You may appeal once, until ${formatMailDate(statement.appealUntil, zone)} ` +
            `(${moderationTextLimits.appealDays} days), from My Products. ` +
            'A person reviews every appeal.',
          zoneNote(zone, app.config.publicUrl),
        ],
        action: {
          label: 'See it in My Products',
          url: `${app.config.publicUrl}${paths.sellerProducts.href()}`,
        },
        footer: {
          reason:
            'You get this e-mail because a listing of yours was removed by moderation. ' +
            'Such statements are always sent.',
        },
      }),
    },
    { tx },
  );
}

/**
 * Queues the outcome of an appeal to its seller, in `tx`.
 * @returns the job id, or null when the seller's account is deleted.
 */
export async function queueAppealOutcomeMail(
  app: FastifyInstance,
  tx: Executor,
  outcome: {
    appealId: string;
    sellerId: string;
    productName: string;
    outcome: 'upheld' | 'reversed';
    reason: string;
  },
): Promise<string | null> {
  const seller = await liveRecipient(tx, outcome.sellerId);
  if (!seller) return null;
  const reversed = outcome.outcome === 'reversed';
  return app.mail.enqueue(
    {
      key: `moderation:${outcome.appealId}:outcome`,
      to: seller.email,
      subject: reversed
        ? `Your appeal was accepted: ${outcome.productName} is back`
        : `Your appeal was rejected: ${outcome.productName}`,
      ...renderMail({
        greeting: `Hello ${seller.name},`,
        blocks: [
          reversed
            ? `We reviewed your appeal and reversed our decision: "${outcome.productName}" is ` +
              'back on the market, exactly as it was.'
            : `We reviewed your appeal and upheld our decision: "${outcome.productName}" stays ` +
              'removed.',
          { quote: outcome.reason, by: 'Reason' },
        ],
        action: {
          label: 'See it in My Products',
          url: `${app.config.publicUrl}${paths.sellerProducts.href()}`,
        },
        footer: {
          reason: 'You get this e-mail because you appealed a moderation decision.',
        },
      }),
    },
    { tx },
  );
}
