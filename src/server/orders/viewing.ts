/**
 * Viewing times of bookings (decision 0034). A booking may carry a time one side proposed; the
 * other side confirms it or proposes another. A confirmed time is mailed to both sides with an
 * iCalendar invitation (RFC 5545), and the `viewing-reminder` job mails both two hours before.
 *
 * States: none → proposed (by buyer or seller) → confirmed; a new proposal from either side
 * while proposed or confirmed goes back to proposed, by that side.
 */
import { and, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { viewingNoteText, viewingWindowDays } from '#contract/index.js';
import { orders } from '../db/schema.js';
import type { Executor } from '../jobs/queue.js';
import { httpError } from '../lib/http-error.js';
import { addSystemMessage } from '../messages/repository.js';
import { notifyViewing } from './viewing-mails.js';

/** Queue of the reminder two hours before a confirmed viewing. */
export const viewingReminderJob = 'viewing-reminder';
/** How long before a confirmed viewing its reminder is mailed (ms). */
export const viewingReminderLeadMs = 2 * 60 * 60 * 1000;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Checks that a proposed viewing time lies after `now` and at most `viewingWindowDays` days
 * ahead (decision 0034).
 * @param field the request field it came from, named in the error (`body.viewing_at`).
 * @throws HttpError 400 otherwise.
 */
export function assertViewingWindow(at: Date, now: Date, field: string): void {
  if (at.getTime() <= now.getTime()) throw httpError(400, `${field} must be in the future`);
  if (at.getTime() > now.getTime() + viewingWindowDays * dayMs) {
    throw httpError(400, `${field} must be within the next ${viewingWindowDays} days`);
  }
}

/** A booking's side: the buyer or the seller of the order. */
export type Side = 'buyer' | 'seller';

/** What changing a viewing needs to tell the caller. */
export interface ViewingChange {
  modifiedCount: number;
}

/**
 * Proposes `at` as the viewing time of order `orderId` for the caller's side, or confirms the
 * other side's proposal, in one transaction with the order row locked (two sides acting at once
 * cannot both win). A system message goes into the pair's conversation; a confirmation queues
 * the invitation mails and the reminder in the same transaction.
 * @param callerId the caller's user id; they must be the order's buyer or seller.
 * @throws HttpError 404 for an unknown order, 403 for someone who is neither side, 409 when the
 *   booking is declined or cancelled, when there is nothing to confirm, or when the caller's own
 *   side proposed the time; 400 for a time outside the window (propose).
 */
export function changeViewing(
  app: FastifyInstance,
  orderId: string,
  callerId: string,
  action: { action: 'confirm' } | { action: 'propose'; at: string },
  now: Date = new Date(),
): Promise<ViewingChange> {
  const at = action.action === 'propose' ? new Date(action.at) : null;
  if (at) assertViewingWindow(at, now, 'body.at');
  return app.db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        buyerId: orders.buyerId,
        sellerId: orders.sellerId,
        productId: orders.productId,
        declinedAt: orders.declinedAt,
        cancelledAt: orders.cancelledAt,
        viewingAt: orders.viewingAt,
        viewingStatus: orders.viewingStatus,
        viewingProposedBy: orders.viewingProposedBy,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw httpError(404, 'No order found');
    const side: Side | null =
      order.buyerId === callerId ? 'buyer' : order.sellerId === callerId ? 'seller' : null;
    if (!side) {
      throw httpError(403, 'Only the buyer or the seller of this booking can arrange its viewing');
    }
    if (order.declinedAt || order.cancelledAt) throw httpError(409, 'This booking is closed');

    if (at) {
      const same =
        order.viewingAt?.getTime() === at.getTime() &&
        order.viewingProposedBy === side &&
        order.viewingStatus === 'proposed';
      if (same) return { modifiedCount: 0 };
      await tx
        .update(orders)
        .set({ viewingAt: at, viewingStatus: 'proposed', viewingProposedBy: side })
        .where(eq(orders.id, orderId));
      await addSystemMessage(tx, {
        productId: order.productId,
        buyerId: order.buyerId,
        sellerId: order.sellerId,
        senderId: callerId,
        kind: 'viewing',
        body: viewingNoteText('proposed', at),
      });
      await notifyViewing(app, tx, 'proposed', orderId, at, side === 'buyer' ? 'seller' : 'buyer');
      return { modifiedCount: 1 };
    }

    if (!order.viewingAt || !order.viewingStatus) {
      throw httpError(409, 'No viewing time has been proposed for this booking');
    }
    if (order.viewingStatus === 'confirmed') return { modifiedCount: 0 };
    if (order.viewingProposedBy === side) {
      throw httpError(409, 'You proposed this time: the other side confirms it');
    }
    const updated = await tx
      .update(orders)
      .set({ viewingStatus: 'confirmed' })
      .where(and(eq(orders.id, orderId), eq(orders.viewingStatus, 'proposed')))
      .returning({ id: orders.id });
    if (updated.length === 0) return { modifiedCount: 0 };
    await addSystemMessage(tx, {
      productId: order.productId,
      buyerId: order.buyerId,
      sellerId: order.sellerId,
      senderId: callerId,
      kind: 'viewing',
      body: viewingNoteText('confirmed', order.viewingAt),
    });
    await onViewingConfirmed(app, tx, orderId, order.viewingAt, now);
    return { modifiedCount: 1 };
  });
}

/**
 * Queues what a confirmed viewing sends, in the caller's transaction: the invitation mail to each
 * side (once per order and time: the mail keys name both), and the reminder job two hours before
 * (none when that moment has passed).
 */
export async function onViewingConfirmed(
  app: FastifyInstance,
  tx: Executor,
  orderId: string,
  at: Date,
  now: Date,
): Promise<void> {
  await notifyViewing(app, tx, 'confirmed', orderId, at);
  const delayMs = at.getTime() - viewingReminderLeadMs - now.getTime();
  if (delayMs > 0) {
    await app.jobs.enqueue(
      viewingReminderJob,
      { orderId, at: at.toISOString() },
      { tx, startAfterSeconds: Math.ceil(delayMs / 1000) },
    );
  }
}

/**
 * The reminder job's work: mails both sides when the order's viewing is still confirmed for the
 * time the job was queued for, and the booking still open. Safe to run twice: each mail's key
 * names the order, the time and the side, so `send-mail` sends it once.
 */
export async function remindViewing(
  app: FastifyInstance,
  data: { orderId: string; at: string },
): Promise<void> {
  const [order] = await app.db
    .select({
      viewingAt: orders.viewingAt,
      viewingStatus: orders.viewingStatus,
      declinedAt: orders.declinedAt,
      cancelledAt: orders.cancelledAt,
    })
    .from(orders)
    .where(eq(orders.id, data.orderId));
  if (!order || order.declinedAt || order.cancelledAt) return;
  if (order.viewingStatus !== 'confirmed' || order.viewingAt?.toISOString() !== data.at) return;
  await notifyViewing(app, app.db, 'reminder', data.orderId, order.viewingAt);
}

/** The reminder job (registered after `jobs` and `mail`, before the app is ready). */
export const viewingJobsPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.define<{ orderId: string; at: string }>({
      name: viewingReminderJob,
      retryLimit: 5,
      retryDelaySeconds: 30,
      handler: (data) => remindViewing(app, data),
    });
  },
  { name: 'viewing-jobs', dependencies: ['jobs', 'mail', 'database'] },
);
