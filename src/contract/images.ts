/**
 * Responsive image variants of uploaded pictures ("several photos"; decision 0017).
 *
 * An upload is stored once as its original, `/uploads/<base>.webp`, where `<base>` is 16 hex
 * digits of its SHA-256 (server `storage/images.ts`) or `demo-` and 16 hex digits (demo data).
 * Next to it the server keeps one file per width and format:
 *
 *     /uploads/<base>-<width>w.<ext>     e.g. /uploads/0123456789abcdef-640w.webp
 *
 * with `width` in {@link imageVariantWidths} and `ext` `webp` or `jpg` (JPEG, the fallback for
 * browsers without WebP). A variant is at most `width` pixels wide and never wider than the
 * original (no upscaling), aspect ratio kept. The stored values (`product_image`,
 * `product_images`, a user's `image`) stay the original URL; the web derives variant URLs with
 * {@link imageVariantUrl} and {@link imageSrcSet}. Any other URL (static files under `/`,
 * external pictures) has no variants: those functions return `null` for it.
 */

/** Variant widths in CSS pixels, smallest first. */
export const imageVariantWidths = [320, 640, 1280] as const;
export type ImageVariantWidth = (typeof imageVariantWidths)[number];

/** Variant formats: WebP first (smaller), JPEG as the fallback every browser decodes. */
export const imageVariantFormats = ['webp', 'jpeg'] as const;
export type ImageVariantFormat = (typeof imageVariantFormats)[number];

/** File extension of each variant format. */
export const imageVariantExtensions: Record<ImageVariantFormat, string> = {
  webp: 'webp',
  jpeg: 'jpg',
};

/** An original upload's URL; group 1 is its `<base>`. */
const originalUrlPattern = /^\/uploads\/((?:demo-)?[0-9a-f]{16})\.webp$/;

/** A variant's file name; groups: base, width, extension. */
const variantNamePattern = /^((?:demo-)?[0-9a-f]{16})-(\d+)w\.(webp|jpg)$/;

/** True when `url` is an original upload that has variants (`/uploads/<base>.webp`). */
export function hasImageVariants(url: string): boolean {
  return originalUrlPattern.test(url);
}

/**
 * The URL of one variant of an uploaded picture.
 * @param url the original, e.g. `/uploads/0123456789abcdef.webp`
 * @param width one of {@link imageVariantWidths}
 * @param format `webp` or `jpeg`
 * @returns e.g. `/uploads/0123456789abcdef-640w.webp`, or `null` when `url` is not an upload
 *   with variants.
 */
export function imageVariantUrl(
  url: string,
  width: ImageVariantWidth,
  format: ImageVariantFormat,
): string | null {
  const match = originalUrlPattern.exec(url);
  if (!match) return null;
  return `/uploads/${match[1]}-${width}w.${imageVariantExtensions[format]}`;
}

/**
 * An `srcset` attribute listing every width of one format, e.g.
 * `/uploads/…-320w.webp 320w, /uploads/…-640w.webp 640w, /uploads/…-1280w.webp 1280w`.
 * @returns `null` when `url` is not an upload with variants.
 */
export function imageSrcSet(url: string, format: ImageVariantFormat): string | null {
  if (!hasImageVariants(url)) return null;
  return imageVariantWidths
    .map((width) => `${imageVariantUrl(url, width, format)} ${width}w`)
    .join(', ');
}

/** One variant file, parsed back. */
export interface ParsedImageVariant {
  /** The original's file name, `<base>.webp`. */
  original: string;
  width: ImageVariantWidth;
  format: ImageVariantFormat;
}

/**
 * Parses a file name in the uploads folder as a variant (`<base>-<width>w.<webp|jpg>`).
 * @returns the original's file name, width and format, or `null` for an original, a width not
 *   in {@link imageVariantWidths}, or any other name.
 */
export function parseImageVariantName(name: string): ParsedImageVariant | null {
  const match = variantNamePattern.exec(name);
  if (!match) return null;
  const width = Number(match[2]);
  if (!(imageVariantWidths as readonly number[]).includes(width)) return null;
  return {
    original: `${match[1]}.webp`,
    width: width as ImageVariantWidth,
    format: match[3] === 'jpg' ? 'jpeg' : 'webp',
  };
}
