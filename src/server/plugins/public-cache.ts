/**
 * Public reads served without the database when nothing changed (decisions 0022, 0051):
 *
 * - **Which routes.** Only routes built with `route(contract, { publicCache: true })`: public GETs
 *   whose answer is the same for every anonymous caller (categories, promoted products, blogs,
 *   a category page, a listing, search, a seller's profile, seller verification); and, with
 *   `config: { publicCache: 'shared' }`, the server-rendered pages (plugins/web.ts), whose HTML
 *   is the same for every caller, signed in or not (the browser adds the signed-in parts).
 * - **Validators and cache policy.** Every 200 answer of such a route to an anonymous request
 *   (no Authorization, no Cookie) gets a weak `ETag` (a SHA-1 of the serialised body, RFC 9110
 *   §8.8.3), `Vary: Authorization, Cookie`, and `Cache-Control: public, max-age=0, s-maxage=10`
 *   (`PUBLIC_CACHE_CONTROL`, RFC 9111 §5.2.2): a browser keeps the answer but asks again each
 *   time, so it never shows a listing as it was before a write (the question costs a 304), while
 *   a shared cache in front (nginx, a CDN) may answer it for 10 s; and `CDN-Cache-Control` (RFC
 *   9213) adds a minute of stale-while-revalidate for CDNs that read it. An `If-None-Match` that
 *   matches answers `304` with no body (RFC 9110 §13.1.2, weak comparison). Signed-in requests
 *   are personal: the security plugin makes them `private, no-store` and they skip this cache.
 * - **In-process cache.** The serialised body (as bytes), its headers and ETag, in an
 *   async-cache-dedupe memory cache (lib/topic-cache.ts): at most `MAX_ENTRIES` entries of at
 *   most `MAX_ENTRY_BYTES` each, 60 s per entry, keyed by the URL. A hit answers from the route's
 *   first `onRequest` hook, before validation, the guard and the handler, with the Buffer and
 *   headers made once; concurrent misses of one URL run the handler once and share its answer.
 *   A hit for a client that accepts brotli or gzip gets a compressed copy made once per entry
 *   (bodies of 1 KiB or more, as @fastify/compress's threshold), not one per request.
 * - **Invalidation.** Entries carry the `public` topic as their reference (plugins/
 *   invalidation.ts): any successful API write that can change a public answer, here or on
 *   another instance, removes them at once, and a read that began before it never stores (or
 *   hands on) its possibly old answer. Writes made straight into the database (psql, a seed
 *   script) are seen after at most the 60 s entry lifetime, or at once with
 *   `app.publicCache.invalidate()`.
 */
import { Negotiator } from '@fastify/accept-negotiator';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import { hooksOf } from '../lib/route.js';
import { answerCache } from '../lib/topic-cache.js';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAbortHookHandler,
  onRequestHookHandler,
  onResponseHookHandler,
  onSendHookHandler,
} from 'fastify';

/** What a route-answer cache offers to the rest of the app (`app.publicCache`, …). */
export interface AnswerCacheControl {
  /** Removes every entry, here and on every other instance. */
  invalidate(): void;
  /** Lookups answered from memory since start (for `GET /metrics` and tests). */
  readonly hits: number;
  /** Lookups that ran the route. */
  readonly misses: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The public read cache (plugins/public-cache.ts). */
    publicCache: AnswerCacheControl;
  }
  interface FastifyContextConfig {
    /**
     * Answer cached and validated (this plugin): `true` for anonymous callers only; `'shared'`
     * for every caller, when the answer never depends on who asks (server-rendered pages).
     */
    publicCache?: boolean | 'shared';
  }
}

/**
 * `Cache-Control` of a public answer (RFC 9111 §5.2.2): browsers revalidate every use
 * (`max-age=0`, with the ETag a 304); a shared cache may answer it for 10 s (`s-maxage`).
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=10';
/** `CDN-Cache-Control` (RFC 9213): a CDN may serve it 10 s, then stale 60 s while revalidating. */
export const CDN_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';
/** Lifetime of an in-process entry (s): bounds what a write outside the API can leave stale. */
const ENTRY_TTL_SECONDS = 60;
/** Entries the in-process cache may hold. */
const MAX_ENTRIES = 512;
/**
 * The largest body kept (bytes): every page and answer measured (a search page of 20 cards is
 * 116 KB, a category page of 100 cards 112 KB) fits; with `MAX_ENTRIES` it bounds the cache's
 * memory at 64 MiB and its compressed copies.
 */
