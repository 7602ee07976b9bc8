/**
 * Data access of messages: conversations (one per listing and buyer) and their
 * messages. Every read and write is scoped to the caller being one of the conversation's two
 * parties; a conversation of others is indistinguishable from none (null → the route's 404).
 */
import { and, count, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { authSession, conversations, messages, products, users } from '../db/schema.js';
import { queryRows } from '../db/rows.js';
import { httpError } from '../lib/http-error.js';
import { after, newestFirst, type KeysetCursor } from '../lib/pagination.js';
import { messageWarnings } from '../trust/message-warnings.js';
import type { MessageKind, MessageWarning } from '#contract/index.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

const buyer = alias(users, 'conversation_buyer');
const seller = alias(users, 'conversation_seller');

/** The caller is one of the conversation's parties. */
const partyOf = (userId: string): SQL =>
  or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId))!;

/** The other party's messages after the caller's read mark: the caller's unread count. */
const unreadFor = (userId: string) => sql<number>`(
  select count(*)::int from ${messages}
  where ${messages.conversationId} = ${conversations.id}
    and ${messages.senderId} <> ${userId}
    and ${messages.createdAt} > coalesce(
      case when ${conversations.buyerId} = ${userId} then ${conversations.buyerReadAt}
           else ${conversations.sellerReadAt} end,
      '-infinity'::timestamptz))`;

/** The conversation's latest message (text, sender, time, kind), as one JSON value or null. */
const lastMessage = sql<{
  body: string;
  sender_id: string;
  created_at: string;
  kind: MessageKind;
} | null>`(
  select json_build_object(
    'body', m.body, 'sender_id', m.sender_id, 'created_at', m.created_at, 'kind', m.kind)
  from ${messages} m where m.conversation_id = ${conversations.id}
  order by m.created_at desc, m.id desc limit 1)`;

function selectConversations(db: Executor, userId: string) {
  return db
    .select({
      id: conversations.id,
      createdAt: conversations.lastMessageAt,
      productId: conversations.productId,
      productName: products.productName,
      productImage: products.productImage,
      resellPriceCents: products.resellPriceCents,
      listingStatus: products.listingStatus,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
      buyerName: buyer.displayName,
      buyerPhoto: buyer.photoUrl,
      sellerName: seller.displayName,
      sellerPhoto: seller.photoUrl,
      buyerVerification: {
        phoneVerifiedAt: buyer.phoneVerifiedAt,
        identityVerifiedAt: buyer.identityVerifiedAt,
        adminVerifiedAt: buyer.adminVerifiedAt,
        status: buyer.status,
      },
      sellerVerification: {
        phoneVerifiedAt: seller.phoneVerifiedAt,
        identityVerifiedAt: seller.identityVerifiedAt,
        adminVerifiedAt: seller.adminVerifiedAt,
        status: seller.status,
      },
      blockedBy: conversations.blockedBy,
      unread: unreadFor(userId),
      last: lastMessage,
    })
    .from(conversations)
    .innerJoin(products, eq(products.id, conversations.productId))
    .innerJoin(buyer, eq(buyer.id, conversations.buyerId))
    .innerJoin(seller, eq(seller.id, conversations.sellerId));
}
/** A conversation row; `createdAt` is its last message's time (the list's keyset column). */
export type ConversationRow = Awaited<ReturnType<typeof selectConversations>>[number];

/** One page of the caller's conversations, latest message first. */
export function listConversations(
  db: Database,
  userId: string,
  cursor: KeysetCursor | null,
  limit: number,
): Promise<ConversationRow[]> {
  const keyset = { createdAt: conversations.lastMessageAt, id: conversations.id };
  return selectConversations(db, userId)
    .where(and(partyOf(userId), after(keyset, cursor)))
    .orderBy(...newestFirst(keyset))
    .limit(limit);
}

/** One conversation of the caller; null when there is none or the caller is not a party. */
export async function findConversation(
  db: Executor,
  userId: string,
  conversationId: string,
): Promise<ConversationRow | null> {
  const [row] = await selectConversations(db, userId).where(
    and(eq(conversations.id, conversationId), partyOf(userId)),
  );
  return row ?? null;
}

