/**
 * Seller insights (decision 0029), one request at a time, p50/p95/p99 in ms:
 * - the listing page (`GET /listing/{id}`, server-rendered, 200 different listings) without any
 *   view recording, then the same pages while four clients send view beacons
 *   (`POST /api/product/{id}/view`, a new visitor each) as fast as they are answered: the cost
 *   of recording on the page, and the beacon's own latency;
 * - `GET /api/seller/insights?days=30` and `?days=90` for a seller with 200 listings, each with
 *   90 days of rollups (plus 90 days for 20,000 other listings), set up here with SQL;
 * - `GET /api/time-to-sell` for different cars and prices.
 * Needs a PostgreSQL server (the seller's listings and rollups are written with SQL).
 */
import pg from 'pg';
import type { SearchLatency } from './search.js';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

function summary(mix: string, example: string, times: number[], errors: number): SearchLatency {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    mix,
    example,
    requests: times.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    errors,
  };
}

async function timed(
  mix: string,
  url: (i: number) => string,
  requests: number,
  init: RequestInit = {},
): Promise<SearchLatency> {
  for (let i = 0; i < 10; i += 1) await (await fetch(url(requests + i), init)).arrayBuffer();
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < requests; i += 1) {
    const started = performance.now();
    const response = await fetch(url(i), init);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) errors += 1;
  }
  return summary(mix, new URL(url(0)).pathname + new URL(url(0)).search, times, errors);
}

/** A seller through the identity API with a saved record; its uid and API token. */
async function sellerToken(base: string): Promise<{ uid: string; token: string }> {
  const origin = { origin: base, 'content-type': 'application/json' };
  const email = `bench-insights-${Date.now()}@bench.example.com`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email, password: 'bench-password', name: 'Bench Seller' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email, password: 'bench-password' }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  const cookie = (signIn.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
  const { user } = (await signIn.json()) as { user: { id: string } };
  const headers = { ...origin, cookie };
  const saved = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ displayName: 'Bench Seller', email, photoURL: '', role: 'seller' }),
  });
  if (!saved.ok) throw new Error(`saving the user failed: ${saved.status}`);
  const jwt = await fetch(`${base}/api/jwt`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ user: user.id }),
  });
  return { uid: user.id, token: ((await jwt.json()) as { token: string }).token };
}

/** Gives the seller `uid` 200 vehicle listings and 90 days of rollups (and 20,000 others too). */
async function seedSeller(databaseUrl: string, uid: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from users where uid = $1', [
      uid,
    ]);
    const sellerId = rows[0]!.id;
    await client.query(
      `insert into products (product_name, product_description, product_image, product_images,
         category_id, condition, resell_price_cents, original_price_cents, year_of_used,
         seller_location, seller_phone, seller_id, created_at, make, model, model_year, mileage_km)
       select product_name, product_description, product_image, product_images, category_id,
         condition, resell_price_cents, original_price_cents, year_of_used, seller_location,
         seller_phone, $1, now() - random() * interval '120 days', make, model, model_year,
         mileage_km
       from products where make is not null and not order_status and deleted_at is null
       limit 200`,
      [sellerId],
    );
    const days = `generate_series(current_date - 89, current_date, interval '1 day')`;
    await client.query(
      `insert into listing_daily_stats (product_id, day, views, impressions, favourites,
         conversations, bookings)
       select p.id, d::date, (random() * 40)::int, (random() * 400)::int, (random() * 2)::int,
         (random() * 1.3)::int, (random() * 1.1)::int
       from products p, ${days} d where p.seller_id = $1
       on conflict do nothing`,
      [sellerId],
    );
    await client.query(
      `insert into listing_daily_stats (product_id, day, views, impressions)
       select p.id, d::date, (random() * 40)::int, (random() * 400)::int
       from (select id from products where seller_id <> $1 order by id limit 20000) p, ${days} d
       on conflict do nothing`,
      [sellerId],
    );
    await client.query('analyze listing_daily_stats');
  } finally {
    await client.end();
  }
}

