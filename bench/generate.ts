/**
 * Generates marketplace data at scale for the benchmarks: categories, sellers,
 * buyers, listings and paid orders, inserted by PostgreSQL itself with `generate_series` in
 * batches (with a progress bar), on PGlite (a fresh directory) or a PostgreSQL server (a fresh
 * database `sg_bench` next to the one DATABASE_URL names).
 *
 * Usage: npx tsx bench/generate.ts [--products 100000] [--data-dir bench/.data]
 */
import { rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.js';
import { orders } from '../src/server/db/schema.js';

export interface GenerateOptions {
  products: number;
  /** Folder for PGlite files (DATA_DIR); its `db` subfolder is recreated. */
  dataDir: string;
  /** A PostgreSQL server URL; the data goes into a fresh database `sg_bench` on that server. */
  serverUrl?: string;
}

export interface GeneratedData {
  /** The DATABASE_URL for the server under test, or undefined for PGlite in dataDir. */
  databaseUrl?: string;
  categories: number;
  sellers: number;
  buyers: number;
  products: number;
  orders: number;
}

const CATEGORY_NAMES = [
  'Sedan',
  'Suv',
  'Pickup truck',
  'Hatchback',
  'Motorcycle',
  'Electric car',
  'Van & minibus',
  'Coupe & convertible',
  'Parts & accessories',
  'Bicycles',
];
/** Makes and models of the generated listings (search, decision 0012): 40, so each ~2.5%. */
const VEHICLES: [string, string][] = [
  ['Toyota', 'Corolla'],
  ['Toyota', 'Camry'],
  ['Toyota', 'RAV4'],
  ['Toyota', 'Hilux'],
  ['Toyota', 'Prius'],
  ['Honda', 'Civic'],
  ['Honda', 'Accord'],
  ['Honda', 'CR-V'],
  ['Honda', 'Fit'],
  ['Nissan', 'X-Trail'],
  ['Nissan', 'Leaf'],
  ['Nissan', 'Navara'],
  ['Nissan', 'Sunny'],
  ['Ford', 'Ranger'],
  ['Ford', 'Focus'],
  ['Ford', 'Fiesta'],
  ['Ford', 'Mustang'],
  ['Volkswagen', 'Golf'],
  ['Volkswagen', 'Passat'],
  ['Volkswagen', 'Polo'],
  ['BMW', '320i'],
  ['BMW', 'X5'],
  ['Mercedes-Benz', 'C200'],
  ['Mercedes-Benz', 'E250'],
  ['Audi', 'A4'],
  ['Audi', 'Q5'],
  ['Hyundai', 'Elantra'],
  ['Hyundai', 'Tucson'],
  ['Kia', 'Sportage'],
  ['Kia', 'Rio'],
  ['Mazda', 'CX-5'],
  ['Mazda', 'Mazda3'],
  ['Subaru', 'Outback'],
  ['Suzuki', 'Swift'],
  ['Mitsubishi', 'Pajero'],
  ['Škoda', 'Octavia'],
  ['Peugeot', '208'],
  ['Renault', 'Clio'],
  ['Tesla', 'Model 3'],
  ['Yamaha', 'R15'],
];
const BATCH = 10_000;

function progress(label: string, done: number, total: number): void {
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(
    `\r${label.padEnd(10)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`,
  );
  if (done >= total) process.stderr.write('\n');
}

/** The benchmark's database on a PostgreSQL server (BENCH_DATABASE, default `sg_bench`). */
export const benchDatabase = /^[a-z_][a-z0-9_]*$/.test(process.env.BENCH_DATABASE ?? '')
  ? process.env.BENCH_DATABASE!
  : 'sg_bench';

async function freshServerDatabase(serverUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${benchDatabase} with (force)`);
  await admin.query(`create database ${benchDatabase}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${benchDatabase}`;
  return url.toString();
}

async function inBatches(
  label: string,
  total: number,
  insert: (from: number, to: number) => Promise<unknown>,
): Promise<void> {
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await insert(from, to);
    progress(label, to, total);
  }
}

/** Creates the fresh database and fills it; returns what was made. */
export async function generate(options: GenerateOptions): Promise<GeneratedData> {
  let handle: DatabaseHandle;
  let databaseUrl: string | undefined;
  if (options.serverUrl) {
    databaseUrl = await freshServerDatabase(options.serverUrl);
    // The paid-orders step runs longer than the server's statement timeout at 1M listings.
    handle = await openDatabase(
      { kind: 'postgres', url: databaseUrl },
      { statementTimeoutMs: 30 * 60_000 },
    );
  } else {
    const dir = path.join(options.dataDir, 'db');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    handle = await openDatabase({ kind: 'pglite', dir });
  }
  const { db } = handle;
  await handle.migrate();

  const sellers = Math.max(10, Math.round(options.products / 50));
  const buyers = Math.max(10, Math.round(options.products / 100));
  const orderCount = Math.round(options.products / 20);

  for (const name of CATEGORY_NAMES) {
    await db.execute(sql`insert into categories (category_name) values (${name})`);
  }
  await inBatches('sellers', sellers, (from, to) =>
    db.execute(sql`
      insert into users (uid, display_name, email, photo_url, role, status)
      select 'bench-seller-' || i, 'Seller ' || i, 'seller' || i || '@bench.example.com',
             '/uploads/bench-avatar.webp', 'seller',
             case when i % 3 = 0 then 'verified' else 'unverified' end
      from generate_series(${from}::int, ${to}::int) as i`),
  );
  await inBatches('buyers', buyers, (from, to) =>
    db.execute(sql`
      insert into users (uid, display_name, email, photo_url, role)
      select 'bench-buyer-' || i, 'Buyer ' || i, 'buyer' || i || '@bench.example.com',
             '/uploads/bench-avatar.webp', 'buyer'
      from generate_series(${from}::int, ${to}::int) as i`),
  );
  // Listings: spread evenly over the categories (so each holds ~10%), over the sellers, and
  // over the last 365 days; 1 in 200 promoted, 1 in 20 sold (never all of one model). The state
  // is `listing_status` (order_status is derived from it, decision 0027).
  await inBatches('listings', options.products, (from, to) =>
    db.execute(sql`
      with vehicles (n, make, model) as (values ${sql.join(
        VEHICLES.map(([make, model], n) => sql`(${n}::int, ${make}::text, ${model}::text)`),
        sql`, `,
      )}),
      c as (select id, row_number() over (order by category_name) - 1 as n from categories),
      -- Places (decision 0026): the 500 most populous US towns, listings spread evenly over
      -- them (2,000 each at 1M), so a radius around a metro area holds tens of thousands.
      pl as (select id, name, region_code, row_number() over (order by population desc, id) - 1 as n
             from places where country_code = 'US' order by population desc, id limit 500),
           s as (select id, row_number() over (order by uid) - 1 as n from users where role = 'seller')
      insert into products (product_name, product_description, product_image, product_images, category_id,
        condition, resell_price_cents, original_price_cents, year_of_used, seller_location,
        seller_phone, seller_id, created_at, listing_status, promote,
        make, model, model_year, mileage_km, fuel_type, transmission, place_id)
      select v.make || ' ' || v.model || ' ' || (2000 + (i * 7) % 25) || ' #' || i,
             'Generated listing ' || i || ' for the benchmark: ' || (array['one owner','full service history','new tyres','garage kept','minor scratches'])[1 + i % 5] || '.',
             '/uploads/bench-listing.webp',
             array['/uploads/bench-listing.webp'],
             c.id,
             (array['Excellent','Good','Fair'])[1 + i % 3],
             100000 + (i::bigint * 7919) % 5000000,
             6000000 + (i::bigint * 104729) % 4000000,
             i % 15,
             pl.name || ', ' || pl.region_code,
             '0170000' || lpad((i % 10000)::text, 4, '0'),
             s.id,
             date_trunc('milliseconds', now() - (i % 525600) * interval '1 minute' - i * interval '1 millisecond'),
             case when i % 20 = 3 then 'sold' else 'active' end,
             i % 200 = 1,
             v.make, v.model, 2000 + (i * 7) % 25, (i::bigint * 3557 % 300000)::int,
             (array['Petrol','Diesel','Hybrid','Electric','Other'])[1 + (i / 3) % 5],
             (array['Manual','Automatic'])[1 + (i / 7) % 2],
             pl.id
      from generate_series(${from}::int, ${to}::int) as i
      join c on c.n = i % ${CATEGORY_NAMES.length}
      join s on s.n = i % ${sellers}
      join vehicles v on v.n = (i * 13) % ${VEHICLES.length}
      join pl on pl.n = (i * 31) % 500`),
  );
  // Paid orders (with payments) for the sold listings, up to `orders`.
  await db.execute(sql`
    with sold as (
      select p.id, p.seller_id, p.product_name, p.product_image, p.resell_price_cents, p.category_id,
             p.seller_phone, p.seller_location, row_number() over (order by p.id) as n
      from products p where p.order_status limit ${orderCount}
    ), b as (select id, display_name, email, row_number() over (order by uid) - 1 as n from users where role = 'buyer'),
    ins as (
      insert into orders (product_id, buyer_id, seller_id, customer_name, customer_email,
        customer_phone, meeting_location, product_name, product_image, product_price_cents,
        product_category, product_category_id, seller_name, seller_phone, seller_email,
        seller_image, seller_location, order_status)
      select sold.id, b.id, sold.seller_id, b.display_name, b.email, '01800000000', 'Dhaka',
             sold.product_name, sold.product_image, sold.resell_price_cents, c.category_name,
             sold.category_id, u.display_name, sold.seller_phone, u.email, u.photo_url,
             sold.seller_location, true
      from sold
      join b on b.n = sold.n % ${buyers}
      join categories c on c.id = sold.category_id
      join users u on u.id = sold.seller_id
      returning id, product_id, buyer_id, product_price_cents, customer_email
    )
    insert into payments (order_id, product_id, buyer_id, price_cents, transaction_id, email)
    select id, product_id, buyer_id, product_price_cents, 'pi_bench_' || replace(id::text, '-', ''), customer_email
    from ins`);
  const [counts] = await db.select({ orders: sql<number>`count(*)::int` }).from(orders);
  // VACUUM, not only ANALYZE: a bulk-loaded table has no visibility map yet, so every index-only
  // scan (price guidance, decision 0019) would fetch each row from the heap (56 ms instead of
  // 3 ms at 1M listings) until autovacuum came by. A live table is vacuumed by autovacuum.
  await db.execute(sql`vacuum analyze`);
  await handle.close();
  return {
    databaseUrl,
    categories: CATEGORY_NAMES.length,
    sellers,
    buyers,
    products: options.products,
    orders: counts?.orders ?? 0,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      'data-dir': { type: 'string', default: 'bench/.data' },
    },
  });
  const started = performance.now();
  const result = await generate({
    products: Number(values.products),
    dataDir: path.resolve(values['data-dir']),
    serverUrl: process.env.DATABASE_URL,
  });
  console.log(result, `in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
