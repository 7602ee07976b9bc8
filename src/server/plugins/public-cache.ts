/**
 * Public reads served without the database when nothing changed (decision 0022):
 *
 * - **Which routes.** Only routes built with `route(contract, { publicCache: true })`: public GETs
 *   whose answer is the same for every anonymous caller (categories, promoted products, blogs,
 *   a category page, a listing, search, a seller's profile, seller verification); and, with
 *   `config: { publicCache: 'shared' }`, the server-rendered pages (plugins/web.ts), whose HTML
 *   is the same for every caller, signed in or not (the browser adds the signed-in parts).
 * - **Validators.** Every 200 answer of such a route to an anonymous request (no Authorization,
 *   no Cookie) gets a weak `ETag` (a SHA-1 of the serialised body, RFC 9110 §8.8.3),
 *   `Vary: Authorization, Cookie`, and two cache policies: `Cache-Control: public, no-cache`
 *   (a browser keeps the answer but asks again each time, so it never shows a listing as it was
 *   before a write; the question costs a 304) and, for CDNs only,
 *   `CDN-Cache-Control: public, max-age=10, stale-while-revalidate=60` (RFC 9213 targeted
 *   cache control: a CDN may serve it 10 s, then stale for a minute while it revalidates). An
 *   `If-None-Match` that matches answers `304` with no body (RFC 9110 §13.1.2, weak
 *   comparison). Signed-in requests are personal: the security plugin makes them `no-store` and
 *   they skip this cache.
 * - **In-process cache.** The serialised body (as bytes), its headers and ETag are kept in an
 *   LRU (`lru-cache`, at most 1,000 entries, 8 MB and 60 s per entry) keyed by the cache
 *   *generation* and the URL. A hit answers from memory before validation, the guard and the
 *   handler run. A hit for a client that accepts brotli or gzip gets a compressed copy made
 *   once per entry (bodies of 1 KiB or more, as @fastify/compress's threshold), not one per
 *   request; the copies count against the 8 MB.
 * - **Invalidation.** Every entry is keyed by the generation of the `public` invalidation topic
 *   (plugins/invalidation.ts): any successful API write that can change a public answer, here or
 *   on another instance, makes every older entry unreachable at once, and a read that began
 *   before a generation change never stores its (possibly old) answer. Writes made straight into
 *   the database (psql, a seed script) are seen after at most the 60 s entry lifetime, or at once
 *   with `app.publicCache.invalidate()`.
 * - **Front door.** A hit is also answered before Fastify, by the front door (front-door.ts):
 *   `GET` of exactly a stored URL under the current generation, by the same rules (an entry of
 *   an anonymous-only route refuses a request with Authorization or Cookie; `hitKindOf` and
 *   `hitHeaders` decide encoding, 304 and headers for both ways out). A client whose
 *   Accept-Encoding only @fastify/compress can honour (e.g. `deflate`) goes to Fastify.
 */
import { Negotiator } from '@fastify/accept-negotiator';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import type { FrontDoorAnswerer, HeaderBlock } from '../front-door.js';
import { hooksOf } from '../lib/route.js';
import { topicCache, type TopicCacheControl } from './invalidation.js';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
} from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts new generations (`invalidate`) and counts entries (plugins/invalidation.ts), and
     * the lookups answered from memory (`hits`, front door included) or not (`misses`) since
     * start, for `GET /metrics`.
     */
    publicCache: TopicCacheControl & { readonly hits: number; readonly misses: number };
  }
  interface FastifyContextConfig {
    /**
     * Answer cached and validated (this plugin): `true` for anonymous callers only; `'shared'`
     * for every caller, when the answer never depends on who asks (server-rendered pages).
     */
    publicCache?: boolean | 'shared';
  }
}

/** `Cache-Control` of a public answer: any cache may keep it, but must revalidate each use. */
export const PUBLIC_CACHE_CONTROL = 'public, no-cache';
/** `CDN-Cache-Control` (RFC 9213): a CDN may serve it 10 s, then stale 60 s while revalidating. */
export const CDN_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';
/** Lifetime of an in-process entry (ms): bounds what a write outside the API can leave stale. */
const ENTRY_TTL_MS = 60_000;
/**
 * Memory the in-process cache may hold (bytes), counting every body at 2 bytes a character (a
 * JavaScript string's worst case), so it stays under this whatever the text.
 */
const MAX_BYTES = 8 * 1024 * 1024;
/** Entries the in-process cache may hold. */
const MAX_ENTRIES = 1_000;
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
  /** The front door's header blocks of each kind of hit, made on first use. */
  blocks: Partial<Record<HitKind, HeaderBlock>>;
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
 * is — `'compressible'` when the client did send an `Accept-Encoding` we hold nothing for.
 */
