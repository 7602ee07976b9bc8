/**
 * Saved-search alert matching (decision 0014): 10,000 saved searches (2,000 users,
 * five each, with a realistic mix of filters) and 10,000 listings already live, then a burst of
 * 1,000 new listings matched by the reverse query (`recordMatches`,
 * src/server/saved-searches/repository.ts) two ways:
 * - one listing per call, as the `saved-search-match` job does for each listing that goes live:
 *   p50/p95/p99 and the total for the burst;
 * - the burst in batches of 100 listings per statement (the batch form the job also accepts).
 * Prints a Markdown table. Run alone with `npm run bench:alerts` (in-memory PGlite, or a fresh
 * `sg_bench_alerts` database on DATABASE_URL), or as the last part of `npm run bench`.
 *
 * Options (alone): --searches N (10000), --listings N (1000), --existing N (10000).
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.js';
import { savedSearches } from '../src/server/db/schema.js';
import {
  countMatches,
  filterColumnsOf,
  recordMatches,
} from '../src/server/saved-searches/repository.js';
import { queryRows } from '../src/server/db/rows.js';

const MAKES: [string, string[]][] = [
  ['Toyota', ['Corolla', 'Camry', 'Yaris', 'RAV4', 'Hilux']],
  ['Honda', ['Civic', 'Accord', 'Fit', 'CR-V']],
  ['Ford', ['Focus', 'Fiesta', 'Ranger', 'Mustang']],
  ['BMW', ['320i', 'X3', 'X5']],
  ['Kia', ['Rio', 'Sportage', 'Picanto']],
  ['Mazda', ['Mazda3', 'CX-5', 'MX-5']],
  ['Nissan', ['Leaf', 'Sunny', 'X-Trail']],
  ['Hyundai', ['Tucson', 'Elantra', 'i10']],
  ['Volkswagen', ['Golf', 'Polo', 'Passat']],
  ['Subaru', ['Outback', 'Forester', 'Impreza']],
];
const FUELS = ['Petrol', 'Diesel', 'Hybrid', 'Electric'];
const KEYWORDS = ['automatic', 'one owner', 'service history', 'sunroof', 'corola', 'low mileage'];

/** Listings per statement in the batched run. */
const BATCH = 100;

export interface AlertBenchResult {
  savedSearches: number;
  existingListings: number;
  burst: number;
  perListing: { p50: number; p95: number; p99: number; totalMs: number; matches: number };
  lookupOnly: { p50: number; p95: number; p99: number; totalMs: number; matches: number };
  batch: { totalMs: number; matches: number };
}

