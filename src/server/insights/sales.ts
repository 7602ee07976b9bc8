/**
 * Sales and time to sell (decision 0029). Which listings sold, when and for how much is read
 * through one function, `soldListingsSql`, so that sales recorded another way (a listing marked
 * "sold elsewhere" with its sold price) can be added there and every user of it follows.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  mileageBand,
  priceGuidanceYearSpan,
  priceVerdict,
  timeToSellMinComparables,
  timeToSellMonths,
  type TimeToSell,
} from '#contract/index.js';
import type { Database } from '../db/client.js';
import { priceGuidance } from '../vehicles/repository.js';
import { rowsOf } from '../db/rows.js';

/**
 * Every known sale as a subquery of rows `(product_id uuid, sold_at timestamptz,
 * sold_price_cents integer)`: the listings sold through a paid order (the payment's time and
 * amount; a product is paid at most once, `payments_product_key`), and those their sellers
 * marked sold elsewhere with the price it went for (decision 0027: the time of that change and
 * the sold price; without a price the sale is not counted).
 */
export function soldListingsSql(): SQL {
  return sql`(
    select pay.product_id, pay.created_at as sold_at, pay.price_cents as sold_price_cents
    from payments pay
    union all
    select p.id, p.status_changed_at, p.sold_price_cents
    from products p
    where p.listing_status = 'sold' and p.sold_price_cents is not null
      and not exists (select 1 from payments paid where paid.product_id = p.id)
  )`;
}

/** The car whose selling time is wanted; `price` in dollars. */
export interface TimeToSellQuery {
  make: string;
  model: string;
  modelYear: number;
  mileageKm?: number | null;
  price: number;
}

const oneDecimal = (value: string | number | null): number | null =>
  value === null ? null : Math.round(Number(value) * 10) / 10;

/**
 * The median, 25th and 75th percentile (days, one decimal; continuous percentiles) of the time
 * from listing (`products.created_at`) to sale of the comparable cars sold in the
 * `timeToSellMonths` (12) months before `now`: same make and model (ignoring case), model year
 * ±2, the mileage band of decision 0019 when a mileage is given, and sold at a price in the
 * same position of the fair band (below its 25th percentile, within, above its 75th) as `price`.
 * The band is the price guidance of the car (decision 0019); without one (under 5 comparables)
 * the price position is not used. Percentiles are null under `timeToSellMinComparables` (5);
 * the count is always given.
 */
export async function timeToSell(
  db: Database,
  query: TimeToSellQuery,
  now: Date = new Date(),
): Promise<TimeToSell> {
  const guidance = await priceGuidance(db, {
    make: query.make,
    model: query.model,
    modelYear: query.modelYear,
    mileageKm: query.mileageKm,
  });
  const position = priceVerdict(query.price, guidance);
  const lowCents = Math.round((guidance.low ?? 0) * 100);
  const highCents = Math.round((guidance.high ?? 0) * 100);
  const samePosition =
    position === 'great'
      ? sql`and s.sold_price_cents < ${lowCents}`
      : position === 'high'
        ? sql`and s.sold_price_cents > ${highCents}`
        : position === 'fair'
          ? sql`and s.sold_price_cents between ${lowCents} and ${highCents}`
          : sql``;
  const band =
    query.mileageKm === undefined || query.mileageKm === null
      ? sql``
      : sql`and c.mileage_km between ${mileageBand(query.mileageKm).min} and ${mileageBand(query.mileageKm).max}`;
  const until = now.toISOString();
  const result = await db.execute(sql`
    select count(*)::int as count,
      percentile_cont(0.25) within group (order by x.days) as p25,
      percentile_cont(0.5) within group (order by x.days) as median,
      percentile_cont(0.75) within group (order by x.days) as p75
    from (
      select extract(epoch from (s.sold_at - c.created_at)) / 86400.0 as days
      from products c
      join ${soldListingsSql()} s on s.product_id = c.id
      where lower(c.make) = ${query.make.trim().toLowerCase()}
        and lower(c.model) = ${query.model.trim().toLowerCase()}
        and c.model_year between ${query.modelYear - priceGuidanceYearSpan}
          and ${query.modelYear + priceGuidanceYearSpan}
        ${band}
        -- The price guidance index's predicate (decision 0019), so the planner can use it.
        and c.deleted_at is null and (c.order_status or not c.unavailable)
        and s.sold_at > ${until}::timestamptz - make_interval(months => ${timeToSellMonths})
        and s.sold_at <= ${until}::timestamptz
        ${samePosition}
    ) as x
  `);
  const row = rowsOf<{
    count: number;
    p25: string | number | null;
    median: string | number | null;
    p75: string | number | null;
  }>(result)[0];
  const count = Number(row?.count ?? 0);
  if (count < timeToSellMinComparables) {
    return { count, median_days: null, p25_days: null, p75_days: null };
  }
  return {
    count,
    median_days: oneDecimal(row!.median),
    p25_days: oneDecimal(row!.p25),
    p75_days: oneDecimal(row!.p75),
  };
}