function hitKindOf(
  entry: Entry,
  ifNoneMatch: string | undefined,
  accepted: string | undefined,
): HitKind | 'compressible' {
  if (ifNoneMatchMatches(ifNoneMatch, entry.etag)) return 'notModified';
  if (!accepted || entry.body.length < COMPRESS_THRESHOLD) return 'identity';
  const encoding = encodings.negotiate(accepted);
  return !encoding || encoding === 'identity' ? 'compressible' : encoding;
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

const generationAtStart = new WeakMap<FastifyRequest, number>();
const replayed = new WeakSet<FastifyRequest>();

export const publicCachePlugin = fp(
  async (app: FastifyInstance) => {
    const { cache, generation, control } = topicCache<Entry>(app, 'public', {
      max: MAX_ENTRIES,
      maxBytes: MAX_BYTES,
      // The body and room for its compressed copies (each a fraction of it).
      sizeOf: (entry) => entry.body.length * 2,
      ttlMs: ENTRY_TTL_MS,
    });
    const keyOf = (request: FastifyRequest) => `${generation()} ${request.url}`;
    // Plain numbers on the hot path; plugins/metrics.ts reads them when scraped.
    let hits = 0;
    let misses = 0;
    app.decorate('publicCache', {
      invalidate: control.invalidate,
      get size() {
        return control.size;
      },
      get hits() {
        return hits;
      },
      get misses() {
        return misses;
      },
    });

    const sendValidated = (request: FastifyRequest, reply: FastifyReply, etag: string): boolean => {
      reply.headers(validatorHeaders(etag, request.routeOptions.config.publicCache === 'shared'));
      if (!ifNoneMatchMatches(request.headers['if-none-match'], etag)) return false;
      reply.code(304);
      return true;
    };

    const lookUp: onRequestHookHandler = (request, reply, done) => {
      if (!cacheable(request)) return done();
      generationAtStart.set(request, generation());
      const entry = cache.get(keyOf(request));
      if (!entry) {
        misses++;
        return done();
      }
      hits++;
      replayed.add(request);
      const found = hitKindOf(
        entry,
        request.headers['if-none-match'],
        request.headers['accept-encoding'],
      );
      const kind = found === 'compressible' ? 'identity' : found;
      reply.headers(hitHeaders(entry, kind));
      // Answered here: `done` is not called, and the reply (a thenable) is not returned, so
      // Fastify neither runs the route nor waits on the reply as if it were this hook's promise.
      if (kind === 'notModified') reply.code(304).send();
      else reply.send(hitBody(entry, kind));
    };

    // The same hits before Fastify (front-door.ts), with header blocks made once per entry.
    const answerHit: FrontDoorAnswerer = (request, response) => {
      if (request.method !== 'GET') return false;
      const entry = cache.get(`${generation()} ${request.url}`);
      if (!entry) return false;
      const { headers } = request;
      const signedIn = headers.authorization !== undefined || headers.cookie !== undefined;
      // A signed-in `/api` answer also gets the security plugin's `no-store`: Fastify's to give.
      if (signedIn && (!entry.shared || request.url!.startsWith('/api/'))) return false;
      const kind = hitKindOf(entry, headers['if-none-match'], headers['accept-encoding']);
      if (kind === 'compressible') return false;
      hits++;
      const door = app.frontDoor;
      if (kind === 'notModified') {
        // As Fastify: no content-length on a 304 (RFC 9110 §8.6).
        door.writeHead(
          response,
          304,
          (entry.blocks[kind] ??= door.headerBlock(request.url!, hitHeaders(entry, kind))),
        );
        response.end();
        return true;
      }
      const body = hitBody(entry, kind);
      door.writeHead(
        response,
        200,
        (entry.blocks[kind] ??= door.headerBlock(request.url!, {
          ...hitHeaders(entry, kind),
          'content-length': String(body.length),
        })),
      );
      response.end(body);
      return true;
    };
    if (app.hasDecorator('frontDoor')) app.frontDoor.add('public-cache', answerHit);

    const store: onSendHookHandler<unknown> = (request, reply, payload, done) => {
      if (replayed.has(request) || reply.statusCode !== 200 || typeof payload !== 'string') {
        return done(null, payload);
      }
      if (!cacheable(request)) return done(null, payload);
      const etag = weakEtag(payload);
      if (generationAtStart.get(request) === generation()) {
        cache.set(keyOf(request), {
          body: Buffer.from(payload),
          etag,
          shared: request.routeOptions.config.publicCache === 'shared',
          headers: replayedHeaders(reply),
          encoded: {},
          hitHeaders: {},
          blocks: {},
        });
      }
      if (sendValidated(request, reply, etag)) return done(null, '');
      return done(null, payload);
    };

    // Route-level hooks, only on the routes that ask: no cost anywhere else. `store` goes first
    // among the route's onSend hooks, before @fastify/compress (which appends its own) turns the
    // body into a stream.
    app.addHook('onRoute', (routeOptions) => {
      if (!routeOptions.config?.publicCache) return;
      routeOptions.onRequest = [lookUp, ...hooksOf(routeOptions.onRequest)];
      routeOptions.onSend = [store, ...hooksOf(routeOptions.onSend)] as typeof routeOptions.onSend;
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
