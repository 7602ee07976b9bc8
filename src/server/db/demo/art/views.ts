/**
 * The other views of a demo vehicle, beside its side view (pictures.ts `listingSvg`): the front,
 * the back, the interior and the instrument cluster with the odometer showing the listing's
 * mileage, so a buyer judging a demo listing sees what a real one shows. Drawn locally as SVG
 * (nothing is downloaded), 800 × 600 like the side view, and kept simple (flat fills, two
 * gradients) because they are rasterised at every demo seeding (docs/benchmarks.md).
 */
import { PICTURE_SIZES } from './pictures.js';
import { luminance, shade, type ArtKind } from './vehicles.js';

/** The views a vehicle gets, in gallery order after the side view. */
export type VehicleView = 'front' | 'back' | 'interior' | 'dashboard';

/** A vehicle as the extra views draw it. */
export interface ViewedVehicle {
  kind: ArtKind;
  /** Paint colour as `#rrggbb`. */
  paint: string;
  electric?: boolean;
  /** The odometer reading (km), shown on the dashboard view. */
  mileageKm: number;
}

/** The views of `kind`: cars get all four; a motorcycle has no interior; parts get none. */
export function viewsOf(kind: ArtKind): VehicleView[] {
  if (kind === 'motorcycle') return ['front', 'back', 'dashboard'];
  if (kind === 'wheels' || kind === 'roofbox' || kind === 'battery') return [];
  return ['front', 'back', 'interior', 'dashboard'];
}

const { width: W, height: H } = PICTURE_SIZES.listing;

/** Proportions of a body seen from the front or back (SVG units of an 800 × 600 picture). */
const bodies: Partial<Record<ArtKind, { width: number; height: number; cabin: number }>> = {
  sedan: { width: 470, height: 120, cabin: 105 },
  hatchback: { width: 440, height: 125, cabin: 120 },
  suv: { width: 500, height: 160, cabin: 135 },
  pickup: { width: 520, height: 170, cabin: 130 },
  van: { width: 500, height: 190, cabin: 160 },
};

function studio(id: string, top: string, bottom: string): string {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="${top}"/><stop offset="0.72" stop-color="${bottom}"/>
</linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#${id})"/>
<rect y="470" width="${W}" height="${H - 470}" fill="${shade(bottom, -0.35)}"/>`;
}

/** A car or motorcycle from the front (`back` false) or from behind. */
function endSvg(vehicle: ViewedVehicle, back: boolean): string {
  const paint = vehicle.paint;
  const dark = shade(paint, -0.4);
  const light = shade(paint, 0.25);
  const trim = luminance(paint) > 0.6 ? '#3a3f45' : '#d7dbe0';
  const lamp = back ? '#c62828' : '#fff6d5';
  const cx = W / 2;
  const ground = 470;
  if (vehicle.kind === 'motorcycle') {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
${studio('bg', '#2a3340', '#a3afbd')}
<ellipse cx="${cx}" cy="${ground + 4}" rx="90" ry="12" fill="#000" fill-opacity="0.45"/>
<rect x="${cx - 22}" y="${ground - 150}" width="44" height="150" rx="20" fill="#1d1f22"/>
<rect x="${cx - 70}" y="${ground - 250}" width="140" height="120" rx="40" fill="${paint}"/>
<rect x="${cx - 150}" y="${ground - 270}" width="300" height="14" rx="7" fill="#2b2e33"/>
<circle cx="${cx - 150}" cy="${ground - 263}" r="14" fill="#2b2e33"/><circle cx="${cx + 150}" cy="${ground - 263}" r="14" fill="#2b2e33"/>
<circle cx="${cx}" cy="${ground - 200}" r="34" fill="${lamp}" stroke="${trim}" stroke-width="8"/>
${back ? `<rect x="${cx - 40}" y="${ground - 120}" width="80" height="40" rx="4" fill="#f4f4f0" stroke="#222" stroke-width="3"/>` : `<rect x="${cx - 60}" y="${ground - 320}" width="120" height="50" rx="18" fill="#cfe3f2" fill-opacity="0.7"/>`}
</svg>`;
  }
  const body = bodies[vehicle.kind] ?? bodies.sedan!;
  const left = cx - body.width / 2;
  const bodyTop = ground - 40 - body.height;
  const cabinTop = bodyTop - body.cabin;
  const glass = back ? '#1f2a33' : '#9fc3dc';
  const lampY = bodyTop + 22;
  const plateY = bodyTop + body.height - 46;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
