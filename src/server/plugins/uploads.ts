/**
 * The image store of this instance and the serving of `/uploads/<name>` (decision 0023).
 *
 * - {@link imageStorePlugin} decorates `app.imageStore` (local disk, or S3 with S3_BUCKET) and
 *   closes it with the app.
 * - {@link uploadsPlugin} serves `GET`/`HEAD /uploads/<name>`, always with a year-long
 *   `immutable` cache (names are content-addressed):
 *   - disk: @fastify/static on `DATA_DIR/uploads`, as before object storage existed;
 *   - S3 without S3_PUBLIC_URL: the object streamed from the bucket, with its length, ETag and
 *     Last-Modified; `If-None-Match` is passed on, so a matching tag answers 304;
 *   - S3 with S3_PUBLIC_URL: `302` to `<S3_PUBLIC_URL>/uploads/<name>`, itself cacheable for a
 *     day (a changed S3_PUBLIC_URL takes effect within a day).
 *   A missing file or any other name goes to the not-found handler (JSON 404), as before. Missing
 *   responsive variants are made first by `imageVariantsPlugin` (storage/image-variants.ts).
 */
import { mkdirSync } from 'node:fs';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import {
  createImageStore,
  isImageName,
  uploadCacheControl,
  type ImageStore,
} from '../storage/image-store.js';
import type { S3ImageStore } from '../storage/s3-image-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads are read and written (storage/image-store.ts). */
    imageStore: ImageStore;
  }
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Cache-Control of a redirect to S3_PUBLIC_URL (one day). */
export const uploadRedirectCacheControl = 'public, max-age=86400';

/** Decorates `app.imageStore` from `app.config.imageStorage`. */
export const imageStorePlugin = fp(
  async (app: FastifyInstance) => {
    const store = await createImageStore(app.config.imageStorage);
    app.decorate<ImageStore>('imageStore', store);
    app.addHook('onClose', async () => {
      await store.close();
    });
  },
  { name: 'image-store' },
);

/** Serves `/uploads/<name>` from `app.imageStore`. */
export const uploadsPlugin = fp(
  async (app: FastifyInstance) => {
    const store = app.imageStore;
    if (store.kind === 'disk') {
      mkdirSync(store.dir, { recursive: true });
      await app.register(fastifyStatic, {
        root: store.dir,
        prefix: '/uploads/',
        decorateReply: false,
        index: false,
        maxAge: YEAR_SECONDS * 1000,
        immutable: true,
      });
      return;
    }
    await app.register(s3Uploads, { store });
  },
  { name: 'uploads', dependencies: ['image-store'] },
);

/** `/uploads/:name` from the bucket: a redirect to S3_PUBLIC_URL, or the object streamed. */
async function s3Uploads(app: FastifyInstance, options: { store: S3ImageStore }) {
  const { store } = options;
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    if (!isImageName(name)) return reply.callNotFound();
    if (store.publicUrl) {
      reply.header('cache-control', uploadRedirectCacheControl);
      return reply.redirect(`${store.publicUrl}/uploads/${encodeURIComponent(name)}`, 302);
    }
    const ifNoneMatch = request.headers['if-none-match'];
    const opened = await store.open(name, ifNoneMatch);
    if (opened === null) return reply.callNotFound();
    reply.header('cache-control', uploadCacheControl);
    if (opened === 'not-modified') {
      if (ifNoneMatch) reply.header('etag', ifNoneMatch);
      return reply.code(304).send();
    }
    if (opened.etag) reply.header('etag', opened.etag);
    if (opened.lastModified) reply.header('last-modified', opened.lastModified.toUTCString());
    if (opened.contentLength !== undefined) reply.header('content-length', opened.contentLength);
    return reply.type(opened.contentType).send(opened.body);
  });
}
