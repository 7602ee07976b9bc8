/**
 * Messages between a buyer and a seller about a listing: one conversation per listing
 * and buyer, started from the listing page (`Message seller`), read and written at `/messages`.
 * Only the two parties may read or write a conversation (anyone else: 404). Text only, 1–2,000
 * characters after trimming, stored and shown as text; a party may block a conversation, after
 * which nobody can write in it. New messages reach an open page through
 * `GET /api/messages/stream` (Server-Sent Events).
 */
import { z } from 'zod';
import { sellerVerificationSchema } from './verification.js';
import { cursorSchema, pageLimitSchema } from './catalog.js';
import { idSchema } from './entities.js';
import { errorSchema } from './errors.js';
import { messageWarningSchema } from './trust.js';
import { proofOfWorkPayloadSchema } from './proof-of-work.js';
import { listingStatusSchema } from './entities.js';
import { offerSchema } from './offers.js';
import { bookingStates, viewingSchema } from './orders.js';

import { messageMaxLength } from './texts.js';
export { messageMaxLength, messageTexts } from './texts.js';

const messageText = z
  .string({ message: 'Message must be text' })
  .trim()
  .min(1, { message: 'Message must not be empty' })
  .max(messageMaxLength, { message: `Message must be at most ${messageMaxLength} characters` });

/**
 * The text of a viewing note (decision 0034): what the acting side did and the instant, written
 * as ISO 8601 UTC so that the stored text reads the same in every time zone. Readers never see
 * that instant as text: the API lifts it out as `at` ({@link noteInstant}) and the page says it
 * in the reader's time zone (decision 0048).
 */
export function viewingNoteText(event: 'proposed' | 'confirmed', at: Date): string {
  return `${event === 'proposed' ? 'Proposed a viewing' : 'Confirmed the viewing'} at ${at.toISOString()}.`;
}

/** An ISO 8601 UTC instant as `Date.prototype.toISOString` writes it. */
const isoInstant = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/;

/**
 * The instant a note names (a viewing note's time), as ISO 8601; null for a typed message or a
 * note without one. The same text with the instant cut out is {@link noteParts}' `before` and
 * `after`, which the page joins around the time in the reader's words (decision 0048).
 */
export function noteInstant(kind: MessageKind, text: string): string | null {
  if (kind !== 'viewing') return null;
  const found = isoInstant.exec(text);
  return found ? new Date(found[0]).toISOString() : null;
}

/** A note's text around its instant: `before` + the time in words + `after`. */
export function noteParts(text: string): { before: string; after: string } | null {
  const found = isoInstant.exec(text);
  if (!found) return null;
  return {
    before: text.slice(0, found.index),
    after: text.slice(found.index + found[0].length),
  };
}

/** What a message is: written by a party, or a note the server adds (decision 0034). */
export const messageKinds = ['text', 'offer', 'viewing'] as const;
export type MessageKind = (typeof messageKinds)[number];

const pageQuery = (defaultSize: number, max: number) =>
  z.object({ limit: pageLimitSchema(defaultSize, max), cursor: cursorSchema.optional() });

/** One message as a party sees it. */
export const messageSchema = z.object({
  _id: z.string(),
  conversation_id: z.string(),
  text: z.string().describe('plain text, never HTML'),
  mine: z.boolean().describe('true when the caller sent it'),
  sent_at: z.string().describe('ISO 8601'),
  kind: z
    .enum(messageKinds)
    .describe(
      '`text`: written by a party; `offer`, `viewing`: a note added when an offer or a viewing ' +
        'time changed, in the name of the side that acted (decision 0034)',
    ),
  at: z
    .string()
    .nullable()
    .describe(
      'ISO 8601: the instant a viewing note names, for the page to show in the reader’s time ' +
        'zone (decision 0048); null for other messages',
    ),
  warnings: z
    .array(messageWarningSchema)
    .describe(
      'scam warnings (decision 0028), for the recipient only: empty on the caller’s own messages',
    ),
});
export type Message = z.infer<typeof messageSchema>;

