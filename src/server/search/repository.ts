/**
 * Search queries (decision 0012): one page of live listings matching a keyword and
 * filters in one of the sort orders, and the total and facet counts of every match.
 *
 * Keyword: the words of `q`, accents folded, each a prefix (`coro` finds Corolla as the user
 * types), must all appear in the weighted full-text document (`search_vector`); OR the whole
 * `q` is word-similar (pg_trgm `<%`, threshold 0.6) to the name, make and model
 * (`search_text`), so `corola` finds Corolla; that typo half only when the words as typed match
 * at most `EXACT_COUNT_MAX` listings. Both are served by GIN indexes.
 * Pages: keyset on `(sort key, id)`, each order walking its own partial B-tree.
 * Counts: exact up to `EXACT_COUNT_MAX` matches, estimated past it (`searchCounts`).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  defaultSearchSort,
  dollarsToCents,
  searchExactCountMax,
  type SearchQuery,
  type SearchSort,
} from '#contract/index.js';
import type { Database } from '../db/client.js';
import { categories, liveSql, products, users } from '../db/schema.js';
import { encodeOrderedCursor, parseOrderedCursor } from '../lib/pagination.js';
import { productCardColumns } from '../catalog/repository.js';
import type { ProductCardRow } from '../catalog/presenters.js';
import {
  centreOf,
  distanceColumn,
  distanceOrder,
  nearCondition,
  placeCellCondition,
  type NearRow,
} from './near.js';
import { rowsOf } from '../db/rows.js';

/** How a sort order reads its key: SQL expression, direction, and the key's text form. */
interface SortOrder {
  expression: SQL;
  /** Adds nothing to the key: `key + noop` hides the order's index from the planner. */
  noop: string;
  descending: boolean;
  keyOf: (row: ProductCardRow) => string;
  parseKey: (text: string) => Date | number | undefined;
}

const parseInteger = (text: string) => (/^-?\d{1,10}$/.test(text) ? Number(text) : undefined);
const parseTime = (text: string) => {
  const time = new Date(text);
  return Number.isNaN(time.getTime()) ? undefined : time;
};
/** Mileage unknown sorts last (served by products_search_mileage_idx). */
const MILEAGE_UNKNOWN = 2147483647;
/**
 * Up to this many matches, `total` and the facets are exact (decision 0012); past it they are
 * estimates, so no search counts more than this many rows (the contract's
 * `searchExactCountMax`).
 */
const EXACT_COUNT_MAX = searchExactCountMax;
/**
 * A keyword the planner expects to match more than this many listings anywhere is taken as
 * common without counting (`commonAnywhere`): four times `EXACT_COUNT_MAX`, a margin its
 * estimate of a word's frequency, taken from `ANALYZE`'s sample, does not miss by.
 */
const COMMON_ESTIMATE = 4 * EXACT_COUNT_MAX;

// `distance` depends on the search's centre: `distanceOrder` (near.ts) builds it per search.
const sortOrders: Record<Exclude<SearchSort, 'distance'>, SortOrder> = {
  newest: {
    noop: "interval '0 s'",
    expression: sql`${products.createdAt}`,
    descending: true,
    keyOf: (row) => row.createdAt.toISOString(),
    parseKey: parseTime,
  },
  price_asc: {
    noop: '0',
    expression: sql`${products.resellPriceCents}`,
    descending: false,
    keyOf: (row) => String(row.resellPriceCents),
    parseKey: parseInteger,
  },
  price_desc: {
    noop: '0',
    expression: sql`${products.resellPriceCents}`,
    descending: true,
    keyOf: (row) => String(row.resellPriceCents),
    parseKey: parseInteger,
  },
  mileage_asc: {
    noop: '0',
    expression: sql`coalesce(${products.mileageKm}, ${sql.raw(String(MILEAGE_UNKNOWN))})`,
    descending: false,
    keyOf: (row) => String(row.mileageKm ?? MILEAGE_UNKNOWN),
    parseKey: parseInteger,
  },
  year_desc: {
    noop: '0',
    expression: sql`coalesce(${products.modelYear}, 0)`,
    descending: true,
    keyOf: (row) => String(row.modelYear ?? 0),
    parseKey: parseInteger,
  },
};

