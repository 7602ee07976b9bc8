/**
 * Stylised side views of vehicles and parts as SVG fragments, drawn locally for the demo data
 * (nothing is downloaded). Every drawing sits in a 600 × 260 box whose bottom edge (y = 260) is
 * the ground; the front of a vehicle faces right. Callers place it with a `transform`.
 */

/** What a drawing shows; the demo catalogue picks one per listing. */
export type ArtKind =
  | 'sedan'
  | 'hatchback'
  | 'suv'
  | 'pickup'
  | 'van'
  | 'motorcycle'
  | 'wheels'
  | 'roofbox'
  | 'battery';

export interface ArtStyle {
  /** Paint colour as `#rrggbb`. */
  paint: string;
  /** Prefix that keeps gradient ids unique when several drawings share one SVG. */
  id: string;
  /** Adds the lightning-bolt badge of an electric vehicle. */
  electric?: boolean;
}

/** Width and height of the box every drawing fills (SVG user units). */
export const ART_BOX = { width: 600, height: 260 } as const;

/** Mixes `hex` towards white (`amount` > 0) or black (`amount` < 0); `amount` in [-1, 1]. */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  const target = amount >= 0 ? 255 : 0;
  const mixed = channels.map((c) => Math.round(c + (target - c) * Math.abs(amount)));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance in [0, 1] (sRGB, roughly): picks light or dark details on a paint. */
export function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const r = (value >> 16) & 255;
  const g = (value >> 8) & 255;
  const b = value & 255;
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** The shared gradients of one drawing: paint, glass, rim and tyre. */
function defs(style: ArtStyle): string {
  const { id, paint } = style;
  return `<defs>
<linearGradient id="${id}-paint" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="${shade(paint, 0.38)}"/>
<stop offset="0.42" stop-color="${shade(paint, 0.08)}"/>
<stop offset="0.55" stop-color="${paint}"/>
<stop offset="1" stop-color="${shade(paint, -0.45)}"/>
</linearGradient>
<linearGradient id="${id}-glass" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="#d9e8f3"/>
<stop offset="0.45" stop-color="#7d97ad"/>
<stop offset="1" stop-color="#2a3644"/>
</linearGradient>
<radialGradient id="${id}-rim" cx="0.4" cy="0.35" r="0.75">
<stop offset="0" stop-color="#f4f6f8"/>
<stop offset="0.6" stop-color="#aab1b9"/>
<stop offset="1" stop-color="#5d646c"/>
</radialGradient>
<radialGradient id="${id}-tyre" cx="0.5" cy="0.5" r="0.5">
<stop offset="0.7" stop-color="#2a2b30"/>
<stop offset="1" stop-color="#111214"/>
</radialGradient>
</defs>`;
}

/** A wheel: tyre, alloy rim with `spokes` spokes and a hub. */
function wheel(id: string, cx: number, cy: number, r: number, spokes = 5): string {
  const rim = r * 0.64;
  const spokeShapes = Array.from({ length: spokes }, (_, i) => {
    const angle = (360 / spokes) * i;
    return `<rect x="${cx - rim * 0.09}" y="${cy - rim * 0.92}" width="${rim * 0.18}" height="${rim * 0.8}" rx="${rim * 0.06}" fill="#6b727a" transform="rotate(${angle} ${cx} ${cy})"/>`;
  }).join('');
  return `<g>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${id}-tyre)"/>
<circle cx="${cx}" cy="${cy}" r="${r * 0.9}" fill="none" stroke="#3a3b41" stroke-width="${r * 0.04}"/>
<circle cx="${cx}" cy="${cy}" r="${rim}" fill="url(#${id}-rim)"/>
<circle cx="${cx}" cy="${cy}" r="${rim * 0.93}" fill="#3b4148"/>
${spokeShapes}
<circle cx="${cx}" cy="${cy}" r="${rim * 0.93}" fill="none" stroke="url(#${id}-rim)" stroke-width="${rim * 0.14}"/>
<circle cx="${cx}" cy="${cy}" r="${rim * 0.2}" fill="url(#${id}-rim)"/>
<circle cx="${cx}" cy="${cy}" r="${rim * 0.07}" fill="#4a5058"/>
</g>`;
}

