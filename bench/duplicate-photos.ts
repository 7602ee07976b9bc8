/**
 * The duplicate-photo lookup at scale (decision 0028; target p95 ≤ 20 ms at 1,000,000 photos):
 * 100,000 listings with 10 photos each (1,000,000 rows of `product_photo_hashes`, uniformly
 * random 64-bit hashes, inserted by SQL), then `findNearDuplicates`
 * (src/server/trust/repository.ts) one call at a time, as the listing page makes it:
 * - one photo: half the queries are a stored hash with 1–7 bits flipped (each must be found),
 *   half are fresh random hashes (nothing to find);
 * - a listing's 10 photos at once (the listing page's call: 680 probe values per band).
 * p50/p95/p99 in ms of the SQL round trip plus the exact Hamming filter, after 20 warm-ups.
 * Also prints the plan of one band's candidates (an index-only scan).
 *
 * Run alone: `npx tsx bench/duplicate-photos.ts [--photos 1000000] [--lookups 500]` (in-memory
 * PGlite, or the database `<BENCH_DATABASE or sg_bench>_photos` on DATABASE_URL, dropped and
 * made afresh), or as the `photos` part of `npm run bench`.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.js';
import { findNearDuplicates } from '../src/server/trust/repository.js';
import { duplicateMaxDistance, hammingDistance } from '../src/server/trust/photo-hash.js';
import { queryRows } from '../src/server/db/rows.js';

/** Photos per listing (the most a listing may have). */
const PHOTOS_PER_LISTING = 10;

export interface PhotoBenchResult {
  photos: number;
  listings: number;
  lookups: number;
  generateMs: number;
  single: { p50: number; p95: number; p99: number; candidatesAvg: number };
  listing: { p50: number; p95: number; p99: number };
  plantedFound: number;
  planted: number;
  plan: string;
}

/** A deterministic pseudo-random 64-bit generator (xorshift64*), the same data every run. */
function random64(seed: bigint) {
  let state = seed;
  return () => {
    state ^= state >> 12n;
    state ^= (state << 25n) & 0xffffffffffffffffn;
    state ^= state >> 27n;
    return BigInt.asIntN(64, (state * 2685821657736338717n) & 0xffffffffffffffffn);
  };
}

const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! * 10) / 10;

/** A database of its own, migrated: PGlite in memory, or a fresh one on DATABASE_URL. */
export async function freshPhotosDatabase(
  reuse = false,
): Promise<{ handle: DatabaseHandle; label: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite' });
    await handle.migrate();
    return { handle, label: 'PGlite, in memory' };
  }
  const name = `${process.env.BENCH_DATABASE ?? 'sg_bench'}_photos`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!reuse || exists.rowCount === 0) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Generating a million rows takes longer than a request's statement timeout.
  const handle = await openDatabase(
    { kind: 'postgres', url: url.toString() },
    { statementTimeoutMs: 30 * 60_000 },
  );
  await handle.migrate();
  return { handle, label: `PostgreSQL server, database ${name}` };
}

/** Generates the photos and measures the lookups. */
export async function measureDuplicatePhotos(
  handle: DatabaseHandle,
  options: { photos?: number; lookups?: number } = {},
): Promise<PhotoBenchResult> {
  const db = handle.db;
  const photos = options.photos ?? 1_000_000;
  const lookups = options.lookups ?? 500;
  const listings = Math.ceil(photos / PHOTOS_PER_LISTING);
  const started = performance.now();
  const present = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from product_photo_hashes`,
  );
  if (present[0]!.n < photos) await generatePhotos(handle, photos, listings);
  const generateMs = Math.round(performance.now() - started);
  return measure(handle, photos, listings, lookups, generateMs);
}

/** Inserts the listings and their photo hashes (deterministic), then vacuums and analyses. */
async function generatePhotos(handle: DatabaseHandle, photos: number, listings: number) {
  const db = handle.db;
  await db.execute(sql`
    insert into users (uid, display_name, email, role)
    select 'bench-seller-' || i, 'Seller ' || i, 'seller' || i || '@bench.example', 'seller'
    from generate_series(1, 1000) as i
  `);
  await db.execute(
    sql`insert into categories (category_name) values ('Bench photos') on conflict do nothing`,
  );
  // Listings in slices (one statement per 20,000), each with 10 photo URLs that have no hash:
  // the trigger finds nothing, and the hashes are written straight into product_photo_hashes.
  for (let from = 1; from <= listings; from += 20_000) {
    const to = Math.min(listings, from + 19_999);
    await db.execute(sql`
      insert into products (product_name, product_description, product_image, product_images,
        category_id, resell_price_cents, original_price_cents, year_of_used, seller_location,
        seller_phone, seller_id, created_at)
      select 'Car ' || i, 'Bench listing', '/uploads/b' || i || '-1.webp',
        array(select '/uploads/b' || i || '-' || k || '.webp' from generate_series(1, ${PHOTOS_PER_LISTING}) as k),
        (select id from categories where category_name = 'Bench photos'),
        100000, 200000, 5, 'Bench', '01700000000',
        (select id from users where uid = 'bench-seller-' || (1 + i % 1000)),
        now() - make_interval(secs => i)
      from generate_series(${from}::int, ${to}::int) as i
    `);
  }
  // Random 64-bit hashes: two independent 32-bit halves (setseed: the same data every run).
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    insert into product_photo_hashes (product_id, position, seller_id, dhash)
    select p.id, k,
      p.seller_id,
      ((floor(random() * 4294967296)::bigint - 2147483648) << 32)
        | floor(random() * 4294967296)::bigint
    from products p, generate_series(1, ${PHOTOS_PER_LISTING}) as k
    limit ${photos}
  `);
  // As autovacuum would: statistics, and the visibility map the index-only scans need.
  await db.execute(sql`vacuum analyze product_photo_hashes`);
  await db.execute(sql`vacuum analyze products`);
}

