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
 */
import { Negotiator } from '@fastify/accept-negotiator';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
   * Answers `GET|HEAD /assets/<name>` from memory when `name` is held; false otherwise (the
   * caller serves it from disk or answers 404).
   */
  serve(name: string, request: FastifyRequest, reply: FastifyReply): boolean;
}

const variantOf = (body: Buffer, encoding: Encoding): Variant => ({
  body,
  etag: `"${createHash('sha1').update(body).digest('base64url')}-${encoding}"`,
});

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
    const variants: Asset['variants'] = { identity: variantOf(identity, 'identity') };
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (!present.has(name + suffix)) continue;
      variants[encoding] = variantOf(readFileSync(path.join(assetsDir, name + suffix)), encoding);
    }
    const supported = (['br', 'gzip', 'identity'] as const).filter((e) => variants[e]);
    for (const variant of Object.values(variants)) bytes += variant.body.length;
    assets.set(name, {
      type,
      variants,
      negotiator: new Negotiator({ supportedValues: [...supported] }),
    });
  }

  return {
    size: assets.size,
    bytes,
    serve(name, request, reply) {
      const asset = assets.get(name);
      if (!asset) return false;
      const accepted = request.headers['accept-encoding'];
      const encoding = (accepted && asset.negotiator.negotiate(accepted)) || 'identity';
      const variant = asset.variants[encoding] ?? asset.variants.identity!;
      reply
        .header('content-type', asset.type)
        .header('cache-control', IMMUTABLE)
        .header('vary', 'accept-encoding')
        .header('etag', variant.etag);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      if (ifNoneMatchMatches(request.headers['if-none-match'], variant.etag)) {
        void reply.code(304).send();
      } else {
        void reply.send(variant.body);
      }
      return true;
    },
  };
}