const MAX_ENTRY_BYTES = 128 * 1024;
/** Bodies smaller than this (bytes) are sent as they are (@fastify/compress's threshold). */
const COMPRESS_THRESHOLD = 1024;
type Encoding = 'br' | 'gzip';
/** Brotli at quality 4, as @fastify/compress does per request: fast, and most of the gain. */
const compressors: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipSync(body),
};
const encodings = new Negotiator<Encoding | 'identity'>({
  supportedValues: ['br', 'gzip', 'identity'],
});

/** How a hit is answered: 304, or 200 with the body as it is or as a br/gzip copy. */
type HitKind = 'notModified' | 'identity' | Encoding;

interface Entry {
  body: Buffer;
  etag: string;
  /** The route's `publicCache` was `'shared'`: any caller gets it, signed in or not. */
  shared: boolean;
  headers: Record<string, string>;
  /** Compressed copies, made on the first hit that asks for each. */
  encoded: Partial<Record<Encoding, Buffer>>;
  /** Headers of each kind of hit (`hitHeaders`), made on first use. */
  hitHeaders: Partial<Record<HitKind, Readonly<Record<string, string>>>>;
}

/** The validators and cache policies of a public answer (any of its encodings). */
const validatorHeaders = (etag: string, shared: boolean): Record<string, string> => ({
  etag,
  'cache-control': PUBLIC_CACHE_CONTROL,
  'cdn-cache-control': CDN_CACHE_CONTROL,
  ...(shared ? {} : { vary: 'Authorization, Cookie' }),
});

/**
 * How to answer a hit on `entry` for a request with these headers: 304 on a matching
 * `If-None-Match`; else br or gzip when negotiated (bodies of 1 KiB or more); else the body as it
 * is (@fastify/compress then encodes it for a client that accepts only what we hold no copy of).
 */
function hitKindOf(
  entry: Entry,
  ifNoneMatch: string | undefined,
  accepted: string | undefined,
): HitKind {
  if (ifNoneMatchMatches(ifNoneMatch, entry.etag)) return 'notModified';
  if (!accepted || entry.body.length < COMPRESS_THRESHOLD) return 'identity';
  const encoding = encodings.negotiate(accepted);
  return !encoding || encoding === 'identity' ? 'identity' : encoding;
}

/** Every header of a hit of `kind` but the security headers and content-length. */
function hitHeaders(entry: Entry, kind: HitKind): Readonly<Record<string, string>> {
  const made = entry.hitHeaders[kind];
  if (made) return made;
  const headers = { ...entry.headers, ...validatorHeaders(entry.etag, entry.shared) };
  if (kind === 'br' || kind === 'gzip') {
    headers['content-encoding'] = kind;
    headers.vary = appendVary(headers.vary, 'Accept-Encoding');
  }
  return (entry.hitHeaders[kind] = headers);
}

/** The bytes of a 200 hit of `kind` (a compressed copy is made once per entry). */
const hitBody = (entry: Entry, kind: 'identity' | Encoding): Buffer =>
  kind === 'identity' ? entry.body : (entry.encoded[kind] ??= compressors[kind](entry.body));

/** Headers of an answer worth replaying from the cache (the rest are set per request). */
const replayedHeaders = (reply: FastifyReply): Record<string, string> => {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined) continue;
    if (name === 'content-type' || name.startsWith('x-next-')) kept[name] = String(value);
  }
  return kept;
};

/** A weak entity tag of a body: `W/"<27 characters of base64url SHA-1>"`. */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Whether an `If-None-Match` header matches `etag` by weak comparison (RFC 9110 §8.8.3.2):
 * `*`, or any listed tag equal once `W/` is ignored.
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** A GET this plugin may answer from, and store in, the cache. */
const cacheable = (request: FastifyRequest) =>
  request.method === 'GET' &&
  (request.routeOptions.config.publicCache === 'shared' ||
    (request.headers.authorization === undefined && request.headers.cookie === undefined));