async function measure(
  handle: DatabaseHandle,
  photos: number,
  listings: number,
  lookups: number,
  generateMs: number,
): Promise<PhotoBenchResult> {
  const db = handle.db;

  // Planted near-duplicates: stored hashes with 1–7 bits flipped.
  const stored = await queryRows<{ dhash: string }>(
    db,
    sql`select dhash::text as dhash from product_photo_hashes order by random() limit ${Math.ceil(lookups / 2)}`,
  );
  const next = random64(0x9e3779b97f4a7c15n);
  const queries: { hash: bigint; planted: bigint | null }[] = [];
  for (const [i, row] of stored.entries()) {
    const original = BigInt(row.dhash);
    let hash = original;
    const flips = 1 + (i % duplicateMaxDistance);
    const used = new Set<number>();
    while (used.size < flips) used.add(Number(BigInt.asUintN(64, next()) % 64n));
    for (const bit of used) hash ^= BigInt.asIntN(64, 1n << BigInt(bit));
    queries.push({ hash: BigInt.asIntN(64, hash), planted: original });
    queries.push({ hash: next(), planted: null });
  }

  for (const query of queries.slice(0, 20)) await findNearDuplicates(db, [query.hash]);
  const single: number[] = [];
  let plantedFound = 0;
  let candidates = 0;
  for (const query of queries) {
    const t0 = performance.now();
    const matches = await findNearDuplicates(db, [query.hash]);
    single.push(performance.now() - t0);
    candidates += matches.length;
    if (query.planted !== null) {
      const found = matches.some((match) => match.distance <= duplicateMaxDistance);
      if (found && hammingDistance(query.hash, query.planted) <= duplicateMaxDistance) {
        plantedFound += 1;
      }
    }
  }
  const listing: number[] = [];
  for (let i = 0; i + PHOTOS_PER_LISTING <= queries.length; i += PHOTOS_PER_LISTING) {
    const hashes = queries.slice(i, i + PHOTOS_PER_LISTING).map((query) => query.hash);
    const t0 = performance.now();
    await findNearDuplicates(db, hashes);
    listing.push(performance.now() - t0);
  }
  single.sort((a, b) => a - b);
  listing.sort((a, b) => a - b);

  const probe = queries[0]!.hash;
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    db,
    sql`
    explain (costs off) select product_id, seller_id, dhash from product_photo_hashes
    where band0 = any(${`{${Number((BigInt.asUintN(64, probe) >> 48n) & 0xffffn)}}`}::int[])
  `,
  );

  return {
    photos,
    listings,
    lookups: queries.length,
    generateMs,
    single: {
      p50: percentile(single, 0.5),
      p95: percentile(single, 0.95),
      p99: percentile(single, 0.99),
      candidatesAvg: Math.round((candidates / queries.length) * 100) / 100,
    },
    listing: {
      p50: percentile(listing, 0.5),
      p95: percentile(listing, 0.95),
      p99: percentile(listing, 0.99),
    },
    plantedFound,
    planted: stored.length,
    plan: plan.map((row) => row['QUERY PLAN']).join('\n'),
  };
}

/** The result as a Markdown table. */
export function photosTable(result: PhotoBenchResult, label: string): string {
  return [
    `Duplicate-photo lookup (${result.photos.toLocaleString('en-US')} photos in ${result.listings.toLocaleString('en-US')} listings, ${label}; generated in ${Math.round(result.generateMs / 1000)} s):`,
    '',
    '| Lookup | calls | p50 ms | p95 ms | p99 ms |',
    '|---|---:|---:|---:|---:|',
    `| one photo (${result.plantedFound}/${result.planted} planted near-duplicates found) | ${result.lookups} | ${result.single.p50} | ${result.single.p95} | ${result.single.p99} |`,
    `| a listing's 10 photos | ${Math.floor(result.lookups / PHOTOS_PER_LISTING)} | ${result.listing.p50} | ${result.listing.p95} | ${result.listing.p99} |`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      photos: { type: 'string', default: '1000000' },
      lookups: { type: 'string', default: '500' },
    },
  });
  const { handle, label } = await freshPhotosDatabase();
  try {
    const result = await measureDuplicatePhotos(handle, {
      photos: Number(values.photos),
      lookups: Number(values.lookups),
    });
    console.log(photosTable(result, label));
    console.log(`\nPlan of one band's candidates:\n${result.plan}`);
  } finally {
    await handle.close();
  }
}
