/**
 * Miles or kilometres: ONE viewer preference for both mileage (a car's odometer) and distance
 * (how far a listing stands), decision 0036. The API and the database always speak kilometres;
 * only what the page shows changes.
 *
 * - The preference is the viewer's choice, stored in local storage, else the browser's locale
 *   (miles in the regions whose roads and odometers are in miles: US, GB, LR, MM — CLDR's
 *   `measurementSystem` US/UK — kilometres elsewhere).
 * - `useUnit()` reads it in React. The server cannot see local storage or the locale, so it
 *   renders kilometres (`serverUnit`); hydration renders the same, then React re-renders with
 *   the viewer's unit (useSyncExternalStore's server snapshot). That swap cannot shift the page:
 *   a mileage or distance in miles is never longer than in kilometres (fewer or as many digits,
 *   and "mi" is as long as "km"), and the lines that carry them hold their height.
 * - `writeUnit()` stores a choice and tells every `useUnit()` at once (the footer's switch and
 *   the search page's Units both write here); another tab learns it through the storage event.
 */
import { useSyncExternalStore } from 'react';

/** The unit a page shows lengths in. */
export type DistanceUnit = 'km' | 'mi';

/** Kilometres in a statute mile. */
export const KM_PER_MILE = 1.609344;

/** What the server renders, and what hydration starts from (the API's unit). */
export const serverUnit: DistanceUnit = 'km';

/** Regions whose roads and odometers are in miles (CLDR `measurementSystem` US/UK). */
const MILE_REGIONS = new Set(['US', 'GB', 'LR', 'MM']);

/** Local-storage key of the choice (the places work's key, so earlier choices still hold). */
export const UNIT_STORAGE_KEY = 'second-gear:distance-unit';

const numbers = new Intl.NumberFormat('en-US');

/** The locale's default unit: `'mi'` for en-US, en-GB and the other mile regions, else `'km'`. */
export function localeUnit(language = globalThis.navigator?.language ?? 'en-US'): DistanceUnit {
  const region = language.split(/[-_]/)[1]?.toUpperCase();
  return region && MILE_REGIONS.has(region) ? 'mi' : 'km';
}

/** The viewer's stored choice, else the locale's unit. Never throws (storage may be refused). */
export function readUnit(): DistanceUnit {
  try {
    const stored = globalThis.localStorage?.getItem(UNIT_STORAGE_KEY);
    if (stored === 'km' || stored === 'mi') return stored;
  } catch {
    // Storage refused (private mode): fall back to the locale.
  }
  return localeUnit();
}

const listeners = new Set<() => void>();

/** The choice made while storage refuses writes (lives as long as the page). */
let fallback: DistanceUnit | null = null;

/** Stores the viewer's choice and re-renders every `useUnit()`. */
export function writeUnit(unit: DistanceUnit): void {
  try {
    globalThis.localStorage?.setItem(UNIT_STORAGE_KEY, unit);
  } catch {
    // Not remembered; the choice still holds until the page is left.
    fallback = unit;
  }
  for (const listener of listeners) listener();
}

function snapshot(): DistanceUnit {
  return fallback ?? readUnit();
}

/** Calls `listener` whenever the choice changes (here or in another tab); returns the unsubscribe. */
export function subscribeUnit(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === UNIT_STORAGE_KEY) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/**
 * The viewer's unit in a component: `serverUnit` on the server and during hydration, then the
 * stored choice or the locale's; follows `writeUnit()` and other tabs.
 */
export function useUnit(): DistanceUnit {
  return useSyncExternalStore(subscribeUnit, snapshot, () => serverUnit);
}

/** `km` in the viewer's unit. */
function convert(km: number, unit: DistanceUnit): number {
  return unit === 'mi' ? km / KM_PER_MILE : km;
}

/**
 * An odometer reading, e.g. `formatMileage(120000, 'km')` → `"120,000 km"`,
 * `formatMileage(120000, 'mi')` → `"74,565 mi"` (whole units). `km` in kilometres, as the API.
 * Components pass `useUnit()`'s value; the default reads the preference directly.
 */
export function formatMileage(km: number, unit: DistanceUnit = readUnit()): string {
  return `${numbers.format(Math.round(convert(km, unit)))} ${unit}`;
}

/**
 * A distance, e.g. `"12 km"`, `"3.2 km"`, `"182 mi"`: whole units from 10 up, one decimal
 * below. `km` in kilometres, as the API's `distance_km`.
 */
export function formatDistance(km: number, unit: DistanceUnit = readUnit()): string {
  const value = convert(km, unit);
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${numbers.format(shown)} ${unit}`;
}

/**
 * "12 km away" / "7 mi away" (decision 0026); "Under 1 mi away" below one unit: listings stand
 * at their town's centre, so a listing in the viewer's own town measures 0, and tenths of a unit
 * would claim a precision the places do not have.
 */
export function distanceText(km: number, unit: DistanceUnit = readUnit()): string {
  if (convert(km, unit) < 1) return `Under 1 ${unit} away`;
  return `${formatDistance(km, unit)} away`;
}

/** A value typed in the viewer's unit → whole kilometres for the API (e.g. a mileage filter). */
export function toKm(value: number, unit: DistanceUnit): number {
  return Math.round(unit === 'mi' ? value * KM_PER_MILE : value);
}

/** Kilometres from the API → whole units of the viewer's (e.g. to refill a mileage filter). */
export function fromKm(km: number, unit: DistanceUnit): number {
  return Math.round(convert(km, unit));
}