/** The listing a new conversation is about: its seller, and whether it is still listed. */
export async function findListingForConversation(db: Database, productId: string) {
  const [row] = await db
    .select({ id: products.id, sellerId: products.sellerId, deletedAt: products.deletedAt })
    .from(products)
    .where(eq(products.id, productId));
  return row ?? null;
}

/**
 * The conversation of `buyerId` about `productId`, created when there is none (one per listing
 * and buyer: the unique index decides between two concurrent starts).
 * @returns its id and whether it was created now.
 */
export async function openConversation(
  tx: Transaction,
  productId: string,
  buyerId: string,
  sellerId: string,
): Promise<{ id: string; created: boolean }> {
  const inserted = await tx
    .insert(conversations)
    .values({ productId, buyerId, sellerId })
    .onConflictDoNothing({ target: [conversations.productId, conversations.buyerId] })
    .returning({ id: conversations.id });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const [existing] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.productId, productId), eq(conversations.buyerId, buyerId)));
  return { id: existing!.id, created: false };
}

/** How many messages `senderId` sent in the last `windowMs` milliseconds. */
/**
 * Messages one user may send per minute ("rate-limited per user"): typed ones and the system
 * messages their actions write (offers, viewing proposals) together, so actions cannot send
 * what typing may not (docs/reliability.md, the fourth attack).
 */
export const MESSAGES_PER_MINUTE = 20;

/** The refusal past {@link MESSAGES_PER_MINUTE}. */
export const messagesPerMinuteMessage = `You can send at most ${MESSAGES_PER_MINUTE} messages a minute`;

export async function recentMessageCount(
  db: Executor,
  senderId: string,
  windowMs: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(
      and(eq(messages.senderId, senderId), gt(messages.createdAt, new Date(Date.now() - windowMs))),
    );
  return row?.n ?? 0;
}

/**
 * Appends a message (the conversation row locked, so a block and a message cannot cross), moves
 * the conversation's `last_message_at` and marks it read for the sender.
 * @param at when it was sent: now unless given (the demo seed writes chat of days before).
 * @returns the stored message, or 'blocked' when the conversation is blocked.
 */
export async function appendMessage(
  tx: Transaction,
  conversationId: string,
  senderId: string,
  body: string,
  kind: MessageKind = 'text',
  at?: Date,
) {
  const [conversation] = await tx
    .select({ blockedBy: conversations.blockedBy, buyerId: conversations.buyerId })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .for('update');
  if (!conversation || conversation.blockedBy) return 'blocked' as const;
  // Warnings are matched here, once, and kept: reading never runs the patterns again.
  const warnings = kind === 'text' ? messageWarnings(body) : [];
  const [message] = await tx
    .insert(messages)
    .values({ conversationId, senderId, body, kind, warnings, createdAt: at })
    .returning();
  const sentAt = message!.createdAt;
  await tx
    .update(conversations)
    .set(
      conversation.buyerId === senderId
        ? { lastMessageAt: sentAt, buyerReadAt: sentAt }
        : { lastMessageAt: sentAt, sellerReadAt: sentAt },
    )
    .where(eq(conversations.id, conversationId));
  return message!;
}

export type { MessageKind } from '#contract/index.js';

/**
 * Adds a system message (an offer or a viewing changed) to the conversation of the listing's
 * buyer and seller, creating the conversation when there is none. It is sent in the name of the
 * side that acted, so the other side sees it as unread. A blocked conversation gets nothing.
 * @throws HttpError 429 (retry-after 60) when the sender sent {@link MESSAGES_PER_MINUTE}
 *   messages, typed or system, in the last minute: the action that writes it is refused.
 */
export async function addSystemMessage(
  tx: Transaction,
  note: {
    productId: string;
    buyerId: string;
    sellerId: string;
    senderId: string;
    kind: Exclude<MessageKind, 'text'>;
    body: string;
  },
): Promise<void> {
  // The sender's row locked, as for a typed message, so parallel actions cannot pass together.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, note.senderId)).for('update');
  if ((await recentMessageCount(tx, note.senderId, 60_000)) >= MESSAGES_PER_MINUTE) {
    throw httpError(429, messagesPerMinuteMessage, 60);
  }
  const conversation = await openConversation(tx, note.productId, note.buyerId, note.sellerId);
  await appendMessage(tx, conversation.id, note.senderId, note.body, note.kind);
}

