/**
 * The SPA's hashed build assets (`dist/web/assets/*.js`, `*.css`, …) served from memory (issue
 * 17). Their names carry a content hash, so they never change while the process runs: each one
 * is read once at start-up with its pre-compressed copies (`.br`, `.gz`, written by
 * scripts/compress-assets.mjs) and answered without touching the disk. @fastify/static opened,
 * stat-ed and streamed the file on every request, which held a hashed asset to 10 % of what a
 * bare `node:http` server answers (`npm run bench`).
 *
 * - Encoding: brotli, gzip or identity by the request's `Accept-Encoding` (RFC 9110 §12.5.3,
 *   negotiated with @fastify/accept-negotiator), with `Vary: Accept-Encoding`.
 * - Caching: `Cache-Control: public, max-age=31536000, immutable`, and an `ETag` per encoding
 *   (RFC 9110 §8.8.3; the bytes differ per encoding), with `304` to a matching `If-None-Match`.
 * - Source maps and files of other types stay on disk: `serve` answers false for them, and the
 *   caller hands them to @fastify/static.
 * - Two ways out, one answer (`answer`: status, headers, body): `serve` through Fastify's reply,
 *   and `frontDoorAnswerer` straight onto Node's response (front-door.ts), with the
 *   header block of each variant and status computed once. The front door's way reads its two
 *   request headers from `rawHeaders` (`rawHeader`), so Node never builds `request.headers`, and
 *   is tried before the public cache's lookup (`first`).
 */
import { Negotiator } from '@fastify/accept-negotiator';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  rawHeader,
  type FrontDoor,
  type FrontDoorAnswerer,
  type HeaderBlock,
} from '../front-door.js';
import { ifNoneMatchMatches } from './public-cache.js';

/** Content types of the asset kinds held in memory (others are served from disk). */
const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

/** Bigger files (bytes) stay on disk: memory is for what pages load, not for large media. */
const MAX_ASSET_BYTES = 2 * 1024 * 1024;

const IMMUTABLE = 'public, max-age=31536000, immutable';

type Encoding = 'br' | 'gzip' | 'identity';

interface Variant {
  body: Buffer;
  etag: string;
  /** Headers of an answer with this variant: type, cache policy, vary, etag, encoding. */
  headers: Readonly<Record<string, string>>;
  /** Front-door header blocks of its 200 (with content-length) and 304, made on first use. */
  blocks: { ok?: HeaderBlock; notModified?: HeaderBlock };
}

/** How an asset is answered: the same for Fastify's reply and Node's raw response. */
export interface AssetAnswer {
  statusCode: 200 | 304;
  /** Every header of the answer but content-length (shared: do not change it). */
  headers: Readonly<Record<string, string>>;
  /** The bytes of a 200 (a 304 sends none; HEAD none either). */
  body: Buffer;
  variant: Variant;
}

interface Asset {
  type: string;
  variants: Partial<Record<Encoding, Variant>>;
  negotiator: Negotiator<Encoding>;
}

/** The hashed assets of one build, by file name (`index-9ZPE-Z-N.js`). */
export interface HashedAssets {
  /** Files held. */
  readonly size: number;
  /** Bytes held, every encoding counted. */
  readonly bytes: number;
  /**
   * The answer to `GET|HEAD /assets/<name>` for a request with these `Accept-Encoding` and
   * `If-None-Match` headers; undefined when `name` is not held.
   */
  answer(
    name: string,
    acceptEncoding: string | undefined,
    ifNoneMatch: string | undefined,
  ): AssetAnswer | undefined;
  /**
   * Answers `GET|HEAD /assets/<name>` from memory when `name` is held; false otherwise (the
   * caller serves it from disk or answers 404).
   */
  serve(name: string, request: FastifyRequest, reply: FastifyReply): boolean;
  /**
   * The front door's answerer (front-door.ts) for `GET|HEAD /assets/<name>` of a held asset,
   * without a query string or percent-encoding (those go to Fastify): the same answer as
   * `serve`, with `door`'s base headers, written straight onto Node's response.
   */
  frontDoorAnswerer(door: FrontDoor): FrontDoorAnswerer;
}