/** Upper wheel-arch path segment from the rear end of an arch to its front end, over the top. */
function arch(cx: number, sillY: number, wheelY: number, r: number, fromRight: boolean): string {
  const half = Math.sqrt(r * r - (sillY - wheelY) ** 2);
  const end = fromRight ? cx - half : cx + half;
  return `A ${r} ${r} 0 1 ${fromRight ? 0 : 1} ${end.toFixed(1)} ${sillY}`;
}

function archStart(cx: number, sillY: number, wheelY: number, r: number): number {
  return Number((cx + Math.sqrt(r * r - (sillY - wheelY) ** 2)).toFixed(1));
}

/** Lightning-bolt badge of an electric vehicle, centred at (x, y). */
function bolt(x: number, y: number, size: number, colour: string): string {
  const s = size / 20;
  return `<path transform="translate(${x - 10 * s} ${y - 14 * s}) scale(${s})" d="M12 0 L0 16 L9 16 L7 28 L20 10 L11 10 Z" fill="${colour}"/>`;
}

interface CarShape {
  body: string;
  glass: string;
  /** Body-coloured pillars drawn over the glass. */
  pillars: string;
  /** Door cut lines and other panel seams. */
  seams: string;
  handles: Array<[number, number]>;
  headlight: string;
  taillight: string;
  wheels: Array<[number, number]>;
  wheelR: number;
  /** The sill height (y) where the wheel arches meet the bottom of the body. */
  sill: number;
  /** Wheel-arch radius. */
  archR: number;
  shoulder: string;
  extra?: string;
  badge: [number, number];
}

function car(shape: CarShape, style: ArtStyle): string {
  const { id } = style;
  const dark = shade(style.paint, -0.55);
  const light = luminance(style.paint) < 0.35 ? '#e6edf3' : '#1d2a36';
  return `<g>${defs(style)}
<path d="${shape.body}" fill="url(#${id}-paint)" stroke="${dark}" stroke-width="2"/>
<path d="${shape.glass}" fill="url(#${id}-glass)" stroke="${shade(style.paint, -0.6)}" stroke-width="3"/>
${shape.pillars ? `<path d="${shape.pillars}" fill="${shade(style.paint, -0.2)}"/>` : ''}
<path d="${shape.shoulder}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="3" stroke-linecap="round"/>
<path d="${shape.seams}" fill="none" stroke="${dark}" stroke-opacity="0.7" stroke-width="2" stroke-linecap="round"/>
${shape.handles.map(([x, y]) => `<rect x="${x}" y="${y}" width="24" height="6" rx="3" fill="${shade(style.paint, -0.35)}"/>`).join('')}
<path d="${shape.headlight}" fill="#fff6cf" stroke="${dark}" stroke-width="1.5"/>
<path d="${shape.taillight}" fill="#d7262e" stroke="${dark}" stroke-width="1.5"/>
${shape.extra ?? ''}
${style.electric ? bolt(shape.badge[0], shape.badge[1], 26, light) : ''}
${shape.wheels.map(([x, y]) => wheelWell(x, shape.sill, y, shape.archR) + wheel(id, x, y, shape.wheelR)).join('')}
</g>`;
}

/** The dark space inside a wheel arch, behind the wheel. */
function wheelWell(cx: number, sillY: number, wheelY: number, r: number): string {
  const inner = r - 2;
  return `<path d="M ${archStart(cx, sillY, wheelY, inner)} ${sillY} ${arch(cx, sillY, wheelY, inner, true)} Z" fill="#16171b"/>`;
}

