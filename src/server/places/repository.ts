/**
 * Place lookups (decision 0026) over the gazetteer (`places`, loaded by `db/places.ts`).
 */
import { sql } from 'drizzle-orm';
import type { Place, PlacesQuery } from '#contract/index.js';
import type { Database } from '../db/client.js';
import { httpError } from '../lib/http-error.js';
import { rowsOf } from '../db/rows.js';

/** A place row as the API shows it. */
export interface PlaceRow {
  id: number;
  name: string;
  region: string | null;
  country: string;
  lat: number;
  lon: number;
}

/** The fields of `placeSchema` (shared by lookups, cards and profiles). */
export function presentPlace(row: PlaceRow): Place {
  return {
    id: Number(row.id),
    name: row.name,
    region: row.region,
    country: row.country,
    lat: Number(row.lat),
    lon: Number(row.lon),
  };
}

/** `text` with LIKE's wildcards and escape character escaped. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Places whose name matches `q`, best first, at most `limit`:
 * 1. the name is exactly `q` (accents and case folded),
 * 2. the name begins with `q`,
 * 3. the name is similar to `q` (pg_trgm `%`, similarity ≥ 0.3: typos such as "austn"),
 * more similar first; the more populous first among equals. Text after a comma narrows by
 * region or country ("Austin, TX", "Paris, France"): code or name, by its beginning.
 * Served by `places_search_name_idx` (prefixes, exact names) and `places_search_trgm_idx`.
 */
export async function lookupPlaces(db: Database, query: PlacesQuery): Promise<Place[]> {
  const [namePart = '', ...rest] = query.q.split(',');
  const name = namePart.trim();
  const within = rest.join(',').trim().toLowerCase();
  if (!name) return [];
  const prefix = `${likeEscaped(name.toLowerCase())}%`;
  const region = within
    ? sql`and (lower(region_code) = ${within} or lower(country_code) = ${within}
          or lower(coalesce(region, '')) like ${`${likeEscaped(within)}%`}
          or lower(country) like ${`${likeEscaped(within)}%`})`
    : sql``;
  // Folded to constants at planning (sg_unaccent is IMMUTABLE), so both indexes apply.
  const q = sql`lower(sg_unaccent(${name}))`;
  const starts = sql`search_name like lower(sg_unaccent(${prefix}))`;
  const result = await db.execute(sql`
    select id, name, region, country, lat, lon
    from places
    where (${starts} or search_name % ${q}) ${region}
    order by search_name = ${q} desc, ${starts} desc,
             case when ${starts} then 0 else similarity(search_name, ${q}) end desc,
             population desc, id
    limit ${query.limit}`);
  return rowsOf<PlaceRow>(result).map(presentPlace);
}

/** One place by id, or null when there is none. */
export async function findPlace(db: Database, id: number): Promise<Place | null> {
  const result = await db.execute(
    sql`select id, name, region, country, lat, lon from places where id = ${id}`,
  );
  const [row] = rowsOf<PlaceRow>(result);
  return row ? presentPlace(row) : null;
}

/**
 * A listing's place and location text (decision 0026): the place `placeId` names, and
 * `location` or, when it is left out, the place's name and region ("Austin, Texas").
 * @throws HttpError 400 when `placeId` names no place.
 */
export async function resolveListingPlace(
  db: Database,
  placeId: number | null | undefined,
  location: string | undefined,
): Promise<{ place: Place | null; location: string | undefined }> {
  if (placeId === undefined || placeId === null) return { place: null, location };
  const place = await findPlace(db, placeId);
  if (!place) throw httpError(400, 'body.place_id must be the id of a place');
  return { place, location: location ?? `${place.name}, ${place.region ?? place.country}` };
}
