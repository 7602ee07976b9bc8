/**
 * Unsubscribe links for notification e-mail (RFC 2369 `List-Unsubscribe`,
 * RFC 8058 one-click). A link names one user and one *topic* — a kind of mail such as
 * `price-drop` or `saved-search:<id>` — and is signed with HMAC-SHA-256 under a key derived from
 * the server secret (HKDF, `info: unsubscribe-hmac-v1`), so it works without signing in, cannot
 * be forged for another user or topic, and works on every instance that shares AUTH_SECRET.
 *
 * Features register what unsubscribing from their topic means:
 *
 * ```ts
 * app.unsubscribe.register('price-drop', {
 *   describe: () => 'price-drop e-mails for your favourites',
 *   apply: (db, userId) => db.update(users).set({ priceDropEmails: false }).where(…),
 * });
 * const url = app.unsubscribe.url(userId, 'price-drop'); // for MailMessage.unsubscribeUrl
 * ```
 *
 * A topic is `<kind>` or `<kind>:<argument>`; the handler registered for `<kind>` receives the
 * argument (e.g. the saved search's id) and answers `false` when there is nothing to unsubscribe
 * from any more (the saved search was deleted), which the route turns into 404.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unsubscribeContract } from '../../contract/index.js';
import { resolveAuthSecret } from '../auth/secret.js';
import type { Database } from '../db/client.js';
import { httpError } from '../lib/http-error.js';
import { createSignedPairs } from '../lib/signed-pair.js';
import { route } from '../lib/route.js';

/** What one user asked to stop receiving. */
export interface Subscription {
  /** `users.id` of the recipient. */
  userId: string;
  /** `<kind>` or `<kind>:<argument>`, e.g. `price-drop`, `saved-search:3f…`. */
  topic: string;
}

/** What unsubscribing from one kind of topic does. */
export interface TopicHandler {
  /** A phrase for the confirmation, e.g. "price-drop e-mails for your favourites". */
  describe(argument: string | undefined): string;
  /**
   * Turns the mail off for `userId`. @returns false when the thing no longer exists (→ 404).
   */
  apply(db: Database, userId: string, argument: string | undefined): Promise<boolean>;
}

/** Signs and checks unsubscribe tokens with a key derived from `secret`. */
export function createUnsubscribeTokens(secret: string) {
  const pairs = createSignedPairs(secret, 'unsubscribe-hmac-v1');
  return {
    /** A token `<payload>.<mac>`, both base64url. */
    sign: ({ userId, topic }: Subscription): string => pairs.sign([userId, topic]),
    /** The subscription a token names, or null when it is malformed or not signed by us. */
    verify(token: string): Subscription | null {
      const pair = pairs.verify(token);
      if (!pair || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') return null;
      return { userId: pair[0], topic: pair[1] };
    },
  };
}

export interface UnsubscribeService {
  /** Registers what unsubscribing from topics of `kind` means. @throws Error on a second one. */
  register(kind: string, handler: TopicHandler): void;
  /**
   * The one-click URL for `userId` and `topic`: `${PUBLIC_URL}/api/unsubscribe?token=…`, for
   * `MailMessage.unsubscribeUrl` (the List-Unsubscribe header).
   */
  url(userId: string, topic: string): string;
  /** The page a reader opens from the mail's text: `${PUBLIC_URL}/unsubscribe?token=…`. */
  pageUrl(userId: string, topic: string): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    unsubscribe: UnsubscribeService;
  }
}

const splitTopic = (topic: string): [string, string | undefined] => {
  const at = topic.indexOf(':');
  return at < 0 ? [topic, undefined] : [topic.slice(0, at), topic.slice(at + 1)];
};

/** `app.unsubscribe` and `POST /api/unsubscribe`. */
export const unsubscribePlugin = fp(
  async (app: FastifyInstance) => {
    const tokens = createUnsubscribeTokens(resolveAuthSecret(app.config));
    const handlers = new Map<string, TopicHandler>();
    const query = (userId: string, topic: string) => `token=${tokens.sign({ userId, topic })}`;
    app.decorate('unsubscribe', {
      register(kind, handler) {
        if (handlers.has(kind)) throw new Error(`unsubscribe topic ${kind} is registered twice`);
        handlers.set(kind, handler);
      },
      url: (userId, topic) => `${app.config.publicUrl}/api/unsubscribe?${query(userId, topic)}`,
      pageUrl: (userId, topic) => `${app.config.publicUrl}/unsubscribe?${query(userId, topic)}`,
    } satisfies UnsubscribeService);

    const routes: FastifyPluginAsyncZod = async (scope) => {
      // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` form-encoded; the token in the
      // URL says everything, so the body is read and ignored.
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, _body, done) => done(null, undefined),
      );
      scope.route({
        ...route(unsubscribeContract, { tags: ['notifications'] }),
        handler: async (request) => {
          const subscription = tokens.verify(request.query.token);
          if (!subscription) throw httpError(400, 'This unsubscribe link is not valid');
          const [kind, argument] = splitTopic(subscription.topic);
          const handler = handlers.get(kind);
          if (!handler) throw httpError(400, 'This unsubscribe link is not valid');
          const applied = await handler.apply(app.db, subscription.userId, argument);
          if (!applied) throw httpError(404, 'There is nothing to unsubscribe from any more');
          return { unsubscribed: true as const, description: handler.describe(argument) };
        },
      });
    };
    await app.register(routes);
  },
  { name: 'unsubscribe', dependencies: ['database'] },
);
