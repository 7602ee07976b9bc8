/**
 * Image intake for `POST /api/images` (DESIGN.md §4): the bytes decide, never the file name or
 * the client's content type. An accepted image is decoded with a pixel cap (decompression bombs),
 * turned upright from its EXIF orientation, shrunk to fit 1600×1600, re-encoded as WebP without
 * any metadata (EXIF GPS, XMP, ICC), and stored content-addressed as
 * `<first 16 hex of sha256>.webp` in the image store (disk or S3, decision 0023; served under
 * `/uploads/` with immutable caching), with its responsive variants beside it (320/640/1280 px
 * WebP and JPEG; image-variants.ts). Its perceptual hash (pHash, decision 0028) is computed from
 * the stored bytes, for the duplicate-photo check.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { limits } from '#contract/limits.js';
import { httpError } from '../../lib/http-error.js';
import type { ImageStore } from '../../storage/image-store.js';
import { photoHash } from '../../trust/photo-hash.js';
import { writeImageVariants } from './image-variants.js';

/** Largest stored width and height (pixels). */
export const storedImageMaxSide = 1600;

/** sharp's format names of the accepted types: JPEG, PNG, WebP, GIF, and AVIF (a HEIF file). */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

/**
 * Checks, normalises and stores one uploaded image.
 * @param input the uploaded bytes (already capped at `limits.imageMaxBytes` by the route)
 * @returns the public URL, e.g. `/uploads/0123456789abcdef.webp` (the original; variant URLs
 *   follow from it, `contract/images.ts`), the original's size in bytes and its 64-bit pHash
 * @throws HttpError 400 when the bytes are not a JPEG, PNG, WebP, GIF or AVIF image, exceed
 *   `limits.imageMaxPixels`, or cannot be decoded.
 */
export async function storeImage(
  input: Buffer,
  store: ImageStore,
): Promise<{ url: string; bytes: number; phash: bigint }> {
  let metadata: Metadata;
  try {
    // Reads the header only; the pixel cap is checked below with a clearer message.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw httpError(400, 'The file is not an image (JPEG, PNG, WebP, GIF or AVIF)');
  }
  const isAvif = metadata.format === 'heif' && metadata.compression === 'av1';
  if (
    !metadata.format ||
    !acceptedFormats.has(metadata.format) ||
    (metadata.format === 'heif' && !isAvif)
  ) {
    throw httpError(400, 'Only JPEG, PNG, WebP, GIF and AVIF images are accepted');
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels === 0 || pixels > limits.imageMaxPixels) {
    throw httpError(
      400,
      `The image is too large: at most ${limits.imageMaxPixels / 1_000_000} megapixels`,
    );
  }

  let output: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: limits.imageMaxPixels, failOn: 'error' })
      .rotate()
      .resize(storedImageMaxSide, storedImageMaxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw httpError(400, 'The image could not be read; it may be damaged');
  }

  const name = `${createHash('sha256').update(output).digest('hex').slice(0, 16)}.webp`;
  // Written even when the same picture is there already (same name, same bytes): the new write
  // gives it the clean-up's full grace period again (jobs/clean-uploads.ts).
  await store.put(name, output);
  // Missing ones only: a repeated upload finds them there already.
  await writeImageVariants(store, name, output);
  return { url: `/uploads/${name}`, bytes: output.length, phash: await photoHash(output) };
}