/**
 * The words of a query (letters and digits, at most 8) as a prefix tsquery text (`toyota:* &
 * coro:*`), or null if none. Read by `sg_prefix_tsquery` (migration 0022), which folds accents
 * and quotes each word; never hand it to `to_tsquery` itself (folding can add tsquery syntax).
 */
export function prefixQuery(q: string): string | null {
  const words = q
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/**
 * The order of a search: its `sort`, else nearest first with a centre and newest first without
 * (decision 0047).
 */
export function sortOf(query: SearchQuery): SearchSort {
  return query.sort ?? defaultSearchSort(centreOf(query) !== null);
}

/** The prefix tsquery text of the search's keyword, or null when it has none. */
function tsqueryOf(query: SearchQuery): string | null {
  return query.q ? prefixQuery(query.q) : null;
}

/**
 * How a keyword matches: `full` = full-text OR trigram similarity (typos); `words` = full-text
 * only, used when the words as typed already match more than `EXACT_COUNT_MAX` listings
 * (decision 0012: typo neighbours add little there, and testing each row's similarity is what
 * a keyword search spent most of its time on).
 */
export type KeywordMatch = 'full' | 'words';

/** The WHERE condition of a search: live listings matching every given filter. */
function matchCondition(query: SearchQuery, keyword: KeywordMatch = 'full'): SQL {
  const conditions: (SQL | undefined)[] = [sql`${liveSql}`];
  const tsquery = tsqueryOf(query);
  if (query.q && tsquery) {
    // sg_prefix_tsquery (migration 0022) quotes each folded word: no keyword can make it invalid.
    // With a centre, the words and the cells the radius touches are one GIN index scan
    // (migration 0026); the typo half keeps to the bounding box and distance below.
    const cells = placeCellCondition(query);
    const text = sql`${products.searchVector} @@ sg_prefix_tsquery(${tsquery})`;
    const words = cells ? sql`(${text} and ${cells})` : text;
    conditions.push(
      keyword === 'words'
        ? words
        : sql`(${words} or lower(sg_unaccent(${query.q})) <% ${products.searchText})`,
    );
  }
  if (query.category) conditions.push(eq(products.categoryId, query.category));
  // The category's kind (decision 0047): categories are few, so the subquery is a short list
  // the category index (products_search_category_idx) serves.
  if (query.kind)
    conditions.push(
      sql`${products.categoryId} in (select ${categories.id} from ${categories} where ${categories.holdsVehicles} = ${query.kind === 'vehicles'})`,
    );
  if (query.make) conditions.push(sql`lower(${products.make}) = lower(${query.make})`);
  if (query.model) conditions.push(sql`lower(${products.model}) = lower(${query.model})`);
  if (query.min_price !== undefined)
    conditions.push(sql`${products.resellPriceCents} >= ${dollarsToCents(query.min_price)}`);
  if (query.max_price !== undefined)
    conditions.push(sql`${products.resellPriceCents} <= ${dollarsToCents(query.max_price)}`);
  if (query.min_year !== undefined)
    conditions.push(sql`${products.modelYear} >= ${query.min_year}`);
  if (query.max_year !== undefined)
    conditions.push(sql`${products.modelYear} <= ${query.max_year}`);
  if (query.max_mileage !== undefined)
    conditions.push(sql`${products.mileageKm} <= ${query.max_mileage}`);
  if (query.condition) conditions.push(eq(products.condition, query.condition));
  if (query.fuel_type) conditions.push(eq(products.fuelType, query.fuel_type));
  if (query.transmission) conditions.push(eq(products.transmission, query.transmission));
  // Kept from users.status by triggers (migration search_seller_verified): a column predicate
  // that products_search_verified_idx holds, instead of a join per listing.
  if (query.verified === true) conditions.push(sql`${products.sellerVerified}`);
  if (query.seller_type)
    conditions.push(
      sql`exists (select 1 from ${users} where ${users.id} = ${products.sellerId} and ${users.sellerType} = ${query.seller_type})`,
    );
  // Within the radius of the search's centre, when it has one (near.ts, decision 0026).
  conditions.push(nearCondition(query));
  return and(...conditions)!;
}

/**
 * With a centre (decision 0026): true when the keyword's words as typed match more than
 * `EXACT_COUNT_MAX` listings on the market anywhere. Then a radius is what made its matches
 * few, not a misspelling, and the typo neighbours stay out, as they do for any keyword that
 * common (decision 0012): testing every listing in a 200 km box for trigram similarity took
 * 110-170 ms at 1,000,000 listings. The planner's estimate answers first (about 1 ms): past
 * `COMMON_ESTIMATE` matches the word is common; below it the matches are counted, at most
 * 1,001 of them (counting a word that common took 25-30 ms there, for a yes the estimate
 * gives). False without a centre or a keyword.
 */
async function commonAnywhere(db: Database, query: SearchQuery): Promise<boolean> {
  const tsquery = tsqueryOf(query);
  if (!tsquery || centreOf(query) === null) return false;
  const words = sql`${liveSql} and ${products.searchVector} @@ sg_prefix_tsquery(${tsquery})`;
  if ((await plannedRows(db, sql`select 1 from ${products} where ${words}`)) > COMMON_ESTIMATE) {
    return true;
  }
  const result = await db.execute(sql`select count(*)::int as n from (
      select 1 from ${products} where ${words} limit ${EXACT_COUNT_MAX + 1}) as words`);
  const [row] = rowsOf<{ n: number }>(result);
  return (row?.n ?? 0) > EXACT_COUNT_MAX;
}

/**
 * One page of matches in `query.sort` order after `query.cursor`, and the next page's cursor
 * (null on the last page). `matchIds`, when `searchCounts` read every match (at most
 * `EXACT_COUNT_MAX`), are their ids: the page is then sorted from those rows alone, by primary
 * key, instead of searching again.
 * @throws HttpError 400 for a cursor that is not one of this sort's.
 */
export async function searchPage(
  db: Database,
  query: SearchQuery,
  matchIds?: string[],
  keyword: KeywordMatch = 'full',
): Promise<{ rows: NearRow[]; nextCursor: string | null }> {
  const sort = sortOf(query);
  const order = sort === 'distance' ? distanceOrder(query) : sortOrders[sort];
  // Few matches (all of them known): sort them rather than walk the order's index, which would
  // read the whole table when they are few or none (14 s at 1M listings for a typo), so `+ 0`
  // hides that index from the planner. Many: the planner walks the order's index and stops
  // after a page (decision 0012), instead of reading and sorting every match (0.2–0.7 s at 1M
  // listings for a model name matching 2.5%).
  const expression = matchIds
    ? sql`(${order.expression} + ${sql.raw(order.noop)})`
    : order.expression;
  const condition = matchIds
    ? sql`${liveSql} and ${products.id} = any(${`{${matchIds.join(',')}}`}::uuid[])`
    : matchCondition(query, keyword);
  const cursor = parseOrderedCursor(query.cursor, sort, order.parseKey);
  const keyset = cursor
    ? order.descending
      ? sql`(${expression}, ${products.id}) < (${cursor.key}, ${cursor.id}::uuid)`
      : sql`(${expression}, ${products.id}) > (${cursor.key}, ${cursor.id}::uuid)`
    : undefined;
  const direction = sql.raw(order.descending ? 'desc' : 'asc');
  // The page's ids from the listings alone, then the cards of those ids only: sorting many
  // matches (a nearest-first page), the planner joined the seller and category of every match
  // before the sort (2,000 of each for a page of 25).
  const pageIds = sql`array(select ${products.id} from ${products}
    where ${and(condition, keyset)}
    order by ${expression} ${direction}, ${products.id} ${direction}
    limit ${query.limit + 1})`;
  const rows = await db
    .select({ ...productCardColumns, distanceKm: distanceColumn(query) })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(sql`${products.id} = any(${pageIds})`)
    .orderBy(sql`${order.expression} ${direction}`, sql`${products.id} ${direction}`);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeOrderedCursor({ tag: sort, key: order.keyOf(last), id: last.id })
      : null;
  return { rows: page, nextCursor };
}

/** The total number of matches and the facet counts, most frequent first. */
export interface SearchCounts {
  total: number;
  /** True when `total` and the facets are estimates (more than `EXACT_COUNT_MAX` matches). */
  estimated: boolean;
  /** The ids of every match when not `estimated` (for `searchPage`). */
  matchIds?: string[];
  facets: {
    make: { value: string; count: number }[];
    fuel_type: { value: string; count: number }[];
    transmission: { value: string; count: number }[];
    condition: { value: string; count: number }[];
    category: { value: string; label: string; count: number }[];
  };
}

/**
 * PostgreSQL's planner estimate of how many rows `statement` answers (its statistics:
 * `ANALYZE`'s sample, the extended statistics of migrations 0011 and 0026), from `EXPLAIN`,
 * without running it. Costs a planning (about 1 ms).
 */
async function plannedRows(db: Database, statement: SQL): Promise<number> {
  const result = await db.execute(sql`explain (format json) ${statement}`);
  const row = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  const plan = Object.values(row)[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as
    { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Math.round(Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0));
}

/** The planner's estimate of how many live listings match `query` (`plannedRows`). */
function estimatedMatches(db: Database, query: SearchQuery, keyword: KeywordMatch) {
  return plannedRows(db, sql`select 1 from ${products} where ${matchCondition(query, keyword)}`);
}

/** Rounds an estimate to two significant digits (12,403 → 12,000): it claims no more. */
export function roughly(count: number): number {
  if (count < 100) return Math.round(count);
  const unit = 10 ** (Math.floor(Math.log10(count)) - 1);
  return Math.round(count / unit) * unit;
}

/**
 * Total and facet counts of every match of `query` (its sort, cursor and limit do not matter),
 * in one scan (GROUPING SETS) of at most `EXACT_COUNT_MAX + 1` matches (decision 0012):
 * - up to `EXACT_COUNT_MAX` matches, every count is exact;
 * - past it, `estimated` is true, `total` is the planner's estimate (at least
 *   `EXACT_COUNT_MAX + 1`) and each facet count is its share of the matches read, scaled to
 *   that total; both rounded to two significant digits. Counting half a million matches exactly
 *   is the one part of a search no index makes cheap (seconds at 1M listings).
 */
export async function searchCounts(
  db: Database,
  query: SearchQuery,
  keyword: KeywordMatch = 'full',
): Promise<SearchCounts> {
  interface CountRow {
    make: string | null;
    fuel_type: string | null;
    transmission: string | null;
    condition: string | null;
    category_id: string | null;
    label: string | null;
    grp: number;
    count: number;
    ids: string[] | null;
  }
  const result = await db.execute(sql`
    with matched as materialized (
      select ${products.id} as id, ${products.make} as make, ${products.fuelType} as fuel_type,
             ${products.transmission} as transmission, ${products.condition} as condition,
             ${products.categoryId} as category_id
      from ${products}
      where ${matchCondition(query, keyword)}
      limit ${EXACT_COUNT_MAX + 1}
    ), counted as (
      select make, fuel_type, transmission, condition, category_id,
             grouping(make, fuel_type, transmission, condition, category_id) as grp,
             count(*)::int as count
      from matched
      group by grouping sets ((make), (fuel_type), (transmission), (condition), (category_id), ())
    )
    select counted.*, ${categories.categoryName} as label,
           case when counted.grp = 31 and counted.count <= ${EXACT_COUNT_MAX}
             then (select array_agg(id)::text[] from matched) end as ids
    from counted left join ${categories} on ${categories.id} = counted.category_id
    order by counted.count desc`);
  // PGlite and node-postgres both answer with `{ rows }`.
  const rows = rowsOf<CountRow>(result);
  const all = rows.find((row) => Number(row.grp) === 0b11111);
  const read = Number(all?.count ?? 0);
  const estimated = read > EXACT_COUNT_MAX;
  const total = estimated
    ? roughly(Math.max(EXACT_COUNT_MAX + 1, await estimatedMatches(db, query, keyword)))
    : read;
  const scale = (count: number) => (estimated ? roughly((count * total) / read) : count);
  // grouping() bits, first argument highest: 0b01111 = grouped by make only, and so on.
  const facet = (set: number, value: (row: CountRow) => string | null) =>
    rows
      .filter((row) => Number(row.grp) === set && value(row) !== null)
      .map((row) => ({ value: value(row)!, count: scale(Number(row.count)) }));
  return {
    total,
    estimated,
    matchIds: estimated ? undefined : (all?.ids ?? []),
    facets: {
      make: facet(0b01111, (row) => row.make),
      fuel_type: facet(0b10111, (row) => row.fuel_type),
      transmission: facet(0b11011, (row) => row.transmission),
      condition: facet(0b11101, (row) => row.condition),
      category: rows
        .filter((row) => Number(row.grp) === 0b11110 && row.category_id !== null)
        .map((row) => ({
          value: row.category_id!,
          label: row.label ?? '',
          count: scale(Number(row.count)),
        })),
    },
  };
}

/** Estimated counts are kept this long per filter set (decision 0012); exact ones never. */
const ESTIMATE_CACHE_MS = 30_000;
const ESTIMATE_CACHE_ENTRIES = 500;
/** A cached estimate of one filter set's counts: when it was made (ms since the epoch) and what. */
interface EstimateEntry {
  at: number;
  counts: SearchCounts;
  keyword: KeywordMatch;
}
const estimateCache = new WeakMap<Database, Map<string, EstimateEntry>>();

/**
 * A whole search (decision 0012): the counts, then the page, in one read-only transaction whose
 * planner settings suit a search of a large table on a small machine:
 * - `enable_seqscan = off`: a LIMIT makes a sequential scan look cheap when the planner expects
 *   many matches, but a keyword's or a rare filter combination's matches may be few or none,
 *   and then it reads the whole table (0.3–1 s at 1M listings); every search condition has an
 *   index (bitmap scans combine them), so that is never the better plan at scale. The planner
 *   still scans sequentially where no index applies.
 * - `random_page_cost = 1.1` (data in memory or on SSD): otherwise the planner builds a bitmap
 *   of every match of a broad filter to count the first 1,001 of them.
 * - `jit = off`: the disabled sequential scan's cost would otherwise trigger JIT compilation
 *   (tens of ms) for a query that runs for a few.
 * - `max_parallel_workers_per_gather = 0`: parallel workers cost more to start than a search
 *   reading a page and at most `EXACT_COUNT_MAX + 1` matches saves.
 * Estimated counts (past `EXACT_COUNT_MAX` matches) are kept 30 s per filter set: they are
 * "about N" anyway, and then a repeated broad search only reads its page. Exact counts are
 * always fresh (the page of a search with few matches is sorted from their ids).
 */
export async function search(
  db: Database,
  query: SearchQuery,
): Promise<SearchCounts & { rows: NearRow[]; nextCursor: string | null }> {
  const { sort: _sort, cursor: _cursor, limit: _limit, ...filters } = query;
  const key = JSON.stringify(filters);
  let cache = estimateCache.get(db);
  if (!cache) estimateCache.set(db, (cache = new Map<string, EstimateEntry>()));
  const cached = cache.get(key);
  const fresh = cached && Date.now() - cached.at < ESTIMATE_CACHE_MS ? cached : undefined;

  const found = await db.transaction(
    async (tx) => {
      await tx.execute(
        sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true),
          set_config('max_parallel_workers_per_gather', '0', true),
          set_config('random_page_cost', '1.1', true)`,
      );
      const inTx = tx as unknown as Database;
      if (fresh) {
        const page = await searchPage(inTx, query, undefined, fresh.keyword);
        return { ...fresh.counts, ...page, keyword: fresh.keyword };
      }
      // A keyword's words as typed first: past EXACT_COUNT_MAX matches they are the search;
      // otherwise typo neighbours (trigram similarity) join them and everything is exact.
      let keyword: KeywordMatch = tsqueryOf(query) ? 'words' : 'full';
      let counts = await searchCounts(inTx, query, keyword);
      if (keyword === 'words' && !counts.estimated && !(await commonAnywhere(inTx, query))) {
        keyword = 'full';
        counts = await searchCounts(inTx, query, keyword);
      }
      const page = await searchPage(inTx, query, counts.matchIds, keyword);
      return { ...counts, ...page, keyword };
    },
    { accessMode: 'read only' },
  );
  const { keyword, ...result } = found;
  if (result.estimated && !fresh) {
    if (cache.size >= ESTIMATE_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, {
      at: Date.now(),
      counts: { total: result.total, estimated: true, facets: result.facets },
      keyword,
    });
  }
  return result;
}