/** A conversation in the caller's list. */
export const conversationSchema = z.object({
  _id: z.string(),
  product: z.object({
    product_id: z.string(),
    product_name: z.string(),
    product_image: z.string(),
    resell_price: z.number().describe('US dollars: the asking price now'),
    listing_status: listingStatusSchema.describe('where the listing stands (decision 0027)'),
  }),
  /** The party who is not the caller. */
  other_party: z.object({
    name: z.string(),
    photoURL: z.string(),
    verification: sellerVerificationSchema.describe(
      'the checks the other party passed (decision 0044), shown as badges',
    ),
  }),
  role: z.enum(['buyer', 'seller']).describe("the caller's side in this conversation"),
  last_message: z
    .object({
      text: z.string(),
      mine: z.boolean(),
      sent_at: z.string().describe('ISO 8601'),
      kind: z.enum(messageKinds),
      at: z.string().nullable().describe('as a message’s `at` (decision 0048)'),
    })
    .nullable(),
  unread_count: z.number().int().describe("the other party's messages the caller has not read"),
  blocked: z.boolean(),
  blocked_by_me: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * Where the deal of a conversation's buyer and listing stands (decision 0048): the buyer's latest
 * offer on the listing and their latest booking of it, as each side sees them, so the
 * conversation shows them with the actions of the side that may act.
 */
export const conversationDealSchema = z.object({
  offer: offerSchema
    .nullable()
    .describe('the latest offer of this buyer on this listing (an open one first); null if none'),
  booking: z
    .object({
      order_id: z.string(),
      product_name: z.string(),
      booking_state: z.enum(bookingStates),
      viewing: viewingSchema.nullable(),
    })
    .nullable()
    .describe('the latest booking of this buyer of this listing (an open one first); null if none'),
});
export type ConversationDeal = z.infer<typeof conversationDealSchema>;

const partyErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  429: errorSchema.describe(
    'the caller sends messages too fast, or (without a verified phone number) started ' +
      'FIRST_CONTACT_DAILY_MAX conversations in the last 24 hours (decision 0044)',
  ),
  503: errorSchema,
} as const;

export const startConversationContract = {
  method: 'POST',
  url: '/api/conversations',
  summary:
    "Starts (201) or continues (200) the caller's conversation with the seller of a listing and " +
    'sends `text` in it (signed-in users). 403 on your own listing; 404 for an unknown ' +
    'or removed listing; 403 when the conversation is blocked. Without a verified phone number ' +
    '(decision 0044): 400 when the first message carries links, e-mail addresses or phone ' +
    'numbers, 429 past FIRST_CONTACT_DAILY_MAX new conversations a day, and 400 unless the first ' +
    'message carries `proof_of_work` (a solved challenge of GET /api/proof-of-work/challenge, ' +
    'used once) while PROOF_OF_WORK is on.',
  body: z.object({
    product_id: idSchema,
    text: messageText,
    proof_of_work: proofOfWorkPayloadSchema.optional(),
  }),
  response: {
    200: z.object({ conversation_id: z.string() }),
    201: z.object({ conversation_id: z.string() }),
    ...partyErrors,
  },
} as const;

export const listConversationsContract = {
  method: 'GET',
  url: '/api/conversations',
  summary:
    "The caller's conversations, latest message first. Paginated: `limit` 1–100 " +
    '(default 50) and `cursor` from the `x-next-cursor` header of the previous page.',
  querystring: pageQuery(50, 100),
  response: { 200: z.array(conversationSchema), ...partyErrors },
} as const;

export const listMessagesContract = {
  method: 'GET',
  url: '/api/conversations/:id/messages',
  summary:
    "A conversation's messages, newest first, a page at a time (`limit` 1–200, default 50; " +
    '`cursor` from `x-next-cursor`), with the conversation and its deal (the latest offer and ' +
    'booking of its buyer on its listing); reading the first page marks it read for the caller. ' +
    '404 unless the caller is one of its two parties.',
  params: z.object({ id: idSchema }),
  querystring: pageQuery(50, 200),
  response: {
    200: z.object({
      conversation: conversationSchema,
      messages: z.array(messageSchema),
      deal: conversationDealSchema,
    }),
    ...partyErrors,
  },
} as const;

export const sendMessageContract = {
  method: 'POST',
  url: '/api/conversations/:id/messages',
  summary:
    'Sends `text` in a conversation. 404 unless the caller is one of its parties; ' +
    "403 when it is blocked; 429 when the caller sends too fast. The caller's first message in " +
    'the conversation, without a verified phone number, needs `proof_of_work` as ' +
    'POST /api/conversations does (400 without it).',
  params: z.object({ id: idSchema }),
  body: z.object({ text: messageText, proof_of_work: proofOfWorkPayloadSchema.optional() }),
  response: { 201: messageSchema, ...partyErrors },
} as const;

export const blockConversationContract = {
  method: 'PATCH',
  url: '/api/conversations/:id/block',
  summary:
    'Blocks (`blocked: true`) or unblocks a conversation: while blocked nobody can ' +
    'write in it. Only the party who blocked it can unblock it (403 otherwise); 404 unless the ' +
    'caller is one of its parties.',
  params: z.object({ id: idSchema }),
  body: z.object({ blocked: z.boolean({ message: 'blocked must be true or false' }) }),
  response: {
    200: z.object({ acknowledged: z.literal(true), modifiedCount: z.number().int() }),
    ...partyErrors,
  },
} as const;

export const unreadMessagesContract = {
  method: 'GET',
  url: '/api/messages/unread-count',
  summary: 'How many messages the caller has not read, across their conversations (the badge)',
  response: { 200: z.object({ unread: z.number().int() }), ...partyErrors },
} as const;

/**
 * `GET /api/messages/stream`: Server-Sent Events for the signed-in caller (bearer token, so the
 * SPA reads it with `fetch`, not `EventSource`). First `event: ready`; then, for each new message
 * in one of the caller's conversations, `event: message` with `data:` a JSON `Message` (`mine`
 * true when the caller sent it from another tab); a comment line every 25 s keeps proxies from
 * closing it. The server ends the stream after `max_seconds` (default 1,800; 0 = right after
 * `ready`), and the client reconnects, which spreads long-lived connections over instances.
 */
export const messageStreamContract = {
  method: 'GET',
  url: '/api/messages/stream',
  summary:
    "Server-Sent Events: the caller's new messages as they arrive. text/event-stream; " +
    'ends after `max_seconds`, when the API token expires, or within seconds of its session ' +
    'or account ending. At most 5 open per user (429) and a per-server cap (503, retry-after).',
  querystring: z.object({
    max_seconds: z.coerce
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number' })
      .min(0, { message: 'must be at least 0' })
      .max(3600, { message: 'must be at most 3600' })
      .default(1800),
  }),
  response: { 401: errorSchema, 403: errorSchema, 429: errorSchema, 503: errorSchema },
} as const;
