/**
 * Search latency (decision 0012): `GET /api/search` with several filter mixes, each
 * request with different values (so the counts cache of big result sets helps only as it would
 * for real visitors), one request at a time: p50/p95/p99 in ms per mix.
 */

/**
 * A filter mix: a name and a query string for request `i`, sent to `GET /api/search`, or to
 * the path `path(i)` returns (the category pages, measured beside the searches).
 */
export interface SearchMix {
  name: string;
  query: (i: number) => string;
  path?: (i: number) => string;
}

/**
 * A category page's keyset cursor (lib/pagination.ts: base64url of `<ISO created_at>|<id>`)
 * pointing `days` back from now: a page as deep as a visitor who kept pressing Load more, and a
 * URL no earlier request used, so the public cache cannot answer it.
 */
function categoryCursor(days: number): string {
  const at = new Date(Date.now() - days * 86_400_000).toISOString();
  return Buffer.from(`${at}|ffffffff-ffff-4fff-bfff-ffffffffffff`).toString('base64url');
}

const MODELS = ['corolla', 'civic', 'golf', 'leaf', 'ranger', 'tucson', 'outback', 'octavia'];
const TYPOS = ['corola', 'civik', 'tuscon', 'outbak', 'octavya', 'rangr'];
const MAKES = ['Toyota', 'Honda', 'Ford', 'BMW', 'Kia', 'Mazda', 'Audi', 'Nissan'];
const FUELS = ['Petrol', 'Diesel', 'Hybrid', 'Electric'];

/** GeoNames ids and positions of US metro centres (decision 0026). */
const CITIES = [
  { id: 4671654, lat: 30.26715, lon: -97.74306 }, // Austin
  { id: 4684888, lat: 32.78306, lon: -96.80667 }, // Dallas
  { id: 5419384, lat: 39.73915, lon: -104.9847 }, // Denver
  { id: 5308655, lat: 33.44838, lon: -112.07404 }, // Phoenix
  { id: 4887398, lat: 41.85003, lon: -87.65005 }, // Chicago
  { id: 5809844, lat: 47.60621, lon: -122.33207 }, // Seattle
  { id: 5128581, lat: 40.71427, lon: -74.00597 }, // New York City
  { id: 5368361, lat: 34.05223, lon: -118.24368 }, // Los Angeles
  { id: 4180439, lat: 33.749, lon: -84.38798 }, // Atlanta
];

/** The mixes measured, from a keyword alone to several filters with a sort. */
export function searchMixes(categoryIds: string[]): SearchMix[] {
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;
  return [
    { name: 'keyword', query: (i) => `q=${pick(MODELS, i)}` },
    { name: 'keyword with a typo', query: (i) => `q=${pick(TYPOS, i)}` },
    { name: 'keyword prefix', query: (i) => `q=${pick(MODELS, i).slice(0, 4)}` },
    {
      name: 'make + price range, price ascending',
      query: (i) =>
        `make=${pick(MAKES, i)}&min_price=${5_000 + (i % 10) * 100}&max_price=${30_000 + (i % 7) * 1000}&sort=price_asc`,
    },
    {
      name: 'category + year + fuel, newest',
      query: (i) =>
        `category=${pick(categoryIds, i)}&min_year=${2010 + (i % 8)}&fuel_type=${pick(FUELS, i)}`,
    },
    {
      name: 'keyword + verified + transmission, mileage ascending',
      query: (i) =>
        `q=${pick(MODELS, i)}&verified=true&transmission=${i % 2 ? 'Manual' : 'Automatic'}&sort=mileage_asc`,
    },
    {
      name: 'no filter, newest (page 1)',
      query: () => '',
    },
    {
      name: 'make + max mileage, year descending, limit 100',
      query: (i) =>
        `make=${pick(MAKES, i)}&max_mileage=${50_000 + (i % 20) * 5000}&sort=year_desc&limit=100`,
    },
    // The category page (docs/product.md §2): its listings on the market, newest first, by keyset pages.
    {
      name: 'category page, first page (uncached)',
      query: (i) => `limit=${12 + (i % 37)}`,
      path: (i) => `/api/category/${pick(categoryIds, i)}`,
    },
    {
      name: 'category page at a deep cursor (Load more)',
      query: (i) => `cursor=${categoryCursor(1 + ((i * 37) % 360))}`,
      path: (i) => `/api/category/${pick(categoryIds, i)}`,
    },
    // Search by distance (decision 0026).
    {
      name: 'radius 50 km around a city, nearest first',
      query: (i) => `near=${pick(CITIES, i).id}&sort=distance`,
    },
    {
      name: 'radius 100 km + make + max price, newest',
      query: (i) =>
        `near=${pick(CITIES, i).id}&radius_km=100&make=${pick(MAKES, i)}&max_price=${20_000 + (i % 10) * 1000}`,
    },
    {
      name: 'radius 200 km by position + keyword, nearest first',
      query: (i) => {
        const city = pick(CITIES, i);
        return `lat=${city.lat}&lon=${city.lon}&radius_km=200&q=${pick(MODELS, i)}&sort=distance`;
      },
    },
    {
      name: 'radius 25 km + fuel, price ascending',
      query: (i) =>
        `near=${pick(CITIES, i).id}&radius_km=25&fuel_type=${pick(FUELS, i)}&sort=price_asc`,
    },
  ];
}

export interface SearchLatency {
  mix: string;
  example: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Sends `requests` searches of each mix, one at a time (after 10 warm-up requests). */
export async function measureSearch(
  base: string,
  categoryIds: string[],
  requests = 200,
): Promise<SearchLatency[]> {
  const rows: SearchLatency[] = [];
  for (const mix of searchMixes(categoryIds)) {
    const url = (i: number) => `${base}${mix.path?.(i) ?? '/api/search'}?${mix.query(i)}`;
    for (let i = 0; i < 10; i += 1) await fetch(url(1000 + i));
    const times: number[] = [];
    let errors = 0;
    for (let i = 0; i < requests; i += 1) {
      const started = performance.now();
      const response = await fetch(url(i));
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (!response.ok) errors += 1;
    }
    times.sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    rows.push({
      mix: mix.name,
      example: `${mix.path?.(0) ?? '/api/search'}?${mix.query(0)}`,
      requests,
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      p99: round(percentile(times, 99)),
      errors,
    });
  }
  return rows;
}

const PLACE_QUERIES = [
  'aus',
  'austn',
  'dalas',
  'san fr',
  'denv',
  'chicag',
  'seatle',
  'new y',
  'lo',
  'phoen',
  'boulder',
  'par',
];

/**
 * Places lookup latency (decision 0026): `GET /api/places?q=` with prefixes of 2–6 characters and
 * typos, one request at a time, as a row of the same shape as a search mix.
 */
export async function measurePlaces(base: string, requests = 200): Promise<SearchLatency> {
  const url = (i: number) =>
    `${base}/api/places?q=${encodeURIComponent(PLACE_QUERIES[i % PLACE_QUERIES.length]!)}&limit=${8 + (i % 3)}`;
  for (let i = 0; i < 10; i += 1) await fetch(url(1000 + i));
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < requests; i += 1) {
    const started = performance.now();
    const response = await fetch(url(i));
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) errors += 1;
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    mix: 'places lookup (prefix or typo)',
    example: url(0).slice(base.length),
    requests,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    errors,
  };
}
