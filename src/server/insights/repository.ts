/**
 * Data access of seller insights (decision 0029): writing a batch of recorded views and
 * impressions, the rollup of favourites, conversations and bookings, the clean-up, and the
 * seller's own listings' insights.
 */
import { sql } from 'drizzle-orm';
import {
  insightsRawRetentionDays,
  priceGuidanceMinComparables,
  priceGuidanceMonths,
  priceGuidanceYearSpan,
  priceVerdict,
  type ListingInsights,
} from '#contract/index.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { soldListingsSql } from './sales.js';
import { addDays, deleteSaltsBefore, utcDay } from './visitors.js';

/** Daily rollups older than this many days are removed (a year and a month of history). */
export const rollupRetentionDays = 400;

/** One view ready to be written: the visitor already hashed with the day's salt. */
export interface HashedView {
  productId: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  visitorHash: string;
  /** The signed-in viewer's uid, if any: the owner's own views are not counted. */
  viewerUid: string | null;
}

/**
 * Writes a batch of views in one statement: each counts once per listing, day and visitor hash
 * (`on conflict do nothing` on `listing_views`, so another instance writing the same view adds
 * nothing), and exactly the newly inserted ones are added to the day's `views` in
 * `listing_daily_stats`. Views of unknown or removed listings and the owner's own are dropped.
 * Safe to run again with the same batch. Rows are taken in key order, so concurrent batches of
 * several instances lock the same rows in the same order.
 * @returns how many views were new.
 */
export async function writeViews(db: Database, views: HashedView[]): Promise<number> {
  if (views.length === 0) return 0;
  const batch = JSON.stringify(
    views.map((view) => ({
      product_id: view.productId,
      day: view.day,
      visitor_hash: view.visitorHash,
      viewer_uid: view.viewerUid,
    })),
  );
  const result = await db.execute(sql`
    with batch as (
      select b.product_id, b.day, b.visitor_hash
      from jsonb_to_recordset(${batch}::jsonb)
        as b(product_id uuid, day date, visitor_hash text, viewer_uid text)
      join products p on p.id = b.product_id and p.deleted_at is null
      join users seller on seller.id = p.seller_id
      where b.viewer_uid is null or seller.uid <> b.viewer_uid
      order by b.product_id, b.day, b.visitor_hash
    ), inserted as (
      insert into listing_views (product_id, day, visitor_hash)
      select product_id, day, visitor_hash from batch
      on conflict do nothing
      returning product_id, day
    ), counted as (
      insert into listing_daily_stats (product_id, day, views)
      select product_id, day, count(*)::int from inserted
      group by product_id, day
      order by product_id, day
      on conflict (product_id, day)
      do update set views = listing_daily_stats.views + excluded.views
      returning views
    )
    select (select count(*)::int from inserted) as added
  `);
  return Number(rowsOf<{ added: number }>(result)[0]?.added ?? 0);
}

/**
 * Adds a batch of impressions (`count` per listing and day) to `listing_daily_stats`; unknown or
 * removed listings are dropped. Not idempotent: a batch is written once.
 */
export async function writeImpressions(
  db: Database,
  impressions: { productId: string; day: string; count: number }[],
): Promise<void> {
  if (impressions.length === 0) return;
  const batch = JSON.stringify(
    impressions.map((row) => ({ product_id: row.productId, day: row.day, n: row.count })),
  );
  await db.execute(sql`
    insert into listing_daily_stats (product_id, day, impressions)
    select b.product_id, b.day, b.n
    from jsonb_to_recordset(${batch}::jsonb) as b(product_id uuid, day date, n int)
    join products p on p.id = b.product_id and p.deleted_at is null
    order by b.product_id, b.day
    on conflict (product_id, day)
    do update set impressions = listing_daily_stats.impressions + excluded.impressions
  `);
}

/**
 * Recounts, per listing, the favourites added, conversations started and bookings made on the
 * UTC days of yesterday and today (`now`'s) from their own tables into `listing_daily_stats`;
 * a day's counts are final once it is older than yesterday (a favourite removed later still
 * counts as added that day). Idempotent: the counts are set, not added.
 */
