/**
 * A conversation's deal (decision 0048): the latest offer of its buyer on its listing and their
 * latest booking of it, an open one first each, as the caller's side sees them. The conversation
 * page shows them under the car with the actions of the side that may act, which call the offer
 * and viewing APIs (decision 0034) as My Offers and the bookings pages do.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ConversationDeal } from '#contract/index.js';
import type { Database } from '../db/client.js';
import { orders } from '../db/schema.js';
import { listOffers } from '../offers/service.js';
import { bookingState, presentViewing } from '../orders/presenters.js';
import type { ConversationRow } from './repository.js';

/**
 * The deal of `conversation` for `userId`, one of its two parties (the caller checked that).
 * Open offers past their time are marked expired first, as every offer list does.
 */
export async function conversationDeal(
  db: Database,
  conversation: Pick<ConversationRow, 'productId' | 'buyerId'>,
  userId: string,
  now: Date = new Date(),
): Promise<ConversationDeal> {
  const role = conversation.buyerId === userId ? 'buyer' : 'seller';
  const pair = { productId: conversation.productId, buyerId: conversation.buyerId };
  const [offer] = await listOffers(db, userId, role, now, pair);
  const open = and(eq(orders.paid, false), isNull(orders.declinedAt), isNull(orders.cancelledAt));
  const [order] = await db
    .select({
      id: orders.id,
      productName: orders.productName,
      paid: orders.paid,
      declinedAt: orders.declinedAt,
      cancelledAt: orders.cancelledAt,
      viewingAt: orders.viewingAt,
      viewingStatus: orders.viewingStatus,
      viewingProposedBy: orders.viewingProposedBy,
    })
    .from(orders)
    .where(and(eq(orders.productId, pair.productId), eq(orders.buyerId, pair.buyerId)))
    .orderBy(desc(sql`(${open})`), desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return {
    offer: offer ?? null,
    booking: order
      ? {
          order_id: order.id,
          product_name: order.productName,
          booking_state: bookingState(order),
          viewing: presentViewing(order),
        }
      : null,
  };
}
