/**
 * Image intake for `POST /api/images` (decision 0017): the bytes decide, never the file name or
 * the client's content type. An accepted image is decoded with a pixel cap (decompression bombs),
 * turned upright from its EXIF orientation, shrunk to fit 1600×1600, re-encoded as WebP without
 * any metadata (EXIF GPS, XMP, ICC), and stored content-addressed as
 * `<first 16 hex of sha256>.webp` in the image store (disk or S3, decision 0023; served under
 * `/uploads/` with immutable caching), with its responsive variants beside it (320/640/1280 px
 * WebP and JPEG; image-variants.ts). Its perceptual hash (pHash, decision 0028) is computed from
 * the stored bytes, for the duplicate-photo check.
 *
 * Decoding is bounded so that a small crafted file cannot hold the server (docs/reliability.md,
 * the fourth attack): before anything is decoded, a JPEG's scans are counted
 * ({@link countJpegScans}; at most `limits.imageMaxJpegScans`) and the header's width and height
 * checked (each at most `limits.imageMaxSide`, together at most `limits.imageMaxPixels`); every
 * sharp pipeline has a time limit ({@link imageDecodeTimeoutSeconds}); and all image work runs
 * in {@link imageQueue}, one image at a time with a few waiting, so it holds at most one of
 * libuv's threads (4 by default, `UV_THREADPOOL_SIZE`), which password hashing, file reads and
 * compression share. libvips' own threads per image are set with `sharp.concurrency` (app.ts).
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { limits } from '#contract/limits.js';
import { boundedQueue } from '../lib/bounded-queue.js';
import { httpError } from '../lib/http-error.js';
import type { ImageStore } from './image-store.js';
import { photoHash } from '../trust/photo-hash.js';
import { writeImageVariants } from './image-variants.js';

/** Largest stored width and height (pixels). */
export const storedImageMaxSide = 1600;

/** sharp's format names of the accepted types: JPEG, PNG, WebP, GIF, and AVIF (a HEIF file). */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

/** The longest one sharp pipeline of an upload may run (seconds; sharp's `timeout`). */
export const imageDecodeTimeoutSeconds = 10;

/**
 * The queue of image work (uploads and on-demand variants): one image decoded at a time, up to
 * 8 waiting; past that `POST /api/images` answers 503 with `retry-after`. Uploads wait here, so
 * sign-in, `/uploads/` file serving and compression never wait behind a decode.
 */
export const imageQueue = boundedQueue({
  concurrency: 1,
  maxWaiting: 8,
  busyMessage: 'Too many pictures are being processed right now; please try again shortly.',
  retryAfterSeconds: 10,
});

/**
 * Counts the scans (SOS segments) of a JPEG by walking its segments, without decoding: every
 * marker segment is skipped by its length, and a scan's entropy-coded data up to the next marker
 * that is neither a stuffed 0xFF00 nor a restart marker (RSTn) (ITU-T T.81, B.1.1.2–B.1.1.5).
 * @param jpeg the file's bytes (starting with SOI, 0xFFD8)
 * @param stopAfter stops counting once this many are found (the caller refuses more anyway)
 * @returns the number of scans found before EOI, the end of the bytes or `stopAfter`.
 */
export function countJpegScans(jpeg: Buffer, stopAfter = Number.POSITIVE_INFINITY): number {
  let scans = 0;
  let at = 2;
  while (at + 3 < jpeg.length && scans < stopAfter) {
    if (jpeg[at] !== 0xff) return scans;
    const marker = jpeg[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return scans; // EOI
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // TEM and RSTn have no length
      continue;
    }
    let next = at + 2 + jpeg.readUInt16BE(at + 2);
    if (marker === 0xda) {
      scans += 1;
      while (next + 1 < jpeg.length) {
        if (jpeg[next] === 0xff) {
          const following = jpeg[next + 1]!;
          if (following !== 0x00 && !(following >= 0xd0 && following <= 0xd7)) break;
        }
        next += 1;
      }
    }
    at = next;
  }
  return scans;
}

/**
 * Checks, normalises and stores one uploaded image, in {@link imageQueue}.
 * @throws HttpError 503 (with `retry-after`) when the queue is full; the errors of
 *   {@link processImage} otherwise.
 */
export function storeImage(
  input: Buffer,
  store: ImageStore,
): Promise<{ url: string; bytes: number; phash: bigint }> {
  return imageQueue.run(() => processImage(input, store));
}

/**
 * Checks, normalises and stores one uploaded image.
 * @param input the uploaded bytes (already capped at `limits.imageMaxBytes` by the route)
 * @returns the public URL, e.g. `/uploads/0123456789abcdef.webp` (the original; variant URLs
 *   follow from it, `contract/images.ts`), the original's size in bytes and its 64-bit pHash
 * @throws HttpError 400 when the bytes are not a JPEG, PNG, WebP, GIF or AVIF image, have more
 *   than `limits.imageMaxJpegScans` scans (JPEG), are wider or higher than `limits.imageMaxSide`,
 *   exceed `limits.imageMaxPixels`, take longer than {@link imageDecodeTimeoutSeconds} to
 *   decode, or cannot be decoded.
 */
async function processImage(
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
  if (metadata.format === 'jpeg') {
    const scans = countJpegScans(input, limits.imageMaxJpegScans + 1);
    if (scans > limits.imageMaxJpegScans) {
      throw httpError(
        400,
        `The JPEG has too many scans: at most ${limits.imageMaxJpegScans} (a photo has about 10)`,
      );
    }
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width > limits.imageMaxSide || height > limits.imageMaxSide) {
    throw httpError(
      400,
      `The image is too large: at most ${limits.imageMaxSide} pixels wide and high (this one is ${width} × ${height})`,
    );
  }
  const pixels = width * height;
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
      .timeout({ seconds: imageDecodeTimeoutSeconds })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /timeout/i.test(error.message)) {
      throw httpError(
        400,
        `The image took too long to decode (more than ${imageDecodeTimeoutSeconds} seconds)`,
      );
    }
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