/**
 * Whether the answer to `request` may be kept by this cache (a route that asks for it, and a
 * request it may answer): such a read must include every write before the cache's last
 * invalidation (plugins/read-routing.ts, decision 0050).
 */
export const fillsPublicCache = (request: FastifyRequest): boolean =>
  Boolean(request.routeOptions.config.publicCache) && cacheable(request);

export const publicCachePlugin = fp(
  async (app: FastifyInstance) => {
    const cache = answerCache<Entry>(app, {
      topic: 'public',
      size: MAX_ENTRIES,
      ttlSeconds: ENTRY_TTL_SECONDS,
      keep: (entry) => entry.body.length <= MAX_ENTRY_BYTES,
    });
    // The cache itself, seen through its invalidate() and counts (they stay live).
    const control: AnswerCacheControl = cache;
    app.decorate('publicCache', control);

    /** Answers `request` from `entry`: 304, or the body in the negotiated encoding. */
    const answer = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
      const kind = hitKindOf(
        entry,
        request.headers['if-none-match'],
        request.headers['accept-encoding'],
      );
      reply.headers(hitHeaders(entry, kind));
      if (kind === 'notModified') void reply.code(304).send();
      else void reply.send(hitBody(entry, kind));
    };

    // Answered here on a hit: `done` is not called, and the reply is sent instead, so Fastify
    // runs neither validation, the guard nor the handler.
    const lookUp: onRequestHookHandler = (request, reply, done) => {
      if (!cacheable(request)) return done();
      cache.lookUp(request, reply, request.url, (entry) => answer(request, reply, entry), done);
    };

    const store: onSendHookHandler<unknown> = (request, reply, payload, done) => {
      if (!cache.filling(request)) return done(null, payload);
      if (reply.statusCode !== 200 || typeof payload !== 'string') {
        cache.settle(request, null);
        return done(null, payload);
      }
      const shared = request.routeOptions.config.publicCache === 'shared';
      const etag = weakEtag(payload);
      cache.settle(request, {
        body: Buffer.from(payload),
        etag,
        shared,
        headers: replayedHeaders(reply),
        encoded: {},
        hitHeaders: {},
      });
      reply.headers(validatorHeaders(etag, shared));
      if (!ifNoneMatchMatches(request.headers['if-none-match'], etag)) return done(null, payload);
      reply.code(304);
      return done(null, '');
    };

    // Requests of the same URL wait for a filling one: never for ever.
    const releaseOnResponse: onResponseHookHandler = (request, _reply, done) => {
      cache.settle(request, null);
      done();
    };
    const releaseOnAbort: onRequestAbortHookHandler = (request, done) => {
      cache.settle(request, null);
      done();
    };

    // Route-level hooks, only on the routes that ask: no cost anywhere else. `store` goes first
    // among the route's onSend hooks, before @fastify/compress (which appends its own) turns the
    // body into a stream.
    app.addHook('onRoute', (routeOptions) => {
      if (!routeOptions.config?.publicCache) return;
      routeOptions.onRequest = [lookUp, ...hooksOf(routeOptions.onRequest)];
      routeOptions.onSend = [store, ...hooksOf(routeOptions.onSend)] as typeof routeOptions.onSend;
      routeOptions.onResponse = [...hooksOf(routeOptions.onResponse), releaseOnResponse];
      routeOptions.onRequestAbort = [...hooksOf(routeOptions.onRequestAbort), releaseOnAbort];
    });
  },
  { name: 'public-cache', dependencies: ['invalidation'] },
);

/** `vary` with `field` added (once). */
function appendVary(current: string | undefined, field: string): string {
  const fields = typeof current === 'string' && current ? current.split(/\s*,\s*/) : [];
  if (!fields.some((f) => f.toLowerCase() === field.toLowerCase())) fields.push(field);
  return fields.join(', ');
}
