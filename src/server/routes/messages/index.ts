/**
 * Messages between a buyer and a seller (contract src/contract/messages.ts). Every call
 * is for a signed-in user with a user record; a conversation answers only its two parties (404
 * for anyone else). Sending is limited per user (MESSAGES_PER_MINUTE) and checked with the
 * sender's row locked, so parallel sends cannot overshoot. New messages are pushed to the
 * parties' open pages over Server-Sent Events (`GET /api/messages/stream`,
 * src/server/messages/live.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  blockConversationContract,
  firstContactLimit,
  firstContactRefusal,
  listConversationsContract,
  listMessagesContract,
  messageStreamContract,
  sendMessageContract,
  startConversationContract,
  unreadMessagesContract,
  centsToDollars,
  noteInstant,
  type Conversation,
  type Message,
} from '#contract/index.js';
import { requireCaller, requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import type { UserRecord } from '../../auth/records.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { httpError } from '../../lib/http-error.js';
import { keysetPage } from '../../lib/pagination.js';
import { route } from '../../lib/route.js';
import { PERSONAL_CACHE_CONTROL } from '../../plugins/security.js';
import { queueMessageMail } from '../../notifications/message-mail.js';
import { pushNewMessage } from '../../push/notices.js';
import { contactDetailsIn } from '../../trust/contact-details.js';
import { presentVerification } from '../../trust/seller-verification.js';
import { conversationDeal } from '../../messages/deal.js';
import { LiveStreams } from '../../messages/live.js';
import {
  findMessage,
  storedWarnings,
  appendMessage,
  conversationsStartedSince,
  hasConversation,
  endedStreamSessions,
  hasSentIn,
  findConversation,
  findListingForConversation,
  listConversations,
  listMessages,
  markRead,
  openConversation,
  MESSAGES_PER_MINUTE,
  recentMessageCount,
  setBlocked,
  unreadTotal,
  type ConversationRow,
  type MessageRow,
} from '../../messages/repository.js';

export { MESSAGES_PER_MINUTE } from '../../messages/repository.js';
/** A comment line after this long without a write keeps proxies from closing a stream (ms). */
const KEEP_ALIVE_MS = 25_000;
/** Live message streams one user may hold open on one instance (tabs and devices). */
export const MESSAGE_STREAMS_PER_USER = 5;
/**
 * Open streams are checked this often (milliseconds) that their session and account still
 * live, besides soon after every write that may end a session (`sessions`, on any instance): a
 * session can also end outside a request (expiry, a change made straight in the database).
 */
const STREAM_CHECK_MS = 5_000;
/**
 * A check asked for by a signal runs at once, unless one ran less than this long ago (ms): then
 * once at the end of that time, for every signal meanwhile.
 */
const STREAM_CHECK_GAP_MS = 1_000;
/** Sessions looked up per query of a check (the database runs other queries between them). */
const STREAM_CHECK_CHUNK = 1_000;
/** The instance's one stream timer: deadlines and keep-alive comments (ms). */
const STREAM_TICK_MS = 1_000;
/**
 * Bytes that may wait in memory for one stream whose client does not read; past it the stream
 * is cut (about 20 messages of the longest kind).
 */
export const STREAM_BUFFER_MAX_BYTES = 128 * 1024;

const asUser = { tags: ['messages'], access: {} satisfies RouteAccess };

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * A message as `userId` sees it: its scam warnings (decision 0028) only when `userId` received
 * it — a sender is not warned about their own words.
 */
function presentMessage(row: MessageRow, userId: string): Message {
  const mine = row.senderId === userId;
  return {
    _id: row.id,
    conversation_id: row.conversationId,
    text: row.body,
    mine,
    sent_at: row.createdAt.toISOString(),
    kind: row.kind,
    at: noteInstant(row.kind, row.body),
    warnings: mine ? [] : storedWarnings(row),
  };
}

