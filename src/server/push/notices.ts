/**
 * What the push notifications say (decision 0045), for the notification points that have no
 * mail text to reuse: a new message. The other points (offers, viewings, saved-search matches,
 * price drops) reuse their mail's subject and sentence. Each payload's URL is the page the notification is about.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paths } from '#contract/spa-paths.js';
import { conversations, products, users } from '../db/schema.js';
import type { Executor } from '../jobs/queue.js';

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
