/**
 * Image intake for `POST /api/images` (DESIGN.md §4): the bytes decide, never the file name or
 * the client's content type. An accepted image is decoded with a pixel cap (decompression bombs),
 * turned upright from its EXIF orientation, shrunk to fit 1600×1600, re-encoded as WebP without
 * any metadata (EXIF GPS, XMP, ICC), and stored content-addressed as
 * `<uploadsDir>/<first 16 hex of sha256>.webp` (served under `/uploads/` with immutable caching).
 */
import { createHash } from 'node:crypto';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { limits } from '../../../contract/limits.js';
import { httpError } from '../../lib/http-error.js';

/** Largest stored width and height (pixels). */
export const storedImageMaxSide = 1600;

/** sharp's format names of the accepted types: JPEG, PNG, WebP, GIF, and AVIF (a HEIF file). */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

/**
 * Checks, normalises and stores one uploaded image.
 * @param input the uploaded bytes (already capped at `limits.imageMaxBytes` by the route)
 * @returns the public URL, e.g. `/uploads/0123456789abcdef.webp`, and the stored size in bytes
 * @throws HttpError 400 when the bytes are not a JPEG, PNG, WebP, GIF or AVIF image, exceed
 *   `limits.imageMaxPixels`, or cannot be decoded.
 */
export async function storeImage(
  input: Buffer,
  uploadsDir: string,
): Promise<{ url: string; bytes: number }> {
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
  await mkdir(uploadsDir, { recursive: true });
  try {
    await writeFile(path.join(uploadsDir, name), output, { flag: 'wx' });
  } catch (error) {
    // The same picture uploaded again: the file is already there, byte for byte. It is new to
    // this upload, so it gets the clean-up's full grace period again (jobs/clean-uploads.ts).
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const now = new Date();
    await utimes(path.join(uploadsDir, name), now, now);
  }
  return { url: `/uploads/${name}`, bytes: output.length };
}