function presentConversation(row: ConversationRow, userId: string): Conversation {
  const iAmBuyer = row.buyerId === userId;
  return {
    _id: row.id,
    product: {
      product_id: row.productId,
      product_name: row.productName,
      product_image: row.productImage,
      resell_price: centsToDollars(row.resellPriceCents),
      listing_status: row.listingStatus,
    },
    other_party: iAmBuyer
      ? {
          name: row.sellerName,
          photoURL: row.sellerPhoto,
          verification: presentVerification(row.sellerVerification),
        }
      : {
          name: row.buyerName,
          photoURL: row.buyerPhoto,
          verification: presentVerification(row.buyerVerification),
        },
    role: iAmBuyer ? 'buyer' : 'seller',
    last_message: row.last
      ? {
          text: row.last.body,
          mine: row.last.sender_id === userId,
          sent_at: new Date(row.last.created_at).toISOString(),
          kind: row.last.kind,
          at: noteInstant(row.last.kind, row.last.body),
        }
      : null,
    unread_count: row.unread,
    blocked: row.blockedBy !== null,
    blocked_by_me: row.blockedBy === userId,
  };
}

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = new LiveStreams({
    keepAliveMs: KEEP_ALIVE_MS,
    maxBufferedBytes: STREAM_BUFFER_MAX_BYTES,
  });
  // Open streams, for GET /metrics (plugins/metrics.ts).
  app.metrics.countLiveMessageConnections(() => streams.size);
  const streamTicks = setInterval(() => streams.tick(), STREAM_TICK_MS);
  streamTicks.unref();
  // Open streams end before the server closes (it waits for open connections otherwise).
  app.addHook('preClose', async () => {
    clearInterval(streamTicks);
    clearInterval(streamChecks);
    clearTimeout(checkLater);
    streams.endAll();
  });

  /**
   * Ends every open stream whose identity session has ended (sign-out, password change or
   * reset, expiry) or whose account is deleted (by its owner or an admin), looking the sessions
   * up STREAM_CHECK_CHUNK at a time. Runs every STREAM_CHECK_MS, and after every write signalled
   * on any instance that may end a session (`sessions`: plugins/invalidation.ts) — at once, or
   * STREAM_CHECK_GAP_MS after the previous check began when that is later; one at a time, a
   * check asked for meanwhile runs once more after it.
   */
  let checking = false;
  let checkAgain = false;
  let lastCheckAt = -Infinity;
  let checkLater: NodeJS.Timeout | undefined;
  function checkStreams(): void {
    if (streams.size === 0 || checkLater) return;
    if (checking) {
      checkAgain = true;
      return;
    }
    const wait = lastCheckAt + STREAM_CHECK_GAP_MS - Date.now();
    if (wait > 0) {
      checkLater = setTimeout(() => {
        checkLater = undefined;
        checkStreams();
      }, wait);
      checkLater.unref();
      return;
    }
    checking = true;
    lastCheckAt = Date.now();
    void (async () => {
      const sessions = streams.sessions();
      for (let start = 0; start < sessions.length; start += STREAM_CHECK_CHUNK) {
        const chunk = sessions.slice(start, start + STREAM_CHECK_CHUNK);
        for (const ended of await endedStreamSessions(app.db, chunk)) streams.endSession(ended);
      }
    })()
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'messages: could not check the open streams'),
      )
      .finally(() => {
        checking = false;
        if (checkAgain) {
          checkAgain = false;
          checkStreams();
        }
      });
  }
  app.invalidation.subscribe('sessions', checkStreams);
  const streamChecks = setInterval(checkStreams, STREAM_CHECK_MS);
  streamChecks.unref();

  /**
   * Sends `text` from `sender` to `recipientId` in the conversation, within the per-user limit,
   * in `tx`, and queues the delayed "unread message" mail (src/server/notifications/message-mail.ts).
   * A sender without a verified phone number may not put links, e-mail addresses or phone
   * numbers in their first message of a conversation, and that message needs a solved proof of
   * work while PROOF_OF_WORK is on (decision 0044), spent in `tx`: a message refused later gives
   * it back.
   * @throws HttpError 429 over the limit, 403 when the conversation is blocked, 400 for contact
   *   details in an unverified sender's first message or its proof of work missing or refused.
   */
  async function send(
    tx: Transaction,
    conversationId: string,
    sender: UserRecord,
    recipientId: string,
    text: string,
    proofOfWork: string | undefined,
  ) {
    const senderId = sender.id;
    await tx.select({ id: users.id }).from(users).where(eq(users.id, senderId)).for('update');
    if ((await recentMessageCount(tx, senderId, 60_000)) >= MESSAGES_PER_MINUTE) {
      throw httpError(429, `You can send at most ${MESSAGES_PER_MINUTE} messages a minute`);
    }
    if (sender.phoneVerifiedAt === null && !(await hasSentIn(tx, conversationId, senderId))) {
      const kinds = contactDetailsIn(text);
      if (kinds.length > 0) throw httpError(400, firstContactRefusal(kinds));
      if (app.proofOfWork.enabled) await app.proofOfWork.spend(tx, proofOfWork);
    }
    const message = await appendMessage(tx, conversationId, senderId, text);
    if (message === 'blocked') throw httpError(403, 'This conversation is blocked.');
    await queueMessageMail(app, tx, { conversationId, recipientId });
    await pushNewMessage(app, tx, { conversationId, senderId, recipientId, text });
    return message;
  }

  /** Pushes a committed message to both parties' open pages. */
  function publish(row: MessageRow, conversation: { buyerId: string; sellerId: string }) {
    const recipient =
      row.senderId === conversation.buyerId ? conversation.sellerId : conversation.buyerId;
    streams.publish(
      presentMessage(row, row.senderId),
      storedWarnings(row),
      row.senderId,
      recipient,
    );
    app.peers.send('message', [row.id, row.senderId, recipient]);
  }

  // A message stored through another instance, for the streams open here.
  app.peers.on('message', ([id, senderId, recipientId]) => {
    if (!id || !senderId || !recipientId) return;
    if (!streams.listens(senderId) && !streams.listens(recipientId)) return;
    findMessage(app.db, id)
      .then((row) => {
        if (row) {
          streams.publish(
            presentMessage(row, row.senderId),
            storedWarnings(row),
            senderId,
            recipientId,
          );
        }
      })
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'messages: could not load a message from another instance'),
      );
  });

  app.route({
    ...route(startConversationContract, asUser),
    handler: async (request, reply) => {
      const me = requireCallerRecord(request);
      const { product_id, text, proof_of_work } = request.body;
      const listing = await findListingForConversation(app.db, product_id);
      if (!listing || listing.deletedAt) throw httpError(404, 'Product not found');
      if (listing.sellerId === me.id) {
        throw httpError(403, 'You cannot message yourself about your own listing');
      }
      const { conversation, message } = await app.db.transaction(async (tx) => {
        // An account without a verified phone number starts at most FIRST_CONTACT_DAILY_MAX
        // conversations per rolling 24 hours (decision 0044); counted with its row locked, and a
        // refused start is rolled back, so it does not count.
        if (me.phoneVerifiedAt === null) {
          await tx.select({ id: users.id }).from(users).where(eq(users.id, me.id)).for('update');
          const max = app.config.firstContactDailyMax;
          if (
            !(await hasConversation(tx, product_id, me.id)) &&
            (await conversationsStartedSince(tx, me.id, 24 * 3600_000)) >= max
          ) {
            throw httpError(429, firstContactLimit(max));
          }
        }
        const conversation = await openConversation(tx, product_id, me.id, listing.sellerId);
        const message = await send(tx, conversation.id, me, listing.sellerId, text, proof_of_work);
        return { conversation, message };
      });
      publish(message, { buyerId: me.id, sellerId: listing.sellerId });
      return reply
        .code(conversation.created ? 201 : 200)
        .send({ conversation_id: conversation.id });
    },
  });

  app.route({
    ...route(listConversationsContract, asUser),
    handler: async (request, reply) => {
      const me = requireCallerRecord(request);
      const page = await keysetPage(reply, request.query, (cursor, limit) =>
        listConversations(app.db, me.id, cursor, limit),
      );
      reply.header('cache-control', 'no-store');
      return page.map((row) => presentConversation(row, me.id));
    },
  });

  app.route({
    ...route(listMessagesContract, asUser),
    handler: async (request, reply) => {
      const me = requireCallerRecord(request);
      const conversation = await findConversation(app.db, me.id, request.params.id);
      if (!conversation) throw httpError(404, 'No conversation found');
      const page = await keysetPage(reply, request.query, (cursor, limit) =>
        listMessages(app.db, conversation.id, cursor, limit),
      );
      if (!request.query.cursor) {
        await markRead(app.db, conversation, me.id);
        conversation.unread = 0;
      }
      reply.header('cache-control', 'no-store');
      return {
        conversation: presentConversation(conversation, me.id),
        messages: page.map((row) => presentMessage(row, me.id)),
        deal: await conversationDeal(app.db, conversation, me.id),
      };
    },
  });

  app.route({
    ...route(sendMessageContract, asUser),
    handler: async (request, reply) => {
      const me = requireCallerRecord(request);
      const conversation = await findConversation(app.db, me.id, request.params.id);
      if (!conversation) throw httpError(404, 'No conversation found');
      const message = await app.db.transaction((tx) =>
        send(
          tx,
          conversation.id,
          me,
          conversation.buyerId === me.id ? conversation.sellerId : conversation.buyerId,
          request.body.text,
          request.body.proof_of_work,
        ),
      );
      publish(message, conversation);
      return reply.code(201).send(presentMessage(message, me.id));
    },
  });

  app.route({
    ...route(blockConversationContract, asUser),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const conversation = await findConversation(app.db, me.id, request.params.id);
      if (!conversation) throw httpError(404, 'No conversation found');
      const result = await setBlocked(app.db, conversation.id, me.id, request.body.blocked);
      if (result === 'forbidden') {
        throw httpError(403, 'Only the party who blocked this conversation can unblock it');
      }
      return { acknowledged: true as const, modifiedCount: result.changed ? 1 : 0 };
    },
  });

  app.route({
    ...route(unreadMessagesContract, asUser),
    handler: async (request, reply) => {
      const me = requireCallerRecord(request);
      reply.header('cache-control', 'no-store');
      return { unread: await unreadTotal(app.db, me.id) };
    },
  });

  app.route({
    ...route(messageStreamContract, asUser),
    handler: async (request, reply) => {
      const me = requireCallerRecord(request);
      const caller = requireCaller(request);
      if (streams.countOf(me.id) >= MESSAGE_STREAMS_PER_USER) {
        throw httpError(
          429,
          `You can keep at most ${MESSAGE_STREAMS_PER_USER} live message streams open (tabs or devices); close one and try again.`,
        );
      }
      if (streams.size >= app.config.messageStreamsMax) {
        reply.header('retry-after', '30');
        throw httpError(
          503,
          'Too many live message streams are open on this server right now; please try again shortly.',
        );
      }
      reply.hijack();
      // The stream outlives the idle-socket timeout (connectionTimeout); its deadline ends it.
      request.raw.socket?.setTimeout?.(0);
      const raw = reply.raw;
      // Hijacked: the headers set so far (the API's security headers, onRequest) go out here.
      const set: Record<string, string | number | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) set[name] = value;
      }
      raw.writeHead(200, {
        ...set,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': PERSONAL_CACHE_CONTROL,
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write('event: ready\ndata: {}\n\n');
      // 0: a probe, ended at once (no timer, so it ends even where timers are faked).
      if (request.query.max_seconds === 0) {
        raw.end();
        return;
      }
      // Ends at max_seconds, or when the API token expires if that is sooner.
      const now = Date.now();
      const endsAt = Math.min(
        now + request.query.max_seconds * 1000,
        caller.tokenExpiresAt?.getTime() ?? Infinity,
      );
      const stream = streams.open({
        userId: me.id,
        sessionId: caller.sessionId,
        endsAt,
        sink: raw,
      });
      request.raw.on('close', () => stream.end());
      // A client gone while its stream was being opened has already closed.
      if (!raw.socket || raw.socket.destroyed) stream.end();
    },
  });
};
