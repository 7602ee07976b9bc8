/**
 * Renders the demo pictures (SVG → sharp → WebP) and stores them in the uploads folder under
 * content-hashed names, because `/uploads/` is served with a year-long immutable cache
 * (plugins/web.ts): new bytes must get a new URL.
 */
import { createHash } from 'node:crypto';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** WebP quality of the demo pictures (1–100). */
export const DEMO_WEBP_QUALITY = 80;

/**
 * How many pictures are rendered at once. SVG rasterising is serialised inside libvips/librsvg,
 * but WebP encoding runs on libuv's thread pool (4 threads), so a batch keeps both cores busy.
 */
const RENDER_BATCH = 8;

/** Renders an SVG document (its own width and height, 72 dpi) to WebP bytes. */
export async function renderSvgToWebp(svg: string, quality = DEMO_WEBP_QUALITY): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality }).toBuffer();
}

/** File name of demo picture bytes: `demo-<first 16 hex digits of their SHA-256>.webp`. */
export function demoImageFileName(bytes: Buffer): string {
  return `demo-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.webp`;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes `bytes` into `uploadsDir` under their content-hashed name, unless that file already
 * exists (same name, same bytes). Writes to a temporary name first, so a crash never leaves a
 * half-written file under the final name.
 * @returns the public URL, `/uploads/<file>`.
 */
export async function storeDemoImage(uploadsDir: string, bytes: Buffer): Promise<string> {
  const name = demoImageFileName(bytes);
  const target = path.join(uploadsDir, name);
  if (!(await exists(target))) {
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  }
  return `/uploads/${name}`;
}

/**
 * Renders every SVG and stores it in `uploadsDir` (created if missing), a few at a time.
 * @returns the `/uploads/…` URLs, in the order of `svgs`.
 */
export async function renderDemoImages(
  uploadsDir: string,
  svgs: readonly string[],
): Promise<string[]> {
  await mkdir(uploadsDir, { recursive: true });
  const urls: string[] = [];
  for (let start = 0; start < svgs.length; start += RENDER_BATCH) {
    const batch = svgs.slice(start, start + RENDER_BATCH);
    urls.push(
      ...(await Promise.all(
        batch.map(async (svg) => storeDemoImage(uploadsDir, await renderSvgToWebp(svg))),
      )),
    );
  }
  return urls;
}