function sedan(style: ArtStyle): string {
  const sill = 224;
  const wy = 214;
  return car(
    {
      body: `M 30 ${sill} L 24 186 Q 22 158 52 151 L 168 140 Q 206 112 250 90 Q 264 84 284 83 L 372 83 Q 396 84 412 96 L 468 136 L 556 148 Q 588 154 590 184 L 590 212 Q 590 ${sill} 576 ${sill} L ${archStart(462, sill, wy, 54)} ${sill} ${arch(462, sill, wy, 54, true)} L ${archStart(140, sill, wy, 54)} ${sill} ${arch(140, sill, wy, 54, true)} Z`,
      glass: 'M 184 139 Q 216 114 254 96 Q 266 91 286 91 L 370 91 Q 390 92 403 102 L 450 137 Z',
      pillars: 'M 318 91 L 330 91 L 330 138 L 318 138 Z',
      seams: 'M 208 142 Q 204 180 212 214 M 324 138 L 324 220 M 452 138 Q 458 172 448 206',
      handles: [
        [286, 154],
        [410, 154],
      ],
      headlight: 'M 556 152 Q 582 156 588 172 L 562 170 Z',
      taillight: 'M 24 168 L 26 186 L 48 182 L 50 160 Z',
      wheels: [
        [140, wy],
        [462, wy],
      ],
      wheelR: 46,
      sill,
      archR: 54,
      shoulder: 'M 58 160 L 552 166',
      extra: `<path d="M 560 196 L 590 196" stroke="${shade(style.paint, -0.5)}" stroke-width="4"/><path d="M 448 136 L 470 140 L 468 150 L 452 148 Z" fill="${shade(style.paint, -0.25)}"/>`,
      badge: [380, 190],
    },
    style,
  );
}

function hatchback(style: ArtStyle): string {
  const sill = 222;
  const wy = 214;
  return car(
    {
      body: `M 46 ${sill} L 40 176 Q 40 140 62 122 L 126 86 Q 142 79 170 78 L 330 76 Q 356 77 376 92 L 440 136 L 540 150 Q 566 156 568 184 L 568 212 Q 568 ${sill} 556 ${sill} L ${archStart(455, sill, wy, 54)} ${sill} ${arch(455, sill, wy, 54, true)} L ${archStart(145, sill, wy, 54)} ${sill} ${arch(145, sill, wy, 54, true)} Z`,
      glass: 'M 74 134 L 78 124 L 132 93 Q 146 86 170 86 L 326 84 Q 348 86 362 97 L 424 136 Z',
      pillars: 'M 250 84 L 262 84 L 262 136 L 250 136 Z M 74 134 L 112 134 L 150 88 L 132 93 Z',
      seams: 'M 130 138 Q 124 176 134 210 M 256 136 L 256 220 M 424 138 Q 432 172 422 206',
      handles: [
        [218, 152],
        [370, 152],
      ],
      headlight: 'M 536 154 Q 560 158 566 174 L 540 172 Z',
      taillight: 'M 40 150 L 42 178 L 60 176 L 62 146 Z',
      wheels: [
        [145, wy],
        [455, wy],
      ],
      wheelR: 46,
      sill,
      archR: 54,
      shoulder: 'M 64 158 L 534 164',
      extra: `<path d="M 424 136 L 446 140 L 444 150 L 428 148 Z" fill="${shade(style.paint, -0.25)}"/>`,
      badge: [300, 186],
    },
    style,
  );
}

function suv(style: ArtStyle): string {
  const sill = 226;
  const wy = 210;
  return car(
    {
      body: `M 24 ${sill} L 20 120 Q 20 62 62 58 L 380 54 Q 404 54 418 68 L 470 122 L 560 134 Q 590 140 592 172 L 592 212 Q 592 ${sill} 578 ${sill} L ${archStart(470, sill, wy, 60)} ${sill} ${arch(470, sill, wy, 60, true)} L ${archStart(140, sill, wy, 60)} ${sill} ${arch(140, sill, wy, 60, true)} Z`,
      glass: 'M 40 122 L 44 78 Q 48 68 66 67 L 376 63 Q 396 63 406 74 L 452 122 Z',
      pillars: 'M 150 66 L 162 66 L 162 122 L 150 122 Z M 290 64 L 302 64 L 302 122 L 290 122 Z',
      seams: 'M 164 124 Q 158 170 168 206 M 296 122 L 296 224 M 456 124 Q 462 164 452 200',
      handles: [
        [256, 140],
        [398, 140],
      ],
      headlight: 'M 556 138 Q 584 142 590 160 L 560 158 Z',
      taillight: 'M 20 122 L 22 168 L 38 166 L 38 122 Z',
      wheels: [
        [140, wy],
        [470, wy],
      ],
      wheelR: 50,
      sill,
      archR: 60,
      shoulder: 'M 36 146 L 556 150',
      extra: `<rect x="90" y="46" width="270" height="7" rx="3" fill="${shade(style.paint, -0.6)}"/><path d="M 20 200 L 80 200 M 540 200 L 592 200" stroke="#2b2d31" stroke-width="10"/><path d="M 452 122 L 474 126 L 472 138 L 456 136 Z" fill="${shade(style.paint, -0.25)}"/>`,
      badge: [230, 180],
    },
    style,
  );
}