/** A deterministic pseudo-random sequence (the same data on every run). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

async function insertListings(handle: DatabaseHandle, count: number, offset: number) {
  const { db } = handle;
  const rows: string[] = [];
  const values = MAKES.flatMap(([make, models]) => models.map((model) => [make, model]));
  const result = await queryRows<{ id: string }>(
    db,
    sql`
    with vehicles (n, make, model) as (values ${sql.join(
      values.map(([make, model], n) => sql`(${n}::int, ${make}::text, ${model}::text)`),
      sql`, `,
    )}),
    c as (select id, row_number() over (order by category_name) - 1 as n from categories),
    s as (select id, row_number() over (order by uid) - 1 as n from users where role = 'seller')
    insert into products (product_name, product_description, product_image, product_images,
      category_id, condition, resell_price_cents, original_price_cents, year_of_used,
      seller_location, seller_phone, seller_id, make, model, model_year, mileage_km, fuel_type,
      transmission)
    select v.make || ' ' || v.model || ' #' || i,
           'Bench listing ' || i || ': ' || (array['one owner','full service history','sunroof','automatic, low mileage','garage kept'])[1 + i % 5] || '.',
           '/uploads/bench.webp', array['/uploads/bench.webp'], c.id,
           (array['Excellent','Good','Fair'])[1 + i % 3],
           100000 + (i::bigint * 7919) % 5000000, 6000000, i % 15, 'Dhaka', '01700000000', s.id,
           v.make, v.model, 2000 + (i * 7) % 25, (i::bigint * 3557 % 300000)::int,
           (array['Petrol','Diesel','Hybrid','Electric'])[1 + (i / 3) % 4],
           (array['Manual','Automatic'])[1 + (i / 7) % 2]
    from generate_series(${offset + 1}::int, ${offset + count}::int) as i
    join vehicles v on v.n = (i * 13) % ${values.length}
    join c on c.n = i % 10
    join s on s.n = i % 200
    returning id`,
  );
  rows.push(...result.map((row) => row.id));
  return rows;
}

/** Fills `handle` (migrated, empty) and measures the matching. */
export async function measureSavedSearchAlerts(
  handle: DatabaseHandle,
  options: { searches?: number; listings?: number; existing?: number } = {},
): Promise<AlertBenchResult> {
  const searches = options.searches ?? 10_000;
  const burst = options.listings ?? 1_000;
  const existing = options.existing ?? 10_000;
  const { db } = handle;
  const next = random(15);

  for (let i = 0; i < 10; i += 1) {
    await db.execute(sql`insert into categories (category_name) values (${`Bench category ${i}`})`);
  }
  await db.execute(sql`
    insert into users (uid, display_name, email, photo_url, role, status)
    select 'alerts-seller-' || i, 'Seller ' || i, 'seller' || i || '@bench.example.com', '',
           'seller', case when i % 3 = 0 then 'verified' else 'unverified' end
    from generate_series(1, 200) as i`);
  const userCount = Math.ceil(searches / 5);
  const users = await queryRows<{ id: string }>(
    db,
    sql`
    insert into users (uid, display_name, email, photo_url, role)
    select 'alerts-buyer-' || i, 'Buyer ' || i, 'buyer' || i || '@bench.example.com', '', 'buyer'
    from generate_series(1, ${userCount}::int) as i
    returning id`,
  );
  const categoryIds = (
    await queryRows<{ id: string }>(db, sql`select id from categories order by category_name`)
  ).map((row) => row.id);

  // The mix: a saved search names what the buyer wants — a make (85%; half of those a model
  // too), else a keyword (10%) or a category (4.5%); 0.5% save "everything". On top: half a
  // price cap, some a minimum price, year, fuel, mileage, verified sellers or a keyword.
  const rows = [];
  for (let i = 0; i < searches; i += 1) {
    const query: Record<string, string | number | boolean> = {};
    const kind = next();
    if (kind < 0.85) {
      const [make, models] = MAKES[Math.floor(next() * MAKES.length)]!;
      query.make = make;
      if (next() < 0.5) query.model = models[Math.floor(next() * models.length)]!;
      if (next() < 0.1) query.q = KEYWORDS[Math.floor(next() * KEYWORDS.length)]!;
    } else if (kind < 0.95) {
      query.q = KEYWORDS[Math.floor(next() * KEYWORDS.length)]!;
    } else if (kind < 0.995) {
      query.category = categoryIds[Math.floor(next() * categoryIds.length)]!;
    }
    if (kind < 0.995) {
      if (next() < 0.5) query.max_price = 5_000 + Math.floor(next() * 40) * 1_000;
      if (next() < 0.2) query.min_price = 1_000 + Math.floor(next() * 5) * 1_000;
      if (next() < 0.3) query.min_year = 2005 + Math.floor(next() * 15);
      if (next() < 0.15) query.fuel_type = FUELS[Math.floor(next() * FUELS.length)]!;
      if (next() < 0.1) query.verified = true;
      if (next() < 0.1) query.max_mileage = 50_000 + Math.floor(next() * 20) * 10_000;
    }
    const alert = next() < 0.6 ? 'instant' : next() < 0.8 ? 'daily' : 'off';
    rows.push({
      userId: users[i % users.length]!.id,
      name: `Search ${i}`,
      query,
      alert,
      ...filterColumnsOf(query),
    });
  }
  for (let from = 0; from < rows.length; from += 500) {
    await db.insert(savedSearches).values(rows.slice(from, from + 500));
  }
  await insertListings(handle, existing, 0);
  await db.execute(sql`analyze`);

  const burstIds = await insertListings(handle, burst, existing);
  // Warm-up on a few listings of the existing stock (not counted).
  const warm = (await queryRows<{ id: string }>(db, sql`select id from products limit 20`)).map(
    (row) => row.id,
  );
  for (const id of warm) await recordMatches(db, [id]);

  // The lookup alone (the indexed reverse query, counting instead of recording).
  const lookupTimes: number[] = [];
  let lookupMatches = 0;
  const lookupStarted = performance.now();
  for (const id of burstIds) {
    const t0 = performance.now();
    lookupMatches += await countMatches(db, [id]);
    lookupTimes.push(performance.now() - t0);
  }
  const lookupMs = performance.now() - lookupStarted;
  lookupTimes.sort((a, b) => a - b);

  const times: number[] = [];
  let matches = 0;
  const started = performance.now();
  for (const id of burstIds) {
    const t0 = performance.now();
    matches += (await recordMatches(db, [id])).length;
    times.push(performance.now() - t0);
  }
  const totalMs = performance.now() - started;
  times.sort((a, b) => a - b);

  // The same burst again in batches of BATCH listings (one statement each), from scratch.
  await db.execute(sql`delete from saved_search_matches`);
  const batchStarted = performance.now();
  let batchMatches = 0;
  for (let from = 0; from < burstIds.length; from += BATCH) {
    batchMatches += (await recordMatches(db, burstIds.slice(from, from + BATCH))).length;
  }
  const batchMs = performance.now() - batchStarted;

  return {
    savedSearches: searches,
    existingListings: existing,
    burst,
    perListing: {
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      p99: round(percentile(times, 99)),
      totalMs: Math.round(totalMs),
      matches,
    },
    lookupOnly: {
      p50: round(percentile(lookupTimes, 50)),
      p95: round(percentile(lookupTimes, 95)),
      p99: round(percentile(lookupTimes, 99)),
      totalMs: Math.round(lookupMs),
      matches: lookupMatches,
    },
    batch: { totalMs: Math.round(batchMs), matches: batchMatches },
  };
}

