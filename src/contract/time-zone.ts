/**
 * Time zones (decision 0049): every time in a mail is written in its reader's zone, an IANA name
 * kept on the profile (`time_zone`). Validation is the runtime's own list of zones
 * (`Intl.supportedValuesOf('timeZone')`, ECMA-402) plus "UTC"; a link name the runtime accepts
 * (e.g. "Asia/Kolkata" where the list says "Asia/Calcutta") passes too and is stored under the
 * list's name, so a zone a browser reports is never refused by the server.
 */
import { z } from 'zod';

/** Longest accepted zone name (the longest IANA name is 32 characters). */
export const timeZoneMax = 64;

/** What a 400 says about a name that is not a time zone. */
export const timeZoneMessage = 'must be an IANA time zone name, e.g. America/Chicago';

let known: Set<string> | null = null;

/** The runtime's zones (ECMA-402 `Intl.supportedValuesOf`), read once. */
export function supportedTimeZones(): readonly string[] {
  known ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return [...known];
}

/**
 * The runtime's name for zone `name` ("america/chicago" → "America/Chicago", "Etc/UTC" →
 * "UTC"), or null when `name` is not an IANA zone. Offsets such as "+02:00" and abbreviations
 * such as "CST" are refused: they say nothing about daylight saving time.
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.toUpperCase() === 'UTC') return 'UTC';
  if (!/^[A-Za-z]+(\/[A-Za-z0-9_+-]+){1,2}$/.test(name)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  supportedTimeZones();
  if (known!.has(name)) return name;
  return known!.has(resolved) ? resolved : null;
}

/** A time zone field: an IANA name (validated, see {@link canonicalTimeZone}). */
export const timeZoneSchema = z
  .string({ message: timeZoneMessage })
  .trim()
  .min(1, { message: timeZoneMessage })
  .max(timeZoneMax, { message: timeZoneMessage })
  .refine((name) => canonicalTimeZone(name) !== null, { message: timeZoneMessage });
