/**
 * Places in the SPA (decision 0026): place labels, radius choices, great-circle distance, and the
 * place remembered as the default centre of a search (local storage). The distance unit (miles or
 * kilometres) is units.ts's one preference. The API always speaks kilometres.
 */
import type { Place } from '../../contract/places';
import { KM_PER_MILE, type DistanceUnit } from './units';

// The unit preference and its texts live in units.ts (one preference for distance and mileage);
// re-exported here for the places code that already imports them from this module.
export {
  distanceText,
  KM_PER_MILE,
  localeUnit,
  readUnit,
  writeUnit,
  type DistanceUnit,
} from './units';

const PLACE_KEY = 'second-gear:place';

/** "Austin, Texas" (region, or country when there is none). */
export function placeLabel(place: Pick<Place, 'name' | 'region' | 'country'>): string {
  return `${place.name}, ${place.region ?? place.country}`;
}

/** The remembered centre: a place (`near`) or a position (`lat`/`lon`), with its label. */
export type RememberedCentre =
  { kind: 'place'; place: Place } | { kind: 'position'; lat: number; lon: number };

export function readRememberedCentre(): RememberedCentre | null {
  try {
    const text = globalThis.localStorage?.getItem(PLACE_KEY);
    if (!text) return null;
    const value = JSON.parse(text) as RememberedCentre;
    if (value.kind === 'place' && typeof value.place?.id === 'number') return value;
    if (value.kind === 'position' && typeof value.lat === 'number') return value;
  } catch {
    // Unreadable: as if nothing were remembered.
  }
  return null;
}

export function writeRememberedCentre(centre: RememberedCentre | null): void {
  try {
    if (centre) globalThis.localStorage?.setItem(PLACE_KEY, JSON.stringify(centre));
    else globalThis.localStorage?.removeItem(PLACE_KEY);
  } catch {
    // Not remembered.
  }
}

/** The radius choices of a search, in the viewer's unit, and the API's km for each. */
export const radiusChoices = [10, 25, 50, 100, 200, 500] as const;

/** A radius choice in the viewer's unit → the API's `radius_km` (rounded to 0.1 km). */
export function radiusKm(choice: number, unit: DistanceUnit): number {
  return unit === 'mi' ? Math.round(choice * KM_PER_MILE * 10) / 10 : choice;
}

/** An API `radius_km` → the nearest choice in the viewer's unit. */
export function radiusChoice(km: number, unit: DistanceUnit): number {
  const value = unit === 'mi' ? km / KM_PER_MILE : km;
  return radiusChoices.reduce((best, choice) =>
    Math.abs(choice - value) < Math.abs(best - value) ? choice : best,
  );
}

/** Great-circle distance (km) between two positions in degrees (haversine, as the API). */
export function greatCircleKm(
  a: { lat: number; lon: number },
  b: { lat: number; lon: number },
): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(radians(b.lat - a.lat) / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}