export async function rollUpActivity(db: Database, now: Date = new Date()): Promise<void> {
  const fromDay = addDays(utcDay(now), -1);
  const from = `${fromDay}T00:00:00Z`;
  const until = now.toISOString();
  await db.execute(sql`
    with counts as (
      select product_id, day, sum(f)::int as favourites, sum(c)::int as conversations,
        sum(b)::int as bookings
      from (
        select product_id, (created_at at time zone 'UTC')::date as day, 1 as f, 0 as c, 0 as b
        from favourites where created_at >= ${from}::timestamptz and created_at <= ${until}::timestamptz
        union all
        select product_id, (created_at at time zone 'UTC')::date, 0, 1, 0
        from conversations where created_at >= ${from}::timestamptz and created_at <= ${until}::timestamptz
        union all
        select product_id, (created_at at time zone 'UTC')::date, 0, 0, 1
        from orders where created_at >= ${from}::timestamptz and created_at <= ${until}::timestamptz
      ) as events
      group by product_id, day
    ), cleared as (
      update listing_daily_stats s
      set favourites = 0, conversations = 0, bookings = 0
      where s.day >= ${fromDay}::date
        and (s.favourites > 0 or s.conversations > 0 or s.bookings > 0)
        and not exists (select 1 from counts c where c.product_id = s.product_id and c.day = s.day)
    )
    insert into listing_daily_stats (product_id, day, favourites, conversations, bookings)
    select product_id, day, favourites, conversations, bookings from counts
    order by product_id, day
    on conflict (product_id, day) do update set
      favourites = excluded.favourites,
      conversations = excluded.conversations,
      bookings = excluded.bookings
  `);
}

/**
 * Removes raw views older than `insightsRawRetentionDays` (90) days, rollups older than
 * `rollupRetentionDays` and the visitor salts of days before yesterday, as of `now`.
 * @returns how many rows of each were removed.
 */
export async function cleanUpInsights(
  db: Database,
  now: Date = new Date(),
): Promise<{ views: number; rollups: number; salts: number }> {
  const today = utcDay(now);
  const views = await db.execute(sql`
    with gone as (
      delete from listing_views where day < ${addDays(today, -insightsRawRetentionDays)}::date
      returning 1
    ) select count(*)::int as n from gone
  `);
  const rollups = await db.execute(sql`
    with gone as (
      delete from listing_daily_stats where day < ${addDays(today, -rollupRetentionDays)}::date
      returning 1
    ) select count(*)::int as n from gone
  `);
  const salts = await deleteSaltsBefore(db, addDays(today, -1));
  return {
    views: Number(rowsOf<{ n: number }>(views)[0]?.n ?? 0),
    rollups: Number(rowsOf<{ n: number }>(rollups)[0]?.n ?? 0),
    salts,
  };
}

interface ListingRow {
  id: string;
  product_name: string;
  created_at: string | Date;
  sold: boolean;
  sold_at: string | Date | null;
  make: string | null;
  model: string | null;
  model_year: number | null;
  mileage_km: number | null;
  resell_price_cents: number;
  comparables: number | null;
  low: string | number | null;
  high: string | number | null;
}

interface DayRow {
  product_id: string;
  day: string;
  views: number;
  impressions: number;
  favourites: number;
  conversations: number;
  bookings: number;
}

/**
 * The insights of every live listing of the seller `sellerId` (a `users.id`), newest first,
 * over the `days` UTC days ending today (`now`'s): totals of the daily rollups, one `daily`
 * entry per day (zeros included), days on market (to the sale, or to `now`) and the price's
 * position in the fair band of its comparables without itself (decision 0019's rules: same make
 * and model, model year ±2, the mileage band, live or sold, listed in the last 12 months; null
 * under 5 comparables or without vehicle details).
 */