${studio('bg', '#1f3b57', '#8fb2cc')}
<ellipse cx="${cx}" cy="${ground + 4}" rx="${body.width * 0.6}" ry="16" fill="#000" fill-opacity="0.45"/>
<rect x="${left + 18}" y="${ground - 70}" width="62" height="72" rx="12" fill="#16181b"/>
<rect x="${left + body.width - 80}" y="${ground - 70}" width="62" height="72" rx="12" fill="#16181b"/>
<path d="M${left + 40} ${bodyTop + 4} L${left + 80} ${cabinTop} H${left + body.width - 80} L${left + body.width - 40} ${bodyTop + 4} Z" fill="${dark}"/>
<path d="M${left + 62} ${bodyTop - 4} L${left + 92} ${cabinTop + 14} H${left + body.width - 92} L${left + body.width - 62} ${bodyTop - 4} Z" fill="${glass}"/>
<rect x="${left}" y="${bodyTop}" width="${body.width}" height="${body.height}" rx="26" fill="${paint}"/>
<rect x="${left}" y="${bodyTop}" width="${body.width}" height="18" rx="9" fill="${light}"/>
<rect x="${left - 26}" y="${bodyTop - 18}" width="30" height="20" rx="6" fill="${dark}"/>
<rect x="${left + body.width - 4}" y="${bodyTop - 18}" width="30" height="20" rx="6" fill="${dark}"/>
<rect x="${left + 22}" y="${lampY}" width="86" height="30" rx="12" fill="${lamp}" stroke="${trim}" stroke-width="4"/>
<rect x="${left + body.width - 108}" y="${lampY}" width="86" height="30" rx="12" fill="${lamp}" stroke="${trim}" stroke-width="4"/>
${back ? '' : `<rect x="${cx - 110}" y="${lampY + 4}" width="220" height="46" rx="10" fill="#1b1d20" stroke="${trim}" stroke-width="4"/>`}
${vehicle.electric ? `<path d="M${cx + 6} ${lampY - 4} l-22 34 h16 l-8 26 l26 -36 h-16 z" fill="#ffd54a"/>` : ''}
<rect x="${left + 6}" y="${bodyTop + body.height - 20}" width="${body.width - 12}" height="22" rx="10" fill="${shade(paint, -0.55)}"/>
<rect x="${cx - 62}" y="${plateY}" width="124" height="34" rx="4" fill="#f4f4f0" stroke="#222" stroke-width="3"/>
</svg>`;
}

/** The cabin seen from the back seat: windscreen, dashboard, wheel, front seats. */
function interiorSvg(vehicle: ViewedVehicle): string {
  const seat = luminance(vehicle.paint) > 0.5 ? '#3b3532' : '#c9bba6';
  const dash = '#24262a';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#8fb8d8"/><stop offset="1" stop-color="#e4eef5"/>
</linearGradient></defs>
<rect width="${W}" height="${H}" fill="#1a1b1e"/>
<path d="M90 60 H710 L760 250 H40 Z" fill="url(#sky)"/>
<rect x="380" y="66" width="40" height="22" rx="4" fill="#2d2f33"/>
<path d="M0 230 H800 V330 H0 Z" fill="${dash}"/>
<rect x="40" y="250" width="230" height="44" rx="12" fill="#32353a"/>
<rect x="330" y="245" width="140" height="80" rx="8" fill="#0f1114" stroke="#44484e" stroke-width="4"/>
<rect x="342" y="257" width="116" height="56" rx="4" fill="#2e5d7a"/>
<circle cx="180" cy="330" r="95" fill="none" stroke="#101113" stroke-width="22"/>
<rect x="160" y="320" width="40" height="80" fill="#101113"/>
<rect x="360" y="330" width="80" height="170" rx="14" fill="#2a2c30"/>
<path d="M30 600 V420 Q30 360 100 360 H260 Q320 360 320 420 V600 Z" fill="${seat}"/>
<path d="M480 600 V420 Q480 360 550 360 H710 Q770 360 770 420 V600 Z" fill="${seat}"/>
<rect x="110" y="330" width="130" height="44" rx="18" fill="${shade(seat, -0.15)}"/>
<rect x="560" y="330" width="130" height="44" rx="18" fill="${shade(seat, -0.15)}"/>
</svg>`;
}

