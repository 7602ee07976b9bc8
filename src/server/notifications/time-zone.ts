/**
 * The reader's time zone in mail (decision 0049). Every time a mail prints is in its reader's
 * zone: the profile's `time_zone` when set; else the zone of the profile's home place when one
 * can be derived from it; else UTC. The mail says which of the three it used, so a reader who
 * sees a time in UTC knows why and where to change it.
 *
 * A home place's zone is derived offline, without a time-zone boundary map: for a place in the
 * United States, from its state (the zone most of the state keeps, table below); elsewhere, from
 * its country when every zone of that country (CLDR's list, `Intl.Locale#timeZones`) keeps the
 * same offsets all year (Germany, France, Japan…). A country with zones that differ (Canada,
 * Australia, Brazil…) derives none, and the mail says UTC.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { paths } from '#contract/spa-paths.js';
import { places, users } from '../db/schema.js';
import type { Executor } from '../jobs/queue.js';

/** Where a reader's zone came from. */
export type ZoneSource = 'profile' | 'home-place' | 'unknown';

/** The zone a mail writes its times in, and why. */
export interface ReaderZone {
  /** An IANA zone name, e.g. "America/Chicago"; "UTC" when unknown. */
  zone: string;
  source: ZoneSource;
}

/** UTC, for a reader whose zone nobody knows. */
export const unknownZone: ReaderZone = { zone: 'UTC', source: 'unknown' };

/** US state (ISO 3166-2 subdivision code) → the zone most of its people keep. */
const usStateZones: Record<string, string> = {
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IN: 'America/Indiana/Indianapolis',
  MI: 'America/Detroit',
  PR: 'America/Puerto_Rico',
  ...Object.fromEntries('CA NV OR WA'.split(' ').map((state) => [state, 'America/Los_Angeles'])),
  ...Object.fromEntries('CO MT NM UT WY'.split(' ').map((state) => [state, 'America/Denver'])),
  ...Object.fromEntries(
    'AL AR IA IL KS LA MN MO MS ND NE OK SD TN TX WI'
      .split(' ')
      .map((state) => [state, 'America/Chicago']),
  ),
  ...Object.fromEntries(
    'CT DC DE FL GA KY MA MD ME NC NH NJ NY OH PA RI SC VA VT WV'
      .split(' ')
      .map((state) => [state, 'America/New_York']),
  ),
};

/** The offset of `zone` at `at`, as Intl writes it ("GMT+1"). */
function offsetAt(zone: string, at: Date): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}

const countryZones = new Map<string, string | null>();

/**
 * The zone of a place in country `countryCode` (ISO 3166-1 alpha-2) and first-level region
 * `regionCode` (GeoNames admin1, e.g. "TX"), or null when it cannot be derived (see the module).
 */
export function zoneOfPlace(countryCode: string, regionCode: string): string | null {
  if (countryCode === 'US') return usStateZones[regionCode] ?? null;
  if (countryZones.has(countryCode)) return countryZones.get(countryCode)!;
  let zones: string[] = [];
  try {
    const locale = new Intl.Locale(`und-${countryCode}`) as Intl.Locale & {
      getTimeZones?: () => string[];
      timeZones?: string[];
    };
    zones = locale.getTimeZones?.() ?? locale.timeZones ?? [];
  } catch {
    zones = [];
  }
  const year = new Date().getUTCFullYear();
  const instants = [new Date(Date.UTC(year, 0, 15)), new Date(Date.UTC(year, 6, 15))];
  const signature = (zone: string) => instants.map((at) => offsetAt(zone, at)).join(' ');
  const derived =
    zones.length > 0 && zones.every((zone) => signature(zone) === signature(zones[0]!))
      ? zones[0]!
      : null;
  countryZones.set(countryCode, derived);
  return derived;
}

/**
 * The zone mail to `userId` is written in (see the module), read in the transaction that queues
 * the mail. UTC (`unknown`) for an unknown or deleted account.
 */
export async function readerZone(db: Executor, userId: string): Promise<ReaderZone> {
  const [row] = await db
    .select({
      timeZone: users.timeZone,
      countryCode: places.countryCode,
      regionCode: places.regionCode,
    })
    .from(users)
    .leftJoin(places, eq(places.id, users.homePlaceId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) return unknownZone;
  if (row.timeZone) return { zone: row.timeZone, source: 'profile' };
  const derived = row.countryCode ? zoneOfPlace(row.countryCode, row.regionCode ?? '') : null;
  return derived ? { zone: derived, source: 'home-place' } : unknownZone;
}

/**
 * A moment as a mail prints it in `reader`'s zone, with the zone's abbreviation or offset:
 * "Saturday, March 7, 2026 at 10:00 AM CST".
 */
export function formatMailTime(at: Date, reader: ReaderZone): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: reader.zone,
    timeZoneName: 'short',
  }).format(at);
}

/** A day as a mail prints it in `reader`'s zone: "March 7, 2026". */
export function formatMailDay(at: Date, reader: ReaderZone): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: reader.zone }).format(at);
}

/**
 * The sentence a mail prints under its times, saying which zone they are in and why:
 * "Times are in America/Chicago, the time zone on your profile."
 * @param publicUrl the site's address, for the profile link when the zone is a guess.
 */
export function zoneNote(reader: ReaderZone, publicUrl: string): string {
  const profile = `${publicUrl}${paths.profile.href()}`;
  switch (reader.source) {
    case 'profile':
      return `Times are in ${reader.zone}, the time zone on your profile.`;
    case 'home-place':
      return (
        `Times are in ${reader.zone}, the time zone of your home place; ` +
        `set your own time zone on your profile: ${profile}`
      );
    default:
      return `Times are in UTC: we do not know your time zone. Set it on your profile: ${profile}`;
  }
}
