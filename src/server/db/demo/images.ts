/**
 * Renders the demo pictures (SVG → sharp → WebP) and stores them in the image store (disk or
 * S3, decision 0023) under content-hashed names, because `/uploads/` is served with a year-long
 * immutable cache (plugins/uploads.ts): new bytes must get a new URL.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { writeImageVariants } from '../../storage/image-variants.js';
import type { ImageStore } from '../../storage/image-store.js';

/** WebP quality of the demo pictures (1–100). */
export const DEMO_WEBP_QUALITY = 80;

/**
 * WebP encoder effort of the demo pictures (0–6): 0 encodes a drawing in under half the time of
 * sharp's default 4 for about a third more bytes, and the pages serve the responsive variants,
 * not these originals (measured in docs/benchmarks.md, "Demo seeding").
 */
export const DEMO_WEBP_EFFORT = 0;

/**
 * How many pictures are rendered at once. SVG rasterising is serialised inside libvips/librsvg,
 * but WebP encoding runs on libuv's thread pool (4 threads), so a batch keeps both cores busy.
 */
const RENDER_BATCH = 8;

/** Renders an SVG document (its own width and height, 72 dpi) to WebP bytes. */
export async function renderSvgToWebp(svg: string, quality = DEMO_WEBP_QUALITY): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality, effort: DEMO_WEBP_EFFORT }).toBuffer();
}

/** File name of demo picture bytes: `demo-<first 16 hex digits of their SHA-256>.webp`. */
export function demoImageFileName(bytes: Buffer): string {
  return `demo-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.webp`;
}

/**
 * Stores `bytes` under their content-hashed name, unless that file already exists (same name,
 * same bytes), and, unless `variants` is false, its missing responsive variants (320/640/1280 px
 * WebP and JPEG, contract/images.ts; without them the uploads plugin makes each on its first
 * request). Each write is atomic (the store's `put`), so a crash never leaves a half-written
 * file under the final name.
 * @returns the public URL, `/uploads/<file>` (the original).
 */
export async function storeDemoImage(
  store: ImageStore,
  bytes: Buffer,
  variants = true,
): Promise<string> {
  const name = demoImageFileName(bytes);
  if (!(await store.exists(name))) await store.put(name, bytes);
  if (variants) await writeImageVariants(store, name, bytes);
  return `/uploads/${name}`;
}

/**
 * Renders every SVG and stores it in `store`, a few at a time. `options.variants` false leaves
 * the responsive variants to the first request of each (the pictures a page shows first are
 * made at once; a listing's further views when someone opens its gallery).
 * @returns the `/uploads/…` URLs, in the order of `svgs`.
 */
export async function renderDemoImages(
  store: ImageStore,
  svgs: readonly string[],
  options: { variants?: boolean } = {},
): Promise<string[]> {
  const urls: string[] = [];
  for (let start = 0; start < svgs.length; start += RENDER_BATCH) {
    const batch = svgs.slice(start, start + RENDER_BATCH);
    urls.push(
      ...(await Promise.all(
        batch.map(async (svg) =>
          storeDemoImage(store, await renderSvgToWebp(svg), options.variants ?? true),
        ),
      )),
    );
  }
  return urls;
}