/** The odometer text: "155,100 km". */
export function odometerText(mileageKm: number): string {
  return `${Math.round(mileageKm).toLocaleString('en-US')} km`;
}

function dial(cx: number, cy: number, r: number, needleDeg: number, label: string): string {
  const ticks = Array.from({ length: 11 }, (_, i) => {
    const a = ((-225 + i * 27) * Math.PI) / 180;
    const x1 = cx + Math.cos(a) * (r - 6);
    const y1 = cy + Math.sin(a) * (r - 6);
    const x2 = cx + Math.cos(a) * (r - 22);
    const y2 = cy + Math.sin(a) * (r - 22);
    return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="#e8eef3" stroke-width="4"/>`;
  }).join('');
  const a = (needleDeg * Math.PI) / 180;
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#0b0d10" stroke="#5b6470" stroke-width="6"/>
${ticks}
<line x1="${cx}" y1="${cy}" x2="${(cx + Math.cos(a) * (r - 30)).toFixed(1)}" y2="${(cy + Math.sin(a) * (r - 30)).toFixed(1)}" stroke="#ff5a36" stroke-width="6" stroke-linecap="round"/>
<circle cx="${cx}" cy="${cy}" r="10" fill="#5b6470"/>
<text x="${cx}" y="${cy + r * 0.55}" text-anchor="middle" font-size="20" fill="#9aa6b2">${label}</text>`;
}

/** The instrument cluster, the odometer reading large in its middle. */
function dashboardSvg(vehicle: ViewedVehicle): string {
  const right = vehicle.electric ? 'kW' : 'x1000 rpm';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="#141518"/>
<rect x="30" y="90" width="740" height="400" rx="60" fill="#1d1f23" stroke="#2e3136" stroke-width="6"/>
<g font-family="DejaVu Sans, 'Liberation Sans', Arial, sans-serif">
${dial(205, 280, 150, -60, 'km/h')}
${dial(595, 280, 150, -150, right)}
<rect x="300" y="390" width="200" height="62" rx="8" fill="#0a0f0a" stroke="#3d4a3d" stroke-width="3"/>
<text x="400" y="432" text-anchor="middle" font-size="30" font-weight="700" fill="#8cf59a" font-family="DejaVu Sans Mono, monospace">${odometerText(vehicle.mileageKm)}</text>
<text x="400" y="380" text-anchor="middle" font-size="18" fill="#9aa6b2">ODO</text>
</g>
</svg>`;
}

/** The SVG of `view` of `vehicle` (800 × 600). */
export function vehicleViewSvg(vehicle: ViewedVehicle, view: VehicleView): string {
  switch (view) {
    case 'front':
      return endSvg(vehicle, false);
    case 'back':
      return endSvg(vehicle, true);
    case 'interior':
      return interiorSvg(vehicle);
    case 'dashboard':
      return dashboardSvg(vehicle);
  }
}