/** The result as a Markdown table. */
export function alertsTable(result: AlertBenchResult, database: string): string {
  return [
    `Saved-search alert matching (${database}): ${result.savedSearches.toLocaleString('en-US')} saved searches, ` +
      `${result.existingListings.toLocaleString('en-US')} listings live, burst of ${result.burst.toLocaleString('en-US')} new listings`,
    '',
    '| matching | p50 ms | p95 ms | p99 ms | total ms | matches recorded |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    `| lookup only, one listing per call (no writes) | ${result.lookupOnly.p50} | ${result.lookupOnly.p95} | ${result.lookupOnly.p99} | ${result.lookupOnly.totalMs} | (${result.lookupOnly.matches}) |`,
    `| one listing per call (the job) | ${result.perListing.p50} | ${result.perListing.p95} | ${result.perListing.p99} | ${result.perListing.totalMs} | ${result.perListing.matches} |`,
    `| ${BATCH} listings per call (batched) | | | | ${result.batch.totalMs} | ${result.batch.matches} |`,
  ].join('\n');
}

/** A fresh database: a new `sg_bench_alerts` on DATABASE_URL, else in-memory PGlite. */
export async function freshAlertsDatabase(): Promise<{ handle: DatabaseHandle; label: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite' });
    await handle.migrate();
    return { handle, label: 'PGlite, in memory' };
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('drop database if exists sg_bench_alerts with (force)');
  await admin.query('create database sg_bench_alerts');
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = '/sg_bench_alerts';
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  await handle.migrate();
  return { handle, label: 'PostgreSQL server' };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      searches: { type: 'string', default: '10000' },
      listings: { type: 'string', default: '1000' },
      existing: { type: 'string', default: '10000' },
    },
  });
  const { handle, label } = await freshAlertsDatabase();
  try {
    const result = await measureSavedSearchAlerts(handle, {
      searches: Number(values.searches),
      listings: Number(values.listings),
      existing: Number(values.existing),
    });
    console.log(alertsTable(result, label));
  } finally {
    await handle.close();
  }
}
