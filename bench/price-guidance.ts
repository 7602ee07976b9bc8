/**
 * Price guidance latency (decision 0019): `GET /api/price-guidance` with and without a
 * mileage, and `GET /api/product/{id}/price-guidance` (the listing page's badge), each request
 * for a different car, one at a time: p50/p95/p99 in ms per mix (target p95 ≤ 30 ms at
 * 1,000,000 listings). The makes and models are the generator's (bench/generate.ts).
 */
import type { SearchLatency } from './search.js';

const CARS: [string, string][] = [
  ['Toyota', 'Corolla'],
  ['Honda', 'Civic'],
  ['Ford', 'Ranger'],
  ['Volkswagen', 'Golf'],
  ['BMW', 'X5'],
  ['Kia', 'Sportage'],
  ['Tesla', 'Model 3'],
  ['Mazda', 'CX-5'],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timed(base: string, name: string, path: (i: number) => string, requests: number) {
  for (let i = 0; i < 10; i += 1) await (await fetch(`${base}${path(1000 + i)}`)).arrayBuffer();
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < requests; i += 1) {
    const started = performance.now();
    const response = await fetch(`${base}${path(i)}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) errors += 1;
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    mix: name,
    example: path(0),
    requests,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    errors,
  } satisfies SearchLatency;
}

/** Sends `requests` price-guidance calls of each mix, one at a time (after 10 warm-up calls). */
export async function measurePriceGuidance(base: string, requests = 200): Promise<SearchLatency[]> {
  const car = (i: number) => CARS[i % CARS.length]!;
  const query = (i: number) => {
    const [make, model] = car(i);
    return `make=${encodeURIComponent(make)}&model=${encodeURIComponent(model)}&model_year=${2000 + (i % 25)}`;
  };
  // Listings for the badge mix: the first page of a few makes' search results.
  const ids: string[] = [];
  for (const [make] of CARS) {
    const response = await fetch(`${base}/api/search?make=${encodeURIComponent(make)}&limit=50`);
    const body = (await response.json()) as { items?: { _id: string }[] };
    ids.push(...(body.items ?? []).map((item) => item._id));
  }
  const rows = [
    await timed(
      base,
      'make + model + year + mileage',
      (i) => `/api/price-guidance?${query(i)}&mileage_km=${(i * 7919) % 250_000}`,
      requests,
    ),
    await timed(base, 'make + model + year', (i) => `/api/price-guidance?${query(i)}`, requests),
  ];
  if (ids.length > 0) {
    rows.push(
      await timed(
        base,
        'a listing’s badge',
        (i) => `/api/product/${ids[i % ids.length]}/price-guidance`,
        requests,
      ),
    );
  }
  return rows;
}