function pickup(style: ArtStyle): string {
  const sill = 226;
  const wy = 210;
  return car(
    {
      body: `M 22 ${sill} L 20 122 L 252 122 L 262 116 L 270 64 Q 272 56 284 56 L 380 56 Q 400 57 412 70 L 462 122 L 562 132 Q 592 138 594 170 L 594 212 Q 594 ${sill} 580 ${sill} L ${archStart(480, sill, wy, 60)} ${sill} ${arch(480, sill, wy, 60, true)} L ${archStart(130, sill, wy, 60)} ${sill} ${arch(130, sill, wy, 60, true)} Z`,
      glass: 'M 282 120 L 286 72 Q 288 65 296 65 L 378 65 Q 394 66 402 76 L 444 120 Z',
      pillars: 'M 346 65 L 358 65 L 358 120 L 346 120 Z',
      seams:
        'M 260 120 L 260 224 M 352 120 L 352 222 M 446 122 Q 452 164 444 202 M 20 134 L 252 134',
      handles: [
        [300, 138],
        [410, 138],
      ],
      headlight: 'M 556 136 Q 586 140 592 158 L 560 156 Z',
      taillight: 'M 20 126 L 20 166 L 34 166 L 34 126 Z',
      wheels: [
        [130, wy],
        [480, wy],
      ],
      wheelR: 50,
      sill,
      archR: 60,
      shoulder: 'M 30 150 L 560 152',
      extra: `<path d="M 20 202 L 70 202 M 548 202 L 594 202" stroke="#2b2d31" stroke-width="10"/><path d="M 444 120 L 466 124 L 464 136 L 448 134 Z" fill="${shade(style.paint, -0.25)}"/>`,
      badge: [200, 180],
    },
    style,
  );
}

function van(style: ArtStyle): string {
  const sill = 222;
  const wy = 214;
  return car(
    {
      body: `M 24 ${sill} L 20 60 Q 20 34 48 34 L 410 34 Q 436 34 450 56 L 510 128 L 566 144 Q 590 150 592 178 L 592 210 Q 592 ${sill} 580 ${sill} L ${archStart(478, sill, wy, 54)} ${sill} ${arch(478, sill, wy, 54, true)} L ${archStart(130, sill, wy, 54)} ${sill} ${arch(130, sill, wy, 54, true)} Z`,
      glass:
        'M 58 58 L 196 58 L 196 118 L 58 118 Z M 214 58 L 340 58 L 340 118 L 214 118 Z M 356 58 L 424 58 Q 438 58 446 70 L 490 126 L 356 126 Z',
      pillars: '',
      seams:
        'M 206 50 L 206 214 M 348 50 L 348 220 M 494 130 Q 500 170 490 206 M 214 136 L 340 136',
      handles: [
        [312, 146],
        [440, 150],
      ],
      headlight: 'M 562 148 Q 586 152 590 170 L 564 168 Z',
      taillight: 'M 20 120 L 20 170 L 34 170 L 34 120 Z',
      wheels: [
        [130, wy],
        [478, wy],
      ],
      wheelR: 46,
      sill,
      archR: 54,
      shoulder: 'M 30 150 L 560 156',
      extra: `<path d="M 20 204 L 70 204 M 546 204 L 592 204" stroke="#2b2d31" stroke-width="10"/><path d="M 490 126 L 512 130 L 510 142 L 494 140 Z" fill="${shade(style.paint, -0.25)}"/>`,
      badge: [120, 172],
    },
    style,
  );
}

