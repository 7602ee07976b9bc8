/**
 * A signed-in caller's own reads served without the database when nothing changed
 * (decisions 0022 "Personal reads", 0051). Today only My Orders (`GET /api/orders`), the most
 * frequent signed-in read: every call verified the token and ran a three-join query.
 *
 * - **Which routes.** Only routes built with `route(contract, { access, privateCache: true })`:
 *   guarded GETs whose answer depends on nothing but the caller and the URL.
 * - **Who.** The entry is keyed by the caller's user record id, read *after* the guard has
 *   checked the token, the role and the record (auth/guard.ts): a hit never skips a check, and
 *   one caller's entry can never answer another. The answer stays `Cache-Control: private,
 *   no-store` for browsers and proxies (plugins/security.ts): only this process keeps it.
 * - **Invalidation.** Entries carry the `private` topic as their reference (plugins/
 *   invalidation.ts), raised by *every* successful API write here or on another instance, before
 *   its answer leaves, and by the jobs that change what such a read shows outside a request (the
 *   deposit sweep and settlement). A read that began before a raise never stores its answer.
 *   Writes made straight into the database are seen after at most the entry lifetime, or at once
 *   with `app.privateCache.invalidate()`.
 * - **Bounds.** An async-cache-dedupe memory cache (lib/topic-cache.ts) of at most 256 entries
 *   of at most 64 KiB each, 30 s per entry.
 */
import fp from 'fastify-plugin';
import { hooksOf } from '../lib/route.js';
import { answerCache } from '../lib/topic-cache.js';
import type { AnswerCacheControl } from './public-cache.js';
import type {
  FastifyInstance,
  onRequestAbortHookHandler,
  onResponseHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** A caller's own reads (plugins/private-cache.ts). */
    privateCache: AnswerCacheControl;
  }
  interface FastifyContextConfig {
    /** The caller's own answer is kept in memory by this plugin (guarded GETs only). */
    privateCache?: boolean;
  }
}

/** Lifetime of an entry (s): bounds what a write outside the API can leave stale. */
const ENTRY_TTL_SECONDS = 30;
/** Entries the cache may hold. */
const MAX_ENTRIES = 256;
/** The largest body kept (bytes): My Orders with 20 bookings is about 25 KB. */
const MAX_ENTRY_BYTES = 64 * 1024;

interface Entry {
  body: string;
  contentType: string;
}

export const privateCachePlugin = fp(
  async (app: FastifyInstance) => {
    const cache = answerCache<Entry>(app, {
      topic: 'private',
      size: MAX_ENTRIES,
      ttlSeconds: ENTRY_TTL_SECONDS,
      keep: (entry) => entry.body.length <= MAX_ENTRY_BYTES,
    });
    // The cache itself, seen through its invalidate() and counts (they stay live).
    const control: AnswerCacheControl = cache;
    app.decorate('privateCache', control);

    // preHandler: after the guard's onRequest check, so the caller is known and allowed.
    const lookUp: preHandlerHookHandler = (request, reply, done) => {
      if (request.method !== 'GET') return done();
      const record = request.caller?.record;
      // No live record: the handler answers (and refuses) as it always does.
      if (!record || record.deletedAt) return done();
      cache.lookUp(
        request,
        reply,
        `${record.id} ${request.url}`,
        (entry) => void reply.type(entry.contentType).send(entry.body),
        done,
      );
    };

    const store: onSendHookHandler<unknown> = (request, reply, payload, done) => {
      if (!cache.filling(request)) return done(null, payload);
      const kept = reply.statusCode === 200 && typeof payload === 'string';
      cache.settle(
        request,
        kept
          ? {
              body: payload,
              contentType: String(reply.getHeader('content-type') ?? 'application/json'),
            }
          : null,
      );
      done(null, payload);
    };

    // Requests of the same caller and URL wait for a filling one: never for ever.
    const releaseOnResponse: onResponseHookHandler = (request, _reply, done) => {
      cache.settle(request, null);
      done();
    };
    const releaseOnAbort: onRequestAbortHookHandler = (request, done) => {
      cache.settle(request, null);
      done();
    };

    app.addHook('onRoute', (routeOptions) => {
      if (!routeOptions.config?.privateCache) return;
      routeOptions.preHandler = [...hooksOf(routeOptions.preHandler), lookUp];
      routeOptions.onSend = [store, ...hooksOf(routeOptions.onSend)] as typeof routeOptions.onSend;
      routeOptions.onResponse = [...hooksOf(routeOptions.onResponse), releaseOnResponse];
      routeOptions.onRequestAbort = [...hooksOf(routeOptions.onRequestAbort), releaseOnAbort];
    });
  },
  { name: 'private-cache', dependencies: ['invalidation'] },
);
