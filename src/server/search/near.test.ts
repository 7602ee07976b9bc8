/**
 * The one-degree cells of a keyword within a radius (migration 0026): every position within the
 * radius lies in a cell `placeCells` lists, across the 180th meridian too, and the database's
 * `sg_place_cell` puts a position in the same cell as `placeCell`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from '../test-support/database.js';
import { placeCell, placeCells, type Centre } from './near.js';
import { rowsOf } from '../db/rows.js';

const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (value: number) => (value * 180) / Math.PI;

/** The position `km` from `centre` on `bearing` (degrees), on the sphere the search uses. */
function destination(centre: Centre, km: number, bearing: number) {
  const angular = km / EARTH_RADIUS_KM;
  const lat1 = radians(centre.lat);
  const lat = Math.asin(
    Math.sin(lat1) * Math.cos(angular) +
      Math.cos(lat1) * Math.sin(angular) * Math.cos(radians(bearing)),
  );
  const lon =
    radians(centre.lon) +
    Math.atan2(
      Math.sin(radians(bearing)) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat),
    );
  // Back into -180..180.
  return { lat: degrees(lat), lon: ((((degrees(lon) + 180) % 360) + 360) % 360) - 180 };
}

describe('placeCells', () => {
  const centres: Centre[] = [
    { lat: 34.05223, lon: -118.24368, radiusKm: 200 }, // Los Angeles
    { lat: 30.26715, lon: -97.74306, radiusKm: 25 }, // Austin
    { lat: 51.5, lon: -0.12, radiusKm: 80 }, // London, across the prime meridian
    { lat: -18.14, lon: 178.44, radiusKm: 300 }, // Suva, across the 180th meridian
    { lat: 64.2, lon: -179.5, radiusKm: 500 },
    { lat: -33.87, lon: 151.21, radiusKm: 1000 }, // Sydney
    { lat: 0.2, lon: 0.3, radiusKm: 1 },
  ];

  it('lists a cell for every position within the radius', () => {
    for (const centre of centres) {
      const cells = new Set(placeCells(centre));
      expect(cells.size, JSON.stringify(centre)).toBeGreaterThan(0);
      for (let bearing = 0; bearing < 360; bearing += 7.5) {
        for (const share of [0, 0.25, 0.5, 0.9, 0.999]) {
          const point = destination(centre, centre.radiusKm * share, bearing);
          expect(
            cells.has(placeCell(point.lat, point.lon)),
            `${JSON.stringify(centre)} at ${bearing}° ${share}`,
          ).toBe(true);
        }
      }
    }
  });

  it('touches few cells for a city radius, both sides of the 180th meridian', () => {
    expect(placeCells({ lat: 30.26715, lon: -97.74306, radiusKm: 25 })).toHaveLength(2);
    const suva = placeCells({ lat: -18.14, lon: 178.44, radiusKm: 300 })!;
    expect(suva).toContain(placeCell(-18.5, 179.9));
    expect(suva).toContain(placeCell(-18.5, -179.9));
  });

  it('gives up past 1,000 cells (a large radius near a pole)', () => {
    expect(placeCells({ lat: 80, lon: 10, radiusKm: 1000 })).toBeNull();
  });
});

describe('sg_place_cell', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 120_000);
  afterAll(() => handle.close());

  it('puts a position in the cell placeCell computes', async () => {
    const positions: [number, number][] = [
      [30.26715, -97.74306],
      [-33.87, 151.21],
      [0, 0],
      [-0.0001, -0.0001],
      [89.9, 179.99],
      [90, 180],
      [-90, -180],
      [51.99999, -0.00001],
    ];
    for (const [lat, lon] of positions) {
      const result = await handle.db.execute(
        sql`select sg_place_cell(${lat}::float8, ${lon}::float8) as cell`,
      );
      const [row] = rowsOf<{ cell: number }>(result);
      expect(Number(row?.cell), `${lat}, ${lon}`).toBe(placeCell(lat, lon));
    }
  });
});
