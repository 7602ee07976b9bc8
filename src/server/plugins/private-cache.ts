/**
 * A signed-in caller's own reads served without the database when nothing changed
 * (decision 0022, "Personal reads"). Today only My Orders (`GET /api/orders`), the most frequent
 * signed-in read: every call verified the token and ran a three-join query.
 *
 * - **Which routes.** Only routes built with `route(contract, { access, privateCache: true })`:
 *   guarded GETs whose answer depends on nothing but the caller and the URL.
 * - **Who.** The entry is keyed by the caller's user record id, read *after* the guard has
 *   checked the token, the role and the record (auth/guard.ts): a hit never skips a check, and
 *   one caller's entry can never answer another. The answer stays `Cache-Control: no-store` for
 *   browsers and proxies (plugins/security.ts): only this process keeps it, in memory.
 * - **Invalidation.** Keyed by the generation of the `private` invalidation topic
 *   (plugins/invalidation.ts), raised by *every* successful API write here or on another
 *   instance, before its answer leaves, and by the jobs that change what such a read shows
 *   outside a request (the deposit sweep and settlement). A read that began before a raise
 *   never stores its answer. Writes made straight into the database are seen after at most the
 *   entry lifetime (`ENTRY_TTL_MS`), or at once with `app.privateCache.invalidate()`.
 * - **Bounds.** An `lru-cache` of at most 1,000 entries, 4 MB (bodies counted at 2 bytes a
 *   character) and 30 s per entry.
 */
import fp from 'fastify-plugin';
import { hooksOf } from '../lib/route.js';
import { topicCache, type TopicCacheControl } from './invalidation.js';
import type {
  FastifyInstance,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts new generations (`invalidate`) and counts entries (plugins/invalidation.ts). */
    privateCache: TopicCacheControl;
  }
  interface FastifyContextConfig {
    /** The caller's own answer is kept in memory by this plugin (guarded GETs only). */
    privateCache?: boolean;
  }
}

/** Lifetime of an entry (ms): bounds what a write outside the API can leave stale. */
const ENTRY_TTL_MS = 30_000;
/** Memory the cache may hold (bytes), a body counted at 2 bytes a character. */
const MAX_BYTES = 4 * 1024 * 1024;
/** Entries the cache may hold. */
const MAX_ENTRIES = 1_000;

interface Entry {
  body: string;
  contentType: string;
}

/** The generation a request read under, and the key it may store at (set by the lookup). */
const pending = new WeakMap<FastifyRequest, { generation: number; key: string }>();

export const privateCachePlugin = fp(
  async (app: FastifyInstance) => {
    const { cache, generation, control } = topicCache<Entry>(app, 'private', {
      max: MAX_ENTRIES,
      maxBytes: MAX_BYTES,
      sizeOf: (entry) => entry.body.length * 2,
      ttlMs: ENTRY_TTL_MS,
    });
    app.decorate('privateCache', control);

    // preHandler: after the guard's onRequest check, so the caller is known and allowed.
    const lookUp: preHandlerHookHandler = (request, reply, done) => {
      if (request.method !== 'GET') return done();
      const record = request.caller?.record;
      // No live record: the handler answers (and refuses) as it always does.
      if (!record || record.deletedAt) return done();
      const atStart = generation();
      const key = `${atStart} ${record.id} ${request.url}`;
      const entry = cache.get(key);
      if (!entry) {
        pending.set(request, { generation: atStart, key });
        return done();
      }
      void reply.type(entry.contentType).send(entry.body);
    };

    const store: onSendHookHandler<unknown> = (request, reply, payload, done) => {
      const read = pending.get(request);
      if (read && reply.statusCode === 200 && typeof payload === 'string') {
        if (read.generation === generation()) {
          cache.set(read.key, {
            body: payload,
            contentType: String(reply.getHeader('content-type') ?? 'application/json'),
          });
        }
      }
      done(null, payload);
    };

    app.addHook('onRoute', (routeOptions) => {
      if (!routeOptions.config?.privateCache) return;
      routeOptions.preHandler = [...hooksOf(routeOptions.preHandler), lookUp];
      routeOptions.onSend = [store, ...hooksOf(routeOptions.onSend)] as typeof routeOptions.onSend;
    });
  },
  { name: 'private-cache', dependencies: ['invalidation'] },
);
