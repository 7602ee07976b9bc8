/**
 * Whole SVG pictures of the demo data: a listing photo (800 × 600), a user's initials avatar
 * (256 × 256) and the home page's wide carousel scenes (1600 × 640). Pure functions from data to
 * SVG text; rendering to WebP lives in ../images.ts.
 */
import { hashText, seededRandom } from '../random.js';
import { ART_BOX, drawArt, shade, type ArtKind } from './vehicles.js';

/** Pixel sizes of the generated pictures. */
export const PICTURE_SIZES = {
  listing: { width: 800, height: 600 },
  avatar: { width: 256, height: 256 },
  carousel: { width: 1600, height: 640 },
} as const;

const FONT = "DejaVu Sans, 'Liberation Sans', Arial, Helvetica, sans-serif";

/** Background pairs (top, bottom) of listing photos; a listing picks one by its name. */
const BACKDROPS: ReadonlyArray<readonly [string, string]> = [
  ['#1f3b57', '#8fb2cc'],
  ['#3a2d4f', '#c99a8a'],
  ['#203f33', '#94b8a0'],
  ['#4a3b2a', '#d6bd94'],
  ['#2a3340', '#a3afbd'],
  ['#522a2a', '#d5a287'],
  ['#153446', '#6db9b9'],
  ['#2f2f45', '#a8a6c9'],
];

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

export interface ListingArt {
  /** The drawing: a vehicle silhouette or a part. */
  kind: ArtKind;
  /** Paint colour as `#rrggbb`. */
  paint: string;
  electric?: boolean;
  /** Large caption, e.g. the make ("Toyota"). */
  title: string;
  /** Smaller caption under it, e.g. "Corolla 2016 1.8 LE". */
  subtitle: string;
}

