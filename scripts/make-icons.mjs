/**
 * Makes the web app manifest's PNG icons (decision 0045) from src/web/public/favicon.svg with
 * sharp: 192 and 512 px "any" icons, a 512 px maskable icon (the mark inside the 80 % safe zone
 * on the brand colour, so a launcher's circle or squircle mask never cuts it), and a 96 px
 * monochrome badge for notifications. Run `node scripts/make-icons.mjs` after changing the
 * favicon; the PNGs are committed (small, and the build needs no image work).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const dir = path.resolve('src/web/public');
const svg = readFileSync(path.join(dir, 'favicon.svg'));
const brand = '#0f766e';

for (const size of [192, 512]) {
  await sharp(svg, { density: 600 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(dir, 'icons', `icon-${size}.png`));
}

const inner = Math.round(512 * 0.7);
const mark = await sharp(svg, { density: 600 }).resize(inner, inner).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: brand } })
  .composite([{ input: mark, gravity: 'center' }])
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(dir, 'icons', 'maskable-512.png'));

// A badge is drawn by its alpha channel only: the white mark on transparency.
const badge = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="17" fill="none" stroke="#fff" stroke-width="6"/><circle cx="32" cy="32" r="5" fill="#fff"/><path d="M32 15v12M32 37v12M15 32h12M37 32h12" stroke="#fff" stroke-width="4"/></svg>',
);
await sharp(badge, { density: 600 })
  .resize(96, 96)
  .png({ compressionLevel: 9 })
  .toFile(path.join(dir, 'icons', 'badge-96.png'));
