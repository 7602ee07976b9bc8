/**
 * A picture in the width the screen needs (decision 0017). For one of our uploads
 * (`/uploads/<base>.webp`, contract/images.ts) it renders
 *
 *     <picture>
 *       <source type="image/webp" srcset="…-320w.webp 320w, …-640w.webp 640w, …-1280w.webp 1280w" sizes>
 *       <img src="<original>" srcset="…-320w.jpg 320w, …" sizes width height alt loading decoding>
 *     </picture>
 *
 * so the browser picks the smallest variant that fills the slot at its pixel density, WebP when it
 * can and JPEG otherwise. Any other URL (static pictures under `/`, external photos) has no
 * variants and becomes a plain `<img src>`. `width` and `height` are the picture's intrinsic
 * size (its aspect ratio), so the page never shifts while it loads. The `<picture>` is
 * `display: contents`, so the `<img>` sizes and styles exactly as it would on its own.
 */
import type { ImgHTMLAttributes } from 'react';
import { imageSrcSet } from '../../contract/images';

export interface ResponsiveImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'alt'
> {
  /** The stored URL (an upload's original, or any other picture). */
  src: string;
  /** Text alternative; `''` for a decorative picture. */
  alt: string;
  /** Intrinsic width and height in pixels (their ratio is what matters). */
  width: number;
  height: number;
  /** The slot's width per media condition, e.g. `(min-width: 1024px) 400px, 100vw`. */
  sizes: string;
}

export function ResponsiveImage({ src, sizes, alt, ...img }: ResponsiveImageProps) {
  const webp = imageSrcSet(src, 'webp');
  const jpeg = imageSrcSet(src, 'jpeg');
  if (!webp || !jpeg) return <img src={src} alt={alt} {...img} />;
  return (
    <picture className="contents">
      <source type="image/webp" srcSet={webp} sizes={sizes} />
      {/* `src` stays the stored URL: with `w` descriptors a browser that reads srcset never
          uses it as a candidate, and the markup still names the picture the API returned. */}
      <img src={src} srcSet={jpeg} sizes={sizes} alt={alt} {...img} />
    </picture>
  );
}

/** `sizes` of a listing card's photo in the 1/2/3-column grids (≤ 400 px wide from 1024 px). */
export const cardImageSizes = '(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw';
