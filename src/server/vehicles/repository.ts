/**
 * Data access of price guidance (decision 0019). The percentiles are computed by
 * PostgreSQL (`percentile_cont`, continuous: interpolated between neighbouring prices) over the
 * comparables, which `products_price_guidance_idx` (migration 0014_price_guidance) finds: equal
 * `lower(make)`/`lower(model)`, a model-year range, then mileage, age and price read from the
 * index itself (an index-only scan; about 1,000–5,000 index entries at 1,000,000 listings).
 */
import { and, between, eq, gte, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  mileageBand,
  priceGuidanceMinComparables,
  priceGuidanceMonths,
  priceGuidanceYearSpan,
  type PriceGuidance,
} from '#contract/index.js';
import type { Database } from '../db/client.js';
import { inCatalogueSql, products } from '../db/schema.js';

/** The car whose comparables are wanted. `mileageKm` absent: any mileage (decision 0019). */
export interface ComparableQuery {
  make: string;
  model: string;
  modelYear: number;
  mileageKm?: number | null;
  /** A listing to leave out (a listing is not its own comparable). */
  exceptId?: string;
}

const centsToDollars = (cents: number | string | null): number | null =>
  cents === null ? null : Math.round(Number(cents)) / 100;

/**
 * Count and 25th/50th/75th percentiles (dollars, rounded to cents) of the asking prices of the
 * comparables of `query`: same make and model (ignoring case), model year ±2, mileage in
 * `mileageBand` when given, on the market or sold (`inCatalogueSql`), created in the last 12
 * months. The percentiles are null under `priceGuidanceMinComparables`. When at least that many
 * comparables sold, the percentiles are of their sold prices alone (`basis: 'sold'`); otherwise
 * of every comparable, sold ones at their sold price (`basis: 'asking'`; decision 0027).
 */
export async function priceGuidance(db: Database, query: ComparableQuery): Promise<PriceGuidance> {
  const conditions: (SQL | undefined)[] = [
    eq(sql`lower(${products.make})`, query.make.trim().toLowerCase()),
    eq(sql`lower(${products.model})`, query.model.trim().toLowerCase()),
    between(
      products.modelYear,
      query.modelYear - priceGuidanceYearSpan,
      query.modelYear + priceGuidanceYearSpan,
    ),
    gte(products.createdAt, sql`now() - make_interval(months => ${priceGuidanceMonths})`),
    // The index's predicate, written as it is there so the planner can use the partial index.
    sql`${inCatalogueSql}`,
  ];
  if (query.mileageKm !== undefined && query.mileageKm !== null) {
    const band = mileageBand(query.mileageKm);
    conditions.push(between(products.mileageKm, band.min, band.max));
  }
  if (query.exceptId) conditions.push(ne(products.id, query.exceptId));
  // A sold listing counts at what it went for when its seller said (or its paid order's price),
  // else at its last asking price (decision 0027).
  const price = sql`coalesce(${products.soldPriceCents}, ${products.resellPriceCents})`;
  const sold = sql`${products.listingStatus} = 'sold'`;
  const pct = (p: number) =>
    sql<string | null>`percentile_cont(${sql.raw(String(p))}) within group (order by ${price})`;
  const soldPct = (p: number) =>
    sql<
      string | null
    >`percentile_cont(${sql.raw(String(p))}) within group (order by ${price}) filter (where ${sold})`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      soldCount: sql<number>`(count(*) filter (where ${sold}))::int`,
      low: pct(0.25),
      median: pct(0.5),
      high: pct(0.75),
      soldLow: soldPct(0.25),
      soldMedian: soldPct(0.5),
      soldHigh: soldPct(0.75),
    })
    .from(products)
    .where(and(...conditions));
  const count = Number(row?.count ?? 0);
  const soldCount = Number(row?.soldCount ?? 0);
  if (count < priceGuidanceMinComparables) {
    return { count, low: null, median: null, high: null, sold_count: soldCount, basis: 'asking' };
  }
  // Enough sales: what cars like it went for beats what sellers ask (decision 0027).
  if (soldCount >= priceGuidanceMinComparables) {
    return {
      count,
      low: centsToDollars(row!.soldLow),
      median: centsToDollars(row!.soldMedian),
      high: centsToDollars(row!.soldHigh),
      sold_count: soldCount,
      basis: 'sold',
    };
  }
  return {
    count,
    low: centsToDollars(row!.low),
    median: centsToDollars(row!.median),
    high: centsToDollars(row!.high),
    sold_count: soldCount,
    basis: 'asking',
  };
}

/** A listing's price (cents) and vehicle details; null when unknown or removed. */
export async function findListingForGuidance(db: Database, id: string) {
  const [row] = await db
    .select({
      id: products.id,
      resellPriceCents: products.resellPriceCents,
      make: products.make,
      model: products.model,
      modelYear: products.modelYear,
      mileageKm: products.mileageKm,
    })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
  return row ?? null;
}
