/**
 * What the push notifications say (decision 0045), for the notification points that have no
 * mail text to reuse: a new message and a proposed viewing time. The other points (offers,
 * confirmed viewings and reminders, saved-search matches, price drops) reuse their mail's
 * subject and sentence. Each payload's URL is the page the notification is about.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paths } from '#contract/spa-paths.js';
import { conversations, orders, products, users } from '../db/schema.js';
import type { Executor } from '../jobs/queue.js';
import { formatViewingTime } from '../routes/orders/viewing-mails.js';

/** At most this many characters of a message go into its notification. */
const previewLength = 140;

/** Shortens `text` to `max` characters with an ellipsis. */
export function preview(text: string, max = previewLength): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/**
 * Queues the push of a new message in conversation `conversationId` to `recipientId`, in the
 * sending transaction `tx`. @returns how many pushes were queued.
 */
export async function pushNewMessage(
  app: FastifyInstance,
  tx: Executor,
  message: { conversationId: string; senderId: string; recipientId: string; text: string },
): Promise<number> {
  const [row] = await tx
    .select({ senderName: users.displayName, productName: products.productName })
    .from(conversations)
    .innerJoin(products, eq(products.id, conversations.productId))
    .innerJoin(users, eq(users.id, message.senderId))
    .where(eq(conversations.id, message.conversationId));
  if (!row) return 0;
  return app.push.notify(tx, message.recipientId, {
    kind: 'message',
    title: `${row.senderName} about ${row.productName}`,
    body: preview(message.text),
    url: paths.conversation.href(message.conversationId),
    tag: `conversation:${message.conversationId}`,
  });
}

/**
 * Queues the push of a viewing time `at` proposed on order `orderId` to the other side
 * (`recipient`), in `tx`. @returns how many pushes were queued.
 */
export async function pushViewingProposed(
  app: FastifyInstance,
  tx: Executor,
  orderId: string,
  recipient: { id: string; side: 'buyer' | 'seller' },
  at: Date,
): Promise<number> {
  const [order] = await tx
    .select({ productName: orders.productName })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return 0;
  const page = recipient.side === 'buyer' ? paths.buyerOrders : paths.sellerBookings;
  return app.push.notify(tx, recipient.id, {
    kind: 'viewing',
    title: `Viewing proposed: ${order.productName}`,
    body: `${formatViewingTime(at)} (UTC). Confirm it or propose another time.`,
    url: page.href(),
    tag: `viewing:${orderId}`,
  });
}