function motorcycle(style: ArtStyle): string {
  const { id, paint } = style;
  const dark = shade(paint, -0.55);
  const chrome = `url(#${id}-rim)`;
  const spokedWheel = (cx: number, cy: number) => {
    const spokes = Array.from({ length: 12 }, (_, i) => {
      const a = (Math.PI * 2 * i) / 12;
      return `M ${cx} ${cy} L ${(cx + Math.cos(a) * 44).toFixed(1)} ${(cy + Math.sin(a) * 44).toFixed(1)}`;
    }).join(' ');
    return `<circle cx="${cx}" cy="${cy}" r="54" fill="none" stroke="#17181b" stroke-width="18"/>
<circle cx="${cx}" cy="${cy}" r="45" fill="none" stroke="${chrome}" stroke-width="4"/>
<path d="${spokes}" stroke="#9aa1a9" stroke-width="2"/>
<circle cx="${cx}" cy="${cy}" r="22" fill="none" stroke="#7b828a" stroke-width="5"/>
<circle cx="${cx}" cy="${cy}" r="9" fill="${chrome}"/>`;
  };
  return `<g>${defs(style)}
<path d="M 300 196 L 128 198" stroke="#2c2e33" stroke-width="14" stroke-linecap="round"/>
<path d="M 290 204 Q 230 214 110 190" stroke="${chrome}" stroke-width="14" stroke-linecap="round" fill="none"/>
<path d="M 110 190 L 80 184" stroke="#5d646c" stroke-width="16" stroke-linecap="round"/>
<path d="M 392 96 L 470 198" stroke="${chrome}" stroke-width="12" stroke-linecap="round"/>
${spokedWheel(128, 198)}
${spokedWheel(470, 198)}
<path d="M 300 120 L 392 108 L 330 200 L 300 200 Z" fill="none" stroke="${dark}" stroke-width="10" stroke-linejoin="round"/>
<rect x="252" y="134" width="104" height="66" rx="12" fill="#3d4249"/>
<rect x="262" y="144" width="84" height="18" rx="6" fill="#6d747c"/>
<rect x="262" y="168" width="84" height="18" rx="6" fill="#6d747c"/>
<path d="M 400 136 A 70 70 0 0 1 526 170 L 510 172 A 56 56 0 0 0 414 150 Z" fill="url(#${id}-paint)" stroke="${dark}" stroke-width="2"/>
<path d="M 96 122 L 190 114 L 196 136 L 140 140 Z" fill="url(#${id}-paint)" stroke="${dark}" stroke-width="2"/>
<path d="M 170 118 Q 200 104 252 108 L 300 124 L 296 136 L 176 138 Z" fill="#1e1f23"/>
<path d="M 246 110 Q 284 80 350 86 Q 386 90 398 114 L 380 132 L 300 130 Z" fill="url(#${id}-paint)" stroke="${dark}" stroke-width="2"/>
<path d="M 270 100 Q 310 86 356 92" stroke="#ffffff" stroke-opacity="0.45" stroke-width="4" fill="none" stroke-linecap="round"/>
<path d="M 392 96 L 380 64 M 380 64 L 352 58" stroke="#2c2e33" stroke-width="7" stroke-linecap="round"/>
<path d="M 386 64 L 420 56" stroke="#2c2e33" stroke-width="7" stroke-linecap="round"/>
<circle cx="420" cy="104" r="18" fill="#fff6cf" stroke="${dark}" stroke-width="3"/>
<rect x="92" y="122" width="14" height="10" rx="2" fill="#d7262e"/>
${style.electric ? bolt(320, 112, 22, '#ffffff') : ''}
</g>`;
}