const ASSETS_PREFIX = '/assets/';

const variantOf = (body: Buffer, encoding: Encoding, type: string): Variant => {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}-${encoding}"`;
  return {
    body,
    etag,
    headers: {
      'content-type': type,
      'cache-control': IMMUTABLE,
      vary: 'accept-encoding',
      etag,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    },
    blocks: {},
  };
};

/**
 * Reads every asset of `assetsDir` (`dist/web/assets`) worth holding: known types, at most
 * 2 MiB, with their `.br`/`.gz` copies when present. An absent folder gives an empty set.
 */
export function loadHashedAssets(assetsDir: string): HashedAssets {
  const assets = new Map<string, Asset>();
  let bytes = 0;
  const names = existsSync(assetsDir) ? readdirSync(assetsDir) : [];
  const present = new Set(names);
  for (const name of names) {
    const type = contentTypes[path.extname(name)];
    if (!type) continue;
    const identity = readFileSync(path.join(assetsDir, name));
    if (identity.length > MAX_ASSET_BYTES) continue;
    const variants: Asset['variants'] = { identity: variantOf(identity, 'identity', type) };
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (!present.has(name + suffix)) continue;
      variants[encoding] = variantOf(
        readFileSync(path.join(assetsDir, name + suffix)),
        encoding,
        type,
      );
    }
    const supported = (['br', 'gzip', 'identity'] as const).filter((e) => variants[e]);
    for (const variant of Object.values(variants)) bytes += variant.body.length;
    assets.set(name, {
      type,
      variants,
      negotiator: new Negotiator({ supportedValues: [...supported] }),
    });
  }

  const answer: HashedAssets['answer'] = (name, acceptEncoding, ifNoneMatch) => {
    const asset = assets.get(name);
    if (!asset) return undefined;
    const encoding = (acceptEncoding && asset.negotiator.negotiate(acceptEncoding)) || 'identity';
    const variant = asset.variants[encoding] ?? asset.variants.identity!;
    return {
      statusCode: ifNoneMatchMatches(ifNoneMatch, variant.etag) ? 304 : 200,
      headers: variant.headers,
      body: variant.body,
      variant,
    };
  };

  return {
    size: assets.size,
    bytes,
    answer,
    serve(name, request, reply) {
      const found = answer(
        name,
        request.headers['accept-encoding'],
        request.headers['if-none-match'],
      );
      if (!found) return false;
      reply.headers(found.headers);
      if (found.statusCode === 304) void reply.code(304).send();
      else void reply.send(found.body);
      return true;
    },
    frontDoorAnswerer(door) {
      return (request: IncomingMessage, response: ServerResponse) => {
        const { method, url } = request;
        if ((method !== 'GET' && method !== 'HEAD') || !url?.startsWith(ASSETS_PREFIX)) {
          return false;
        }
        const name = url.slice(ASSETS_PREFIX.length);
        if (name.includes('?') || name.includes('%')) return false;
        const found = answer(
          name,
          rawHeader(request, 'accept-encoding'),
          rawHeader(request, 'if-none-match'),
        );
        if (!found) return false;
        const { blocks } = found.variant;
        if (found.statusCode === 304) {
          // As Fastify: no content-length on a 304 (RFC 9110 §8.6).
          door.writeHead(
            response,
            304,
            (blocks.notModified ??= door.headerBlock(url, found.headers)),
          );
          response.end();
          return true;
        }
        door.writeHead(
          response,
          200,
          (blocks.ok ??= door.headerBlock(url, {
            ...found.headers,
            'content-length': String(found.body.length),
          })),
        );
        // Node sends no body to a HEAD, but keeps its content-length (as Fastify does).
        response.end(method === 'HEAD' ? undefined : found.body);
        return true;
      };
    },
  };
}