export async function sellerInsights(
  db: Database,
  sellerId: string,
  days: number,
  now: Date = new Date(),
): Promise<ListingInsights[]> {
  const today = utcDay(now);
  const firstDay = addDays(today, -(days - 1));
  const listingsResult = await db.execute(sql`
    select p.id, p.product_name, p.created_at, p.order_status as sold, sale.sold_at,
      p.make, p.model, p.model_year, p.mileage_km, p.resell_price_cents,
      band.comparables, band.low, band.high
    from products p
    left join lateral (
      select min(s.sold_at) as sold_at from ${soldListingsSql()} s where s.product_id = p.id
    ) sale on true
    left join lateral (
      -- The band of decision 0019 (vehicles/repository.ts priceGuidance; the mileage band is
      -- contract/vehicles.ts mileageBand, in integers: round(m / 4) = (m + 2) / 4 for m >= 0),
      -- for every listing of the seller in one statement. Two branches, with and without a
      -- mileage, so that every condition is an index condition of products_price_guidance_idx
      -- (an OR, or numeric arithmetic, would leave the mileage to a filter over every row).
      select count(*)::int as comparables,
        percentile_cont(0.25) within group (order by c.resell_price_cents) as low,
        percentile_cont(0.75) within group (order by c.resell_price_cents) as high
      from (
        select c.resell_price_cents from products c
        where p.make is not null and p.model is not null and p.model_year is not null
          and p.mileage_km is not null
          and lower(c.make) = lower(p.make) and lower(c.model) = lower(p.model)
          and c.model_year between p.model_year - ${priceGuidanceYearSpan}
            and p.model_year + ${priceGuidanceYearSpan}
          and c.mileage_km between greatest(0, p.mileage_km - greatest(20000, (p.mileage_km + 2) / 4))
            and p.mileage_km + greatest(20000, (p.mileage_km + 2) / 4)
          and c.created_at >= ${now.toISOString()}::timestamptz - make_interval(months => ${priceGuidanceMonths})
          and c.deleted_at is null and (c.order_status or not c.unavailable)
          and c.id <> p.id
        union all
        select c.resell_price_cents from products c
        where p.make is not null and p.model is not null and p.model_year is not null
          and p.mileage_km is null
          and lower(c.make) = lower(p.make) and lower(c.model) = lower(p.model)
          and c.model_year between p.model_year - ${priceGuidanceYearSpan}
            and p.model_year + ${priceGuidanceYearSpan}
          and c.created_at >= ${now.toISOString()}::timestamptz - make_interval(months => ${priceGuidanceMonths})
          and c.deleted_at is null and (c.order_status or not c.unavailable)
          and c.id <> p.id
      ) c
    ) band on true
    where p.seller_id = ${sellerId} and p.deleted_at is null
    order by p.created_at desc, p.id desc
  `);
  const listings = rowsOf<ListingRow>(listingsResult);
  const dayRows = rowsOf<DayRow>(
    await db.execute(sql`
      select s.product_id, s.day::text as day, s.views, s.impressions, s.favourites,
        s.conversations, s.bookings
      from listing_daily_stats s
      join products p on p.id = s.product_id
      where p.seller_id = ${sellerId} and p.deleted_at is null
        and s.day between ${firstDay}::date and ${today}::date
    `),
  );
  const byListing = new Map<string, Map<string, DayRow>>();
  for (const row of dayRows) {
    const perDay = byListing.get(row.product_id) ?? new Map<string, DayRow>();
    perDay.set(row.day, row);
    byListing.set(row.product_id, perDay);
  }
  const period = Array.from({ length: days }, (_, i) => addDays(firstDay, i));
  return listings.map((listing) => {
    const perDay = byListing.get(listing.id) ?? new Map<string, DayRow>();
    const totals = { views: 0, impressions: 0, favourites: 0, conversations: 0, bookings: 0 };
    for (const row of perDay.values()) {
      totals.views += row.views;
      totals.impressions += row.impressions;
      totals.favourites += row.favourites;
      totals.conversations += row.conversations;
      totals.bookings += row.bookings;
    }
    const listedAt = new Date(listing.created_at).getTime();
    const until = listing.sold_at ? new Date(listing.sold_at).getTime() : now.getTime();
    const enough = (listing.comparables ?? 0) >= priceGuidanceMinComparables;
    const band = {
      count: listing.comparables ?? 0,
      low: enough ? Math.round(Number(listing.low)) / 100 : null,
      median: null,
      high: enough ? Math.round(Number(listing.high)) / 100 : null,
    };
    return {
      product_id: listing.id,
      product_name: listing.product_name,
      totals,
      daily: period.map((date) => ({
        date,
        views: perDay.get(date)?.views ?? 0,
        impressions: perDay.get(date)?.impressions ?? 0,
      })),
      days_on_market: Math.max(0, Math.floor((until - listedAt) / 86_400_000)),
      sold: listing.sold,
      price_position: priceVerdict(listing.resell_price_cents / 100, band),
      make: listing.make,
      model: listing.model,
      model_year: listing.model_year,
      mileage_km: listing.mileage_km,
      resell_price: listing.resell_price_cents / 100,
    };
  });
}
