/**
 * Search by distance (decision 0026): a centre (a place's or a position's latitude and
 * longitude, degrees) and a radius (km) restrict a search to the listings whose place lies
 * within it; `sort=distance` orders them nearest first; every item then carries its distance.
 *
 * Kept apart from the keyword and filter conditions of `repository.ts`, which calls these:
 * `nearCondition` is one more AND-ed condition of a search, `distanceOrder` one more order.
 *
 * The condition is a bounding box on the listing's copied coordinates (`place_lat`,
 * `place_lon`, B-tree `products_search_place_idx`), refined by the exact great-circle distance
 * (`sg_distance_km`, haversine on a sphere of 6,371.0088 km, migration `0018_places`). No
 * extension is needed, so PGlite and a PostgreSQL server run the same SQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import { searchRadiusDefaultKm, type SearchQuery } from '#contract/index.js';
import type { Database } from '../db/client.js';
import { products } from '../db/schema.js';
import { httpError } from '../lib/http-error.js';
import type { ProductCardRow } from '../catalog/presenters.js';
import { findPlace } from '../places/repository.js';

/** Mean Earth radius (km), as `sg_distance_km` uses. */
const EARTH_RADIUS_KM = 6371.0088;
/** Kilometres per degree of latitude on that sphere. */
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

/** A search centre in degrees and its radius in km. */
export interface Centre {
  lat: number;
  lon: number;
  radiusKm: number;
}

/** The centre of a search (`lat`/`lon`, filled from `near` by `withCentre`), or null. */
export function centreOf(query: SearchQuery): Centre | null {
  if (query.lat === undefined || query.lon === undefined) return null;
  return { lat: query.lat, lon: query.lon, radiusKm: query.radius_km ?? searchRadiusDefaultKm };
}

/**
 * The query with `near` (a place id) resolved to that place's `lat` and `lon`, so the
 * conditions below read one form of centre.
 * @throws HttpError 400 when `near` names no place.
 */
export async function withCentre(db: Database, query: SearchQuery): Promise<SearchQuery> {
  if (query.near === undefined) return query;
  const place = await findPlace(db, query.near);
  if (!place) throw httpError(400, 'querystring.near must be the id of a place');
  return { ...query, lat: place.lat, lon: place.lon };
}

/**
 * The latitude and longitude ranges (degrees) that contain every point within `radiusKm` of
 * the centre. Longitudes come as one or two ranges (two when the box crosses the 180th
 * meridian); near a pole every longitude.
 */
export function boundingBox(centre: Centre): {
  lat: [number, number];
  lon: [number, number][];
} {
  const dLat = centre.radiusKm / KM_PER_DEGREE;
  const minLat = centre.lat - dLat;
  const maxLat = centre.lat + dLat;
  if (minLat <= -90 || maxLat >= 90) {
    return { lat: [Math.max(-90, minLat), Math.min(90, maxLat)], lon: [[-180, 180]] };
  }
  // The widest longitude span of the circle (on a sphere: asin(sin r / cos lat)).
  const angular = centre.radiusKm / EARTH_RADIUS_KM;
  const ratio = Math.sin(angular) / Math.cos((centre.lat * Math.PI) / 180);
  if (ratio >= 1) return { lat: [minLat, maxLat], lon: [[-180, 180]] };
  // A hair wider than exact, so rounding never drops a listing on the edge.
  const dLon = (Math.asin(ratio) * 180) / Math.PI + 1e-9;
  const minLon = centre.lon - dLon;
  const maxLon = centre.lon + dLon;
  const lat: [number, number] = [minLat - 1e-9, maxLat + 1e-9];
  if (minLon < -180)
    return {
      lat,
      lon: [
        [minLon + 360, 180],
        [-180, maxLon],
      ],
    };
  if (maxLon > 180)
    return {
      lat,
      lon: [
        [minLon, 180],
        [-180, maxLon - 360],
      ],
    };
  return { lat, lon: [[minLon, maxLon]] };
}

/**
 * Past this many one-degree cells (a radius of about 1,000 km near the poles) a keyword search
 * leaves the cells out and tests the bounding box on the keyword's listings instead: the index
 * would look up more cells than the keyword has listings to test.
 */
const MAX_CELLS = 1_000;

/**
 * The one-degree cell of a position (degrees), as `sg_place_cell` (migration 0026) computes it:
 * `(floor(lat) + 90) * 361 + (floor(lon) + 180)`, distinct for every cell from the South Pole's
 * to the North Pole's and from -180° to 180°.
 */
