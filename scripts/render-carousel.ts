/**
 * Renders the home page's three static carousel pictures (docs/product.md §2 Home, item 1) with the demo
 * vehicle drawings: 1600 × 640 WebP files in src/web/public/carousel/car-{1,2,3}.webp.
 * The outputs are committed; run again after changing the drawings:
 *   npx tsx scripts/render-carousel.ts
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { carouselSvgs } from '../src/server/db/demo/art/pictures.js';
import { renderSvgToWebp } from '../src/server/db/demo/images.js';

/** WebP quality of the carousel pictures; keeps each under ~120 KB. */
const QUALITY = 80;

const outDir = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/web/public/carousel',
);

await mkdir(outDir, { recursive: true });
for (const [i, svg] of carouselSvgs().entries()) {
  const bytes = await renderSvgToWebp(svg, QUALITY);
  const file = path.join(outDir, `car-${i + 1}.webp`);
  await writeFile(file, bytes);
  console.log(`${path.relative(process.cwd(), file)}  ${(bytes.length / 1024).toFixed(0)} KB`);
}
