/**
 * Search queries (issue 13, decision 0012): one page of live listings matching a keyword and
 * filters in one of the sort orders, and the total and facet counts of every match.
 *
 * Keyword: the words of `q`, accents folded, each a prefix (`coro` finds Corolla as the user
 * types), must all appear in the weighted full-text document (`search_vector`); OR the whole
 * `q` is word-similar (pg_trgm `<%`, threshold 0.6) to the name, make and model
 * (`search_text`), so `corola` finds Corolla. Both are served by GIN indexes.
 * Pages: keyset on `(sort key, id)`, each order walking its own partial B-tree.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { dollarsToCents, type SearchQuery, type SearchSort } from '../../../contract/index.js';
import type { Database } from '../../db/client.js';
import { categories, liveSql, products, users } from '../../db/schema.js';
import { encodeOrderedCursor, parseOrderedCursor } from '../../lib/pagination.js';
import { productCardColumns } from '../catalog/repository.js';
import type { ProductCardRow } from '../catalog/presenters.js';

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

const sortOrders: Record<SearchSort, SortOrder> = {
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

/** The words of a query as a prefix tsquery text (`toyota:* & coro:*`), or null if none. */
export function prefixQuery(q: string): string | null {
  const words = q
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** The prefix tsquery text of the search's keyword, or null when it has none. */
function tsqueryOf(query: SearchQuery): string | null {
  return query.q ? prefixQuery(query.q) : null;
}

/** The WHERE condition of a search: live listings matching every given filter. */
function matchCondition(query: SearchQuery): SQL {
  const conditions: (SQL | undefined)[] = [sql`${liveSql}`];
  const tsquery = tsqueryOf(query);
  if (query.q && tsquery) {
    conditions.push(
      sql`(${products.searchVector} @@ to_tsquery('simple'::regconfig, sg_unaccent(${tsquery})) or lower(sg_unaccent(${query.q})) <% ${products.searchText})`,
    );
  }
  if (query.category) conditions.push(eq(products.categoryId, query.category));
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
  if (query.verified === true) {
    conditions.push(
      sql`exists (select 1 from ${users} where ${users.id} = ${products.sellerId} and ${users.status} = 'verified')`,
    );
  }
  return and(...conditions)!;
}

/**
 * One page of matches in `query.sort` order after `query.cursor`, and the next page's cursor
 * (null on the last page).
 * @throws HttpError 400 for a cursor that is not one of this sort's.
 */
export async function searchPage(
  db: Database,
  query: SearchQuery,
): Promise<{ rows: ProductCardRow[]; nextCursor: string | null }> {
  const order = sortOrders[query.sort];
  // With a keyword, read the matches from the GIN indexes and sort them (decision 0012): walking
  // the order's index and testing each row scans the whole table when a keyword matches few
  // or no listings (14 s at 1M listings for a typo matching nothing).
  const expression = tsqueryOf(query)
    ? sql`(${order.expression} + ${sql.raw(order.noop)})`
    : order.expression;
  const cursor = parseOrderedCursor(query.cursor, query.sort, order.parseKey);
  const keyset = cursor
    ? order.descending
      ? sql`(${expression}, ${products.id}) < (${cursor.key}, ${cursor.id}::uuid)`
      : sql`(${expression}, ${products.id}) > (${cursor.key}, ${cursor.id}::uuid)`
    : undefined;
  const direction = sql.raw(order.descending ? 'desc' : 'asc');
  const rows = await db
    .select(productCardColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(matchCondition(query), keyset))
    .orderBy(sql`${expression} ${direction}`, sql`${products.id} ${direction}`)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeOrderedCursor({ tag: query.sort, key: order.keyOf(last), id: last.id })
      : null;
  return { rows: page, nextCursor };
}

/** The total number of matches and the facet counts, most frequent first. */
export interface SearchCounts {
  total: number;
  facets: {
    make: { value: string; count: number }[];
    fuel_type: { value: string; count: number }[];
    transmission: { value: string; count: number }[];
    condition: { value: string; count: number }[];
    category: { value: string; label: string; count: number }[];
  };
}

/** Counts at least this large are kept for `COUNTS_CACHE_MS` (decision 0012). */
const COUNTS_CACHE_MIN_TOTAL = 5_000;
const COUNTS_CACHE_MS = 30_000;
const COUNTS_CACHE_ENTRIES = 500;
const countsCache = new WeakMap<Database, Map<string, { at: number; counts: SearchCounts }>>();

/**
 * Total and facet counts of every match of `query` (its sort, cursor and limit do not matter),
 * in one scan (GROUPING SETS). Counts of 5,000 matches or more are cached for 30 s per filter
 * set (decision 0012: counting a large share of a million listings is the one part of a search
 * an index cannot make cheap); smaller ones are always exact.
 */
export async function searchCounts(db: Database, query: SearchQuery): Promise<SearchCounts> {
  const { sort: _sort, cursor: _cursor, limit: _limit, ...filters } = query;
  const key = JSON.stringify(filters);
  let cache = countsCache.get(db);
  if (!cache) countsCache.set(db, (cache = new Map()));
  const cached = cache.get(key);
  if (cached && Date.now() - cached.at < COUNTS_CACHE_MS) return cached.counts;

  interface CountRow {
    make: string | null;
    fuel_type: string | null;
    transmission: string | null;
    condition: string | null;
    category_id: string | null;
    label: string | null;
    grp: number;
    count: number;
  }
  const result = await db.execute(sql`
    with counted as (
      select ${products.make} as make, ${products.fuelType} as fuel_type,
             ${products.transmission} as transmission, ${products.condition} as condition,
             ${products.categoryId} as category_id,
             grouping(${products.make}, ${products.fuelType}, ${products.transmission},
                      ${products.condition}, ${products.categoryId}) as grp,
             count(*)::int as count
      from ${products}
      where ${matchCondition(query)}
      group by grouping sets ((${products.make}), (${products.fuelType}),
        (${products.transmission}), (${products.condition}), (${products.categoryId}), ())
    )
    select counted.*, ${categories.categoryName} as label
    from counted left join ${categories} on ${categories.id} = counted.category_id
    order by counted.count desc`);
  // PGlite and node-postgres both answer with `{ rows }`.
  const rows = (result as unknown as { rows: CountRow[] }).rows;
  // grouping() bits, first argument highest: 0b01111 = grouped by make only, and so on.
  const facet = (set: number, value: (row: CountRow) => string | null) =>
    rows
      .filter((row) => Number(row.grp) === set && value(row) !== null)
      .map((row) => ({ value: value(row)!, count: Number(row.count) }));
  const counts: SearchCounts = {
    total: Number(rows.find((row) => Number(row.grp) === 0b11111)?.count ?? 0),
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
          count: Number(row.count),
        })),
    },
  };
  if (counts.total >= COUNTS_CACHE_MIN_TOTAL) {
    if (cache.size >= COUNTS_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { at: Date.now(), counts });
  }
  return counts;
}