/** One page of a conversation's messages, newest first. */
export function listMessages(
  db: Database,
  conversationId: string,
  cursor: KeysetCursor | null,
  limit: number,
) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), after(messages, cursor)))
    .orderBy(...newestFirst(messages))
    .limit(limit);
}
export type MessageRow = typeof messages.$inferSelect;

/**
 * The scam warnings stored with a message when it was written (decision 0028); a message
 * written before they were stored is matched now.
 */
export function storedWarnings(row: Pick<MessageRow, 'warnings' | 'body'>): MessageWarning[] {
  return row.warnings ?? messageWarnings(row.body);
}

/** One message by id, or null. */
export async function findMessage(db: Database, id: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row ?? null;
}

/** Marks the conversation read up to now for `userId` (one of its parties). */
export async function markRead(db: Database, conversation: ConversationRow, userId: string) {
  const now = new Date();
  await db
    .update(conversations)
    .set(conversation.buyerId === userId ? { buyerReadAt: now } : { sellerReadAt: now })
    .where(eq(conversations.id, conversation.id));
}

/**
 * Blocks or unblocks. Only the party who blocked may unblock.
 * @returns 'forbidden' when the other party blocked it, else whether anything changed.
 */
export async function setBlocked(
  db: Database,
  conversationId: string,
  userId: string,
  blocked: boolean,
): Promise<'forbidden' | { changed: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ blockedBy: conversations.blockedBy })
      .from(conversations)
      .where(eq(conversations.id, conversationId))
      .for('update');
    if (!row) return { changed: false };
    if (row.blockedBy && row.blockedBy !== userId) return 'forbidden';
    if (blocked === (row.blockedBy === userId)) return { changed: false };
    await tx
      .update(conversations)
      .set({ blockedBy: blocked ? userId : null })
      .where(eq(conversations.id, conversationId));
    return { changed: true };
  });
}

/** The caller's unread messages across all their conversations. */
export async function unreadTotal(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${unreadFor(userId)}), 0)::int` })
    .from(conversations)
    .where(partyOf(userId));
  return row?.n ?? 0;
}

/**
 * Of the identity sessions `sessionIds`, the ones a live message stream may no longer serve:
 * signed out or otherwise ended, expired, or of a deleted user record. One query with the ids as
 * one array parameter (not one parameter each), answering only the ended ones — usually none —
 * so checking thousands of open streams costs one index probe per session and no rows.
 */
export async function endedStreamSessions(db: Database, sessionIds: string[]): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select s.id from unnest(${sql.param(sessionIds)}::text[]) as s(id)
        where not exists (
          select 1 from ${authSession} join ${users} on ${users.uid} = ${authSession.userId}
          where ${authSession.id} = s.id
            and ${authSession.expiresAt} > now()
            and ${users.deletedAt} is null)`,
  );
  return rows.map((row) => row.id);
}

/** Whether `senderId` has sent any message in the conversation (the first-contact rules). */
export async function hasSentIn(
  db: Executor,
  conversationId: string,
  senderId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, senderId)))
    .limit(1);
  return row !== undefined;
}

/** Whether `buyerId` already has a conversation about `productId`. */
export async function hasConversation(
  db: Executor,
  productId: string,
  buyerId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.productId, productId), eq(conversations.buyerId, buyerId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Conversations `buyerId` started in the last `windowMs` milliseconds (a refused start left
 * none: its transaction was rolled back). `conversations_buyer_idx` narrows to the buyer.
 */
export async function conversationsStartedSince(
  db: Executor,
  buyerId: string,
  windowMs: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conversations)
    .where(
      and(
        eq(conversations.buyerId, buyerId),
        gt(conversations.createdAt, new Date(Date.now() - windowMs)),
      ),
    );
  return row?.n ?? 0;
}