export interface InsightsBench {
  page: SearchLatency[];
  insights: SearchLatency[];
}

/** Runs the measurements above against the server at `base` on `databaseUrl`. */
export async function measureInsights(
  base: string,
  databaseUrl: string,
  requests = 200,
): Promise<InsightsBench> {
  const ids: string[] = [];
  for (const make of ['Toyota', 'Honda', 'Ford', 'BMW', 'Kia', 'Mazda']) {
    const response = await fetch(`${base}/api/search?make=${make}&limit=48`);
    const body = (await response.json()) as { items?: { _id: string }[] };
    ids.push(...(body.items ?? []).map((item) => item._id));
  }
  if (ids.length === 0) throw new Error('no listings to visit');
  const page = (i: number) => `${base}/listing/${ids[i % ids.length]}`;
  const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' };

  // Every page once first: both phases then read the same warm caches (the first visit of a
  // page renders it; later ones are answered from the public cache until a write).
  for (const id of ids) await (await fetch(`${base}/listing/${id}`)).arrayBuffer();
  const pageRows: SearchLatency[] = [];
  pageRows.push(await timed('listing page, no view recording', page, requests));

  // Beacons from four clients meanwhile, each for a visitor of a listing: the ids are issued by
  // the server first (a view counts only under an issued id; VISITOR_ID_HOURLY_MAX is raised
  // for the bench in run.ts).
  const visitors: string[] = [];
  for (let i = 0; i < 200; i++) {
    const issued = await fetch(`${base}/api/visitors`, { method: 'POST', headers: browser });
    visitors.push(((await issued.json()) as { visitor_id: string }).visitor_id);
  }
  let running = true;
  const beaconTimes: number[] = [];
  let beaconErrors = 0;
  let sent = 0;
  const sender = async () => {
    while (running) {
      const id = ids[sent % ids.length]!;
      sent += 1;
      const started = performance.now();
      const response = await fetch(`${base}/api/product/${id}/view`, {
        method: 'POST',
        headers: { ...browser, 'content-type': 'application/json' },
        body: JSON.stringify({ visitor_id: visitors[sent % visitors.length] }),
      });
      await response.arrayBuffer();
      beaconTimes.push(performance.now() - started);
      if (response.status !== 202) beaconErrors += 1;
    }
  };
  const senders = [sender(), sender(), sender(), sender()];
  const started = performance.now();
  pageRows.push(await timed('listing page, while 4 clients send view beacons', page, requests));
  running = false;
  await Promise.all(senders);
  const seconds = (performance.now() - started) / 1000;
  pageRows.push(
    summary(
      `view beacon (${Math.round(beaconTimes.length / seconds)} per second meanwhile)`,
      '/api/product/{id}/view',
      beaconTimes,
      beaconErrors,
    ),
  );

  console.log(JSON.stringify(pageRows));
  const seller = await sellerToken(base);
  await seedSeller(databaseUrl, seller.uid);
  const auth = { headers: { authorization: `Bearer ${seller.token}` } };
  const insightsRows = [
    await timed(
      'insights, 200 listings, 30 days',
      () => `${base}/api/seller/insights?days=30`,
      requests,
      auth,
    ),
    await timed(
      'insights, 200 listings, 90 days',
      () => `${base}/api/seller/insights?days=90`,
      requests,
      auth,
    ),
    await timed(
      'time to sell, a different car and price each',
      (i) =>
        `${base}/api/time-to-sell?make=${['Toyota', 'Honda', 'Ford', 'BMW'][i % 4]}&model=${['Corolla', 'Civic', 'Ranger', 'X5'][i % 4]}&model_year=${2000 + (i % 25)}&mileage_km=${(i * 7919) % 250_000}&price=${5_000 + ((i * 131) % 30_000)}`,
      requests,
    ),
  ];
  return { page: pageRows, insights: insightsRows };
}
