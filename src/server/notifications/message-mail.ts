/**
 * "You have an unread message" mail: a message is mailed to its recipient only when
 * it is still unread a while after it was sent, and a conversation mails each recipient at most
 * once an hour.
 *
 * - **Queued with the message.** Sending a message (src/server/routes/messages) calls
 *   `queueMessageMail` in the message's transaction: a `message-mail` job
 *   `{conversationId, recipientId}` that starts after MESSAGE_MAIL_DELAY_SECONDS (default 300),
 *   throttled by pg-boss's singleton key `<conversation>:<recipient>` per delay-long slot — a
 *   burst of messages queues one job, not one per message (the slot's unique index holds across
 *   instances).
 * - **Checked when it runs.** The job does nothing when the conversation is blocked (by either
 *   party), the recipient has read everything the other party wrote (`*_read_at`), turned
 *   `message` mail off, or deleted their account.
 * - **Once an hour, across instances.** Otherwise it claims `message_mail_throttle` for the pair
 *   with one atomic upsert (`mailed_at` set only when absent or over an hour old) and, in the
 *   same transaction, queues the `send-mail` job keyed `message:<conversation>:<recipient>:<claim
 *   ms>`. Two workers racing for the pair serialise on the row and only one gets it; a retried
 *   job finds the claim committed and sends nothing more.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { aliasedTable, and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { paths } from '../../contract/spa-paths.js';
import { conversations, messageMailThrottle, messages, products, users } from '../db/schema.js';
import type { Executor } from '../jobs/queue.js';
import { renderMail } from './layout.js';
import { wantsMail } from './preferences.js';

/** Queue name. */
export const messageMailJob = 'message-mail';
/** At most one message mail per conversation and recipient in this many seconds. */
export const messageMailIntervalSeconds = 60 * 60;

/** The job's data. */
export interface MessageMailData {
  conversationId: string;
  recipientId: string;
}

/** What the job did, for tests and logs. */
export type MessageMailOutcome =
  'queued' | 'no-conversation' | 'blocked' | 'read' | 'opted-out' | 'throttled';

/**
 * Queues the delayed check for `recipientId`'s unread messages in `conversationId`, in the
 * sending transaction `tx`. @returns the job id, or null when one is already queued for this
 * pair in the current slot.
 */
export function queueMessageMail(
  app: FastifyInstance,
  tx: Executor,
  data: MessageMailData,
): Promise<string | null> {
  const delay = app.config.notifications.messageMailDelaySeconds;
  return app.jobs.enqueueThrottled<MessageMailData>(messageMailJob, data, {
    tx,
    startAfterSeconds: delay,
    throttle: { key: `${data.conversationId}:${data.recipientId}`, seconds: Math.max(60, delay) },
  });
}

const sender = aliasedTable(users, 'sender');

/**
 * The job's work, in one transaction (see the module comment).
 * @returns what it did; only 'queued' queued a mail.
 */
export async function runMessageMail(
  app: FastifyInstance,
  { conversationId, recipientId }: MessageMailData,
): Promise<MessageMailOutcome> {
  return app.db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({
        buyerId: conversations.buyerId,
        sellerId: conversations.sellerId,
        blockedBy: conversations.blockedBy,
        buyerReadAt: conversations.buyerReadAt,
        sellerReadAt: conversations.sellerReadAt,
        productName: products.productName,
      })
      .from(conversations)
      .innerJoin(products, eq(products.id, conversations.productId))
      .where(eq(conversations.id, conversationId));
    if (
      !conversation ||
      (conversation.buyerId !== recipientId && conversation.sellerId !== recipientId)
    ) {
      return 'no-conversation';
    }
    if (conversation.blockedBy) return 'blocked';
    const readAt =
      conversation.buyerId === recipientId ? conversation.buyerReadAt : conversation.sellerReadAt;
    const unread = await tx
      .select({ body: messages.body, senderName: sender.displayName })
      .from(messages)
      .innerJoin(sender, eq(sender.id, messages.senderId))
      .where(
        and(
          eq(messages.conversationId, conversationId),
          ne(messages.senderId, recipientId),
          readAt ? gt(messages.createdAt, readAt) : undefined,
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id));
    const latest = unread[0];
    if (!latest) return 'read';
    if (!(await wantsMail(tx, recipientId, 'message'))) return 'opted-out';
    const [recipient] = await tx
      .select({ email: users.email, name: users.displayName })
      .from(users)
      .where(and(eq(users.id, recipientId), isNull(users.deletedAt)));
    if (!recipient) return 'opted-out';

    const [claim] = await tx
      .insert(messageMailThrottle)
      .values({ conversationId, recipientId, mailedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [messageMailThrottle.conversationId, messageMailThrottle.recipientId],
        set: { mailedAt: sql`now()` },
        setWhere: sql`${messageMailThrottle.mailedAt} <= now() - make_interval(secs => ${messageMailIntervalSeconds})`,
      })
      .returning({ mailedAt: messageMailThrottle.mailedAt });
    if (!claim) return 'throttled';

    const count = unread.length;
    const link = `${app.config.publicUrl}${paths.conversation.href(conversationId)}`;
    await app.mail.enqueue(
      {
        key: `message:${conversationId}:${recipientId}:${claim.mailedAt.getTime()}`,
        to: recipient.email,
        subject: `New message from ${latest.senderName} about ${conversation.productName}`,
        ...renderMail({
          greeting: `Hello ${recipient.name},`,
          blocks: [
            count === 1
              ? `${latest.senderName} sent you a message about ${conversation.productName}.`
              : `You have ${count} unread messages from ${latest.senderName} about ${conversation.productName}. The latest:`,
            { quote: latest.body },
          ],
          action: { label: 'Read and reply', url: link },
          footer: {
            reason:
              'You get this because a message on Second Gear was still unread a few minutes ' +
              'after it arrived (at most one such e-mail per conversation an hour).',
            unsubscribe: {
              label: 'Stop e-mails about unread messages',
              url: app.unsubscribe.pageUrl(recipientId, 'message'),
            },
          },
        }),
        unsubscribeUrl: app.unsubscribe.url(recipientId, 'message'),
      },
      { tx },
    );
    return 'queued';
  });
}

/** Defines the `message-mail` job. */
export const messageMailPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.define<MessageMailData>({
      name: messageMailJob,
      retryLimit: 5,
      retryDelaySeconds: 30,
      expireInSeconds: 5 * 60,
      handler: async (data) => {
        const outcome = await runMessageMail(app, data);
        app.log.info({ conversation: data.conversationId, outcome }, 'message mail job done');
      },
    });
  },
  { name: 'message-mail', dependencies: ['jobs', 'mail', 'unsubscribe', 'database'] },
);