/** An 800 × 600 "studio photo" of a listing: backdrop, soft light, drawing, shadow, captions. */
export function listingSvg(art: ListingArt): string {
  const { width, height } = PICTURE_SIZES.listing;
  const [top, bottom] = BACKDROPS[hashText(art.title + art.subtitle) % BACKDROPS.length]!;
  const floorY = 468;
  const scale = art.kind === 'motorcycle' || art.kind === 'battery' ? 1.05 : 1.1;
  const artWidth = ART_BOX.width * scale;
  const artX = (width - artWidth) / 2;
  const artY = floorY - ART_BOX.height * scale;
  const title = escapeXml(art.title.toUpperCase());
  const subtitle = escapeXml(
    art.subtitle.length > 40 ? `${art.subtitle.slice(0, 39)}…` : art.subtitle,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="${top}"/><stop offset="0.78" stop-color="${bottom}"/>
</linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="${shade(bottom, -0.25)}"/><stop offset="1" stop-color="${shade(top, -0.35)}"/>
</linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
<stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
</radialGradient>
<radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5">
<stop offset="0" stop-color="#000000" stop-opacity="0.55"/><stop offset="0.6" stop-color="#000000" stop-opacity="0.35"/><stop offset="1" stop-color="#000000" stop-opacity="0"/>
</radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<ellipse cx="${width / 2}" cy="${floorY - 110}" rx="380" ry="230" fill="url(#glow)"/>
<rect y="${floorY - 6}" width="${width}" height="${height - floorY + 6}" fill="url(#floor)"/>
<rect y="${floorY - 6}" width="${width}" height="2" fill="#ffffff" fill-opacity="0.18"/>
<ellipse cx="${width / 2}" cy="${floorY + 2}" rx="${artWidth * 0.5}" ry="20" fill="url(#shadow)"/>
<g transform="translate(${artX} ${artY}) scale(${scale})">${drawArt(art.kind, { paint: art.paint, id: 'v', electric: art.electric ?? false })}</g>
<g font-family="${FONT}">
<text x="45" y="89" font-size="50" font-weight="700" letter-spacing="3" fill="#000000" fill-opacity="0.3">${title}</text>
<text x="44" y="86" font-size="50" font-weight="700" letter-spacing="3" fill="#ffffff">${title}</text>
<text x="47" y="130" font-size="26" fill="#000000" fill-opacity="0.3">${subtitle}</text>
<text x="46" y="128" font-size="26" fill="#ffffff" fill-opacity="0.92">${subtitle}</text>
</g>
</svg>`;
}

/** Initials of a display name: first letters of its first and last words ("Sam Carter" → "SC"). */
export function initialsOf(displayName: string): string {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** A 256 × 256 avatar: a gradient derived from the name and the initials in white. */
export function avatarSvg(displayName: string): string {
  const { width, height } = PICTURE_SIZES.avatar;
  const hue = hashText(displayName) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue}, 62%, 58%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360}, 58%, 32%)"/>
</linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<circle cx="210" cy="46" r="90" fill="#ffffff" fill-opacity="0.08"/>
<text x="128" y="166" text-anchor="middle" font-family="${FONT}" font-size="104" font-weight="700" fill="#ffffff">${escapeXml(initialsOf(displayName))}</text>
</svg>`;
}

/** A vehicle placed in a carousel scene: art box scaled by `scale`, bottom-left at (x, groundY). */
function placed(
  kind: ArtKind,
  paint: string,
  id: string,
  x: number,
  groundY: number,
  scale: number,
): string {
  const y = groundY - ART_BOX.height * scale;
  const shadowCx = x + (ART_BOX.width * scale) / 2;
  return `<ellipse cx="${shadowCx}" cy="${groundY + 2}" rx="${ART_BOX.width * scale * 0.47}" ry="${10 * scale}" fill="#000000" fill-opacity="0.55" filter="url(#soft)"/>
<g transform="translate(${x} ${y}) scale(${scale})">${drawArt(kind, { paint, id })}</g>`;
}

function road(top: number, bottom: number, width: number, tone: string, line: string): string {
  const dashes = Array.from({ length: 12 }, (_, i) => {
    const x = i * 150 - 40;
    return `<rect x="${x}" y="${(top + bottom) / 2 + 14}" width="80" height="6" rx="3" fill="${line}"/>`;
  }).join('');
  return `<rect y="${top}" width="${width}" height="${bottom - top}" fill="${tone}"/>
<rect y="${top}" width="${width}" height="5" fill="#000000" fill-opacity="0.25"/>
${dashes}`;
}

/** Rolling hills as one closed path across `width`, wave height `amp` above `base`. */
function hills(width: number, base: number, amp: number, seed: number, fill: string): string {
  const random = seededRandom(seed);
  const crest = () => (base - amp * (0.55 + random() * 0.45)).toFixed(1);
  let d = `M 0 ${crest()} Q 120 ${crest()} 240 ${crest()}`;
  for (let x = 480; x <= width + 240; x += 240) d += ` T ${x} ${crest()}`;
  return `<path d="${d} L ${width + 240} 640 L 0 640 Z" fill="${fill}"/>`;
}

const sceneDefs = `<filter id="soft" x="-20%" y="-300%" width="140%" height="700%"><feGaussianBlur stdDeviation="8"/></filter>
<filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="24"/></filter>`;

function sunsetScene(): string {
  const { width, height } = PICTURE_SIZES.carousel;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>${sceneDefs}
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#1d2b53"/><stop offset="0.45" stop-color="#7e4a7e"/><stop offset="0.75" stop-color="#f08a5d"/><stop offset="1" stop-color="#f9c784"/>
</linearGradient>
<radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
<stop offset="0" stop-color="#fff3c4"/><stop offset="0.35" stop-color="#ffd27a" stop-opacity="0.9"/><stop offset="1" stop-color="#ff9e5e" stop-opacity="0"/>
</radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<circle cx="1180" cy="400" r="260" fill="url(#sun)"/>
<circle cx="1180" cy="400" r="78" fill="#fff1c1"/>
${hills(width, 470, 150, 11, '#5b3a63')}
${hills(width, 500, 90, 12, '#3c2a4d')}
${road(520, height, width, '#24202c', '#f4d58d')}
${placed('sedan', '#b3202a', 'a', 380, 612, 1.45)}
</svg>`;
}

function cityScene(): string {
  const { width, height } = PICTURE_SIZES.carousel;
  const random = seededRandom(7);
  const buildings: string[] = [];
  const windows: string[] = [];
  for (let x = -20; x < width;) {
    const w = 70 + Math.floor(random() * 90);
    const h = 140 + Math.floor(random() * 260);
    const top = 520 - h;
    buildings.push(
      `<rect x="${x}" y="${top}" width="${w}" height="${h}" fill="${random() > 0.5 ? '#1b2442' : '#222c4f'}"/>`,
    );
    for (let wy = top + 16; wy < 500; wy += 26) {
      for (let wx = x + 10; wx < x + w - 14; wx += 20) {
        if (random() < 0.32) {
          windows.push(`<rect x="${wx}" y="${wy}" width="9" height="12" fill="#ffd98a"/>`);
        }
      }
    }
    x += w + 6;
  }
  const stars = Array.from({ length: 60 }, () => {
    const cx = Math.floor(random() * width);
    const cy = Math.floor(random() * 220);
    return `<circle cx="${cx}" cy="${cy}" r="${(0.8 + random() * 1.4).toFixed(1)}" fill="#ffffff" fill-opacity="${(0.4 + random() * 0.5).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>${sceneDefs}
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#070b1e"/><stop offset="0.7" stop-color="#24336a"/><stop offset="1" stop-color="#4a4f8a"/>
</linearGradient>
<radialGradient id="beam" cx="0" cy="0.5" r="1">
<stop offset="0" stop-color="#fff6cf" stop-opacity="0.55"/><stop offset="1" stop-color="#fff6cf" stop-opacity="0"/>
</radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
${stars}
<circle cx="240" cy="120" r="46" fill="#f1f0e6"/>
<circle cx="262" cy="108" r="44" fill="#0d1330" fill-opacity="0.9"/>
<g fill-opacity="0.95">${buildings.join('')}</g>
<g fill-opacity="0.8">${windows.join('')}</g>
${road(520, height, width, '#15172a', '#c9cbe0')}
<ellipse cx="1400" cy="560" rx="300" ry="70" fill="url(#beam)" filter="url(#blur)"/>
${placed('suv', '#2f6fb5', 'b', 470, 612, 1.45)}
</svg>`;
}

function countryScene(): string {
  const { width, height } = PICTURE_SIZES.carousel;
  const cloud = (x: number, y: number, s: number) =>
    `<g transform="translate(${x} ${y}) scale(${s})" fill="#ffffff" fill-opacity="0.9"><ellipse cx="0" cy="0" rx="70" ry="26"/><ellipse cx="40" cy="-18" rx="46" ry="30"/><ellipse cx="-34" cy="-10" rx="36" ry="22"/><ellipse cx="80" cy="2" rx="44" ry="20"/></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>${sceneDefs}
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#3f8fd2"/><stop offset="0.7" stop-color="#a9dcf5"/><stop offset="1" stop-color="#e7f6fb"/>
</linearGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<circle cx="1380" cy="110" r="56" fill="#fff8d6"/>
${cloud(260, 120, 1.2)}${cloud(820, 80, 0.9)}${cloud(1180, 190, 0.8)}
${hills(width, 440, 150, 21, '#7fb37a')}
${hills(width, 500, 110, 22, '#4f8f55')}
${road(520, height, width, '#3b3d42', '#f2f2f2')}
${placed('motorcycle', '#1f9d55', 'c', 1060, 612, 0.9)}
${placed('pickup', '#e0762b', 'd', 180, 612, 1.45)}
</svg>`;
}

/** The three 1600 × 640 scenes of the home page's static carousel (docs/product.md §2 Home, item 1). */
export function carouselSvgs(): string[] {
  return [sunsetScene(), cityScene(), countryScene()];
}
