/**
 * Responsive variants of uploaded pictures (decision 0017; naming in
 * `contract/images.ts`): for an original `<base>.webp` in the image store, one file per width in
 * `imageVariantWidths` (320, 640, 1280 px) and format (WebP, and JPEG as the fallback), named
 * `<base>-<width>w.<webp|jpg>`, at most that wide and never wider than the original.
 *
 * They are made at upload (`storeImage`) and when demo data is drawn. Uploads that exist without
 * them (stored before variants existed, or restored from a backup of originals only) get them on
 * demand: {@link imageVariantsPlugin} notices a request for a missing variant of an existing
 * original, makes that original's variants, and lets the upload server answer. The clean-up
 * job (`jobs/clean-uploads.ts`) removes variants together with their original. Every file is
 * read and written through the image store (local disk or S3; decision 0023).
 */
import fp from 'fastify-plugin';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import {
  imageVariantExtensions,
  imageVariantFormats,
  imageVariantWidths,
  parseImageVariantName,
  type ImageVariantFormat,
} from '#contract/images.js';
import type { ImageStore } from './image-store.js';
import { imageQueue } from './images.js';

/** Encoder quality (1–100) of each variant format. */
const variantQuality: Record<ImageVariantFormat, number> = { webp: 78, jpeg: 80 };

/** The variant file names of the original `<base>.webp`, every width and format. */
export function imageVariantNames(originalName: string): string[] {
  const base = originalName.replace(/\.webp$/, '');
  return imageVariantWidths.flatMap((width) =>
    imageVariantFormats.map((format) => `${base}-${width}w.${imageVariantExtensions[format]}`),
  );
}

/**
 * Writes the variants of one original that are missing. Each write is atomic (the store's
 * `put`), so a reader never sees half a file; running it twice (or twice at once) is harmless.
 * JPEG has no transparency: transparent pixels are put on white.
 * @param originalName `<base>.webp`, a file in `store`
 * @param source the original's bytes, when the caller has them (otherwise the file is read)
 * @returns the names written (empty when every variant was already there).
 * @throws when the original is missing, cannot be read or cannot be decoded.
 */
export async function writeImageVariants(
  store: ImageStore,
  originalName: string,
  source?: Buffer,
): Promise<string[]> {
  const base = originalName.replace(/\.webp$/, '');
  const all = imageVariantWidths.flatMap((width) =>
    imageVariantFormats.map((format) => ({
      name: `${base}-${width}w.${imageVariantExtensions[format]}`,
      width,
      format,
    })),
  );
  // Asked together: with S3 each check is a request.
  const present = await Promise.all(all.map((variant) => store.exists(variant.name)));
  const wanted = all.filter((_variant, i) => !present[i]);
  if (wanted.length === 0) return [];
  // Decoded once, flattened for JPEG, and shrunk to the largest width; every variant is resized
  // from these raw pixels (cheaper than decoding the original six times).
  const input = source ?? (await store.read(originalName));
  if (!input) throw new Error(`image variants: the original ${originalName} is missing`);
  const largest = imageVariantWidths[imageVariantWidths.length - 1];
  const { data, info } = await sharp(input, { failOn: 'error' })
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  await Promise.all(
    wanted.map(async ({ name, width, format }) => {
      let pipeline = sharp(data, { raw });
      if (width < info.width) pipeline = pipeline.resize({ width });
      pipeline =
        format === 'webp'
          ? pipeline.webp({ quality: variantQuality.webp })
          : pipeline
              .flatten({ background: '#ffffff' })
              .jpeg({ quality: variantQuality.jpeg, progressive: true });
      await store.put(name, await pipeline.toBuffer());
    }),
  );
  return wanted.map((variant) => variant.name);
}

/** Variants being made on demand, by original name: concurrent requests share one run. */
const inFlight = new Map<string, Promise<unknown>>();

/**
 * Makes sure the variant `name` exists when its original does (the on-demand back-fill).
 * @returns true when the variant exists afterwards; false when `name` is not a variant name or
 *   its original is missing (the static server then answers 404 as for any unknown file).
 */
export async function ensureImageVariant(store: ImageStore, name: string): Promise<boolean> {
  const parsed = parseImageVariantName(name);
  if (!parsed) return false;
  if (await store.exists(name)) return true;
  if (!(await store.exists(parsed.original))) return false;
  let run = inFlight.get(parsed.original);
  if (!run) {
    // In the image queue: a burst of back-fills waits there, never in libuv's shared pool.
    run = imageQueue
      .run(() => writeImageVariants(store, parsed.original))
      .finally(() => inFlight.delete(parsed.original));
    inFlight.set(parsed.original, run);
  }
  await run;
  return true;
}

/**
 * The on-demand back-fill: before `/uploads/<base>-<width>w.<ext>` is served (from disk, the
 * bucket, or by a redirect to it), makes that original's variants if they are missing. A broken
 * original is logged and the request goes on to an ordinary 404.
 */
export const imageVariantsPlugin = fp(
  async (app: FastifyInstance, options: { store: ImageStore }) => {
    // A callback hook: every other request costs one check and no promise.
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return done();
      if (!request.url.startsWith('/uploads/')) return done();
      const name = (request.url.split('?')[0] ?? '').slice('/uploads/'.length);
      if (!parseImageVariantName(name)) return done();
      ensureImageVariant(options.store, name).then(
        () => done(),
        (error: unknown) => {
          request.log.warn({ err: error, name }, 'could not make an image variant');
          done();
        },
      );
    });
  },
  { name: 'image-variants' },
);