function wheels(style: ArtStyle): string {
  const { id, paint } = style;
  const rimWheel = (cx: number, cy: number, r: number) => {
    const rim = r * 0.68;
    const spokes = Array.from({ length: 10 }, (_, i) => {
      const angle = 36 * i;
      return `<path d="M ${cx - rim * 0.06} ${cy - rim * 0.18} L ${cx - rim * 0.13} ${cy - rim * 0.9} L ${cx + rim * 0.13} ${cy - rim * 0.9} L ${cx + rim * 0.06} ${cy - rim * 0.18} Z" fill="url(#${id}-paint)" transform="rotate(${angle} ${cx} ${cy})"/>`;
    }).join('');
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${id}-tyre)"/>
<circle cx="${cx}" cy="${cy}" r="${r * 0.86}" fill="none" stroke="#34363b" stroke-width="${r * 0.05}" stroke-dasharray="6 5"/>
<circle cx="${cx}" cy="${cy}" r="${rim}" fill="#24272b"/>
${spokes}
<circle cx="${cx}" cy="${cy}" r="${rim}" fill="none" stroke="url(#${id}-paint)" stroke-width="${rim * 0.1}"/>
<circle cx="${cx}" cy="${cy}" r="${rim * 0.22}" fill="url(#${id}-paint)" stroke="${shade(paint, -0.5)}" stroke-width="2"/>
<circle cx="${cx}" cy="${cy}" r="${rim * 0.08}" fill="${shade(paint, -0.6)}"/>`;
  };
  return `<g>${defs(style)}
${rimWheel(400, 150, 110)}
${rimWheel(220, 146, 114)}
</g>`;
}

function roofbox(style: ArtStyle): string {
  const { id, paint } = style;
  const dark = shade(paint, -0.55);
  return `<g>${defs(style)}
<rect x="60" y="214" width="480" height="14" rx="7" fill="#3a3d42"/>
<rect x="120" y="200" width="16" height="56" rx="4" fill="#2b2d31"/>
<rect x="464" y="200" width="16" height="56" rx="4" fill="#2b2d31"/>
<path d="M 40 206 Q 44 150 150 120 Q 240 96 380 100 Q 530 106 566 170 Q 580 204 548 208 Z" fill="url(#${id}-paint)" stroke="${dark}" stroke-width="2"/>
<path d="M 70 176 Q 250 166 556 176" fill="none" stroke="${dark}" stroke-width="3"/>
<path d="M 120 132 Q 260 104 470 118" fill="none" stroke="#ffffff" stroke-opacity="0.4" stroke-width="5" stroke-linecap="round"/>
<rect x="282" y="182" width="36" height="12" rx="3" fill="${shade(paint, -0.3)}"/>
</g>`;
}

function battery(style: ArtStyle): string {
  const { id } = style;
  return `<g>${defs(style)}
<rect x="186" y="70" width="36" height="26" rx="4" fill="#c62828"/>
<rect x="378" y="70" width="36" height="26" rx="4" fill="#30343a"/>
<rect x="150" y="90" width="300" height="170" rx="14" fill="#26292e"/>
<rect x="150" y="90" width="300" height="40" rx="14" fill="url(#${id}-paint)"/>
<rect x="150" y="116" width="300" height="14" fill="url(#${id}-paint)"/>
<rect x="186" y="152" width="228" height="84" rx="10" fill="#33373d"/>
${bolt(300, 194, 44, '#f7d046')}
<text x="200" y="84" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" font-weight="700" fill="#c62828">+</text>
<text x="388" y="84" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" font-weight="700" fill="#30343a">−</text>
</g>`;
}

const drawings: Record<ArtKind, (style: ArtStyle) => string> = {
  sedan,
  hatchback,
  suv,
  pickup,
  van,
  motorcycle,
  wheels,
  roofbox,
  battery,
};

/**
 * The SVG fragment (a `<g>` with its own `<defs>`) of one drawing in the 600 × 260 box of
 * {@link ART_BOX}, ground at its bottom edge.
 */
export function drawArt(kind: ArtKind, style: ArtStyle): string {
  return drawings[kind](style);
}