export function placeCell(lat: number, lon: number): number {
  return (Math.floor(lat) + 90) * 361 + (Math.floor(lon) + 180);
}

/**
 * The one-degree cells (`placeCell`) that the centre's bounding box touches, so every listing
 * within the radius lies in one of them; null when there are more than `MAX_CELLS`. A 200 km
 * radius at 34° N touches 20 to 30 cells, 25 km around Austin 2.
 */
export function placeCells(centre: Centre): number[] | null {
  const box = boundingBox(centre);
  const rows = [Math.floor(box.lat[0]), Math.floor(box.lat[1])];
  const columns = box.lon.map(([from, to]) => [Math.floor(from), Math.floor(to)] as const);
  const width = columns.reduce((sum, [from, to]) => sum + to - from + 1, 0);
  if ((rows[1]! - rows[0]! + 1) * width > MAX_CELLS) return null;
  const cells: number[] = [];
  for (let lat = rows[0]!; lat <= rows[1]!; lat += 1) {
    for (const [from, to] of columns) {
      for (let lon = from; lon <= to; lon += 1) cells.push(placeCell(lat, lon));
    }
  }
  return cells;
}

/**
 * With a centre: the listing's one-degree cell is one the radius touches, written as the
 * expression `products_search_vector_place_idx` holds beside the full text (migration 0026), so a
 * keyword within a radius is one scan of that index. AND-ed with the keyword's full-text
 * condition only (the bounding box and the exact distance still decide); undefined without a
 * centre or past `MAX_CELLS`.
 */
export function placeCellCondition(query: SearchQuery): SQL | undefined {
  const centre = centreOf(query);
  const cells = centre ? placeCells(centre) : null;
  if (!cells) return undefined;
  return sql`array[sg_place_cell(${products.placeLat}, ${products.placeLon})] && ${`{${cells.join(',')}}`}::int[]`;
}

/** The listing's great-circle distance from the centre (km), as SQL. */
function distanceSql(centre: Centre): SQL {
  return sql`sg_distance_km(${centre.lat}::float8, ${centre.lon}::float8, ${products.placeLat}, ${products.placeLon})`;
}

/**
 * The condition of a search with a centre: the listing has a place, inside the bounding box
 * (an index range), and within the radius (the exact distance). Undefined without a centre.
 */
export function nearCondition(query: SearchQuery): SQL | undefined {
  const centre = centreOf(query);
  if (!centre) return undefined;
  const box = boundingBox(centre);
  const lon = box.lon.map(
    ([from, to]) => sql`${products.placeLon} between ${from}::float8 and ${to}::float8`,
  );
  const lonCondition = lon.length === 1 ? lon[0]! : sql`(${lon[0]!} or ${lon[1]!})`;
  return sql`${products.placeLat} between ${box.lat[0]}::float8 and ${box.lat[1]}::float8
    and ${lonCondition} and ${distanceSql(centre)} <= ${centre.radiusKm}::float8`;
}

/** The distance column of a search's page: km from the centre, null without a centre. */
export function distanceColumn(query: SearchQuery): SQL<number | null> {
  const centre = centreOf(query);
  return centre ? sql<number | null>`${distanceSql(centre)}` : sql<null>`null::float8`;
}

/** A card row with its distance from the search's centre (km; null without a centre). */
export type NearRow = ProductCardRow & { distanceKm: number | null };

const parseDistance = (text: string) => {
  const value = Number(text);
  return text !== '' && Number.isFinite(value) && value >= 0 ? value : undefined;
};

/**
 * `sort=distance`, nearest first, as one of the search's sort orders: keyset pages on
 * (distance, id); the distance key is the double PostgreSQL computed, written in JavaScript's
 * shortest round-trip form, so the next page compares against exactly that value.
 */
export function distanceOrder(query: SearchQuery) {
  const centre = centreOf(query);
  if (!centre) throw httpError(400, 'querystring.sort distance needs a centre');
  return {
    noop: '0',
    expression: distanceSql(centre),
    descending: false,
    keyOf: (row: ProductCardRow) => String((row as NearRow).distanceKm ?? 0),
    parseKey: parseDistance,
  };
}

/** A distance for the API: km, one decimal. */
export function presentDistance(km: number | null): { distance_km?: number } {
  return km === null || km === undefined ? {} : { distance_km: Math.round(km * 10) / 10 };
}
