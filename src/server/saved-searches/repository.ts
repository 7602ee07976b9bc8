/**
 * Saved searches (decision 0014): the owner's rows, and the reverse query that matches
 * new listings against every saved search at once.
 *
 * A saved search keeps its filters twice: `query` as the user saved it (to reopen it at
 * `/search`), and the same filters in match columns (`filterColumnsOf`) with "any" as '' or an
 * open bound, so the reverse query is plain equalities and ranges on indexed columns plus the
 * keyword test of the search (src/server/search/repository.ts) on the few candidates.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  dollarsToCents,
  savedSearchQuerySchema,
  searchRadiusDefaultKm,
  type SavedSearchAlert,
  type SearchQuery,
} from '#contract/index.js';
import type { Database } from '../db/client.js';
import { liveSql, savedSearchMatches, savedSearches } from '../db/schema.js';
import type { Executor } from '../jobs/queue.js';
import { isDatabaseUnavailable } from '../plugins/error-handler.js';
import { httpError } from '../lib/http-error.js';
import { findPlace } from '../places/repository.js';
import { prefixQuery } from '../search/repository.js';
import { queryRows } from '../db/rows.js';

export type SavedSearchRow = typeof savedSearches.$inferSelect & { newMatches: number };
export type StoredQuery = Record<string, string | number | boolean>;

/** The match columns of a saved query (see the module comment; prices in cents). */
export function filterColumnsOf(query: StoredQuery) {
  const filters = query as Partial<Omit<SearchQuery, 'sort' | 'limit' | 'cursor'>>;
  const keyword = filters.q?.trim() ? filters.q.trim() : null;
  return {
    categoryId: filters.category ?? null,
    makeKey: filters.make?.toLowerCase() ?? '',
    modelKey: filters.model?.toLowerCase() ?? '',
    minPriceCents: filters.min_price === undefined ? 0 : dollarsToCents(filters.min_price),
    maxPriceCents: filters.max_price === undefined ? 2147483647 : dollarsToCents(filters.max_price),
    minYear: filters.min_year ?? 0,
    maxYear: filters.max_year ?? 32767,
    maxMileageKm: filters.max_mileage ?? 2147483647,
    conditionKey: filters.condition ?? '',
    fuelTypeKey: filters.fuel_type ?? '',
    transmissionKey: filters.transmission ?? '',
    verifiedOnly: filters.verified === true,
    sellerTypeKey: filters.seller_type ?? '',
    kindKey: filters.kind ?? '',
    tsQuery: keyword ? prefixQuery(keyword) : null,
    keyword,
  };
}

/**
 * The centre and radius columns of a saved query (decision 0026): `near` resolved to its
 * place's position, or `lat`/`lon` as given; the radius defaulting as the search's does. All
 * null when the query has no centre.
 * @throws HttpError 400 when `near` names no place.
 */
export async function centreColumnsOf(db: Executor, query: StoredQuery) {
  const filters = query as Partial<SearchQuery>;
  let lat = filters.lat;
  let lon = filters.lon;
  if (filters.near !== undefined) {
    const place = await findPlace(db, Number(filters.near));
    if (!place) throw httpError(400, 'body.query.near must be the id of a place');
    lat = place.lat;
    lon = place.lon;
  }
  if (lat === undefined || lon === undefined) {
    return { centreLat: null, centreLon: null, radiusKm: null };
  }
  return {
    centreLat: Number(lat),
    centreLon: Number(lon),
    radiusKm: Number(filters.radius_km ?? searchRadiusDefaultKm),
  };
}

/** Listings matched after the saved search was last opened and still live. */
// Written out in full: in a one-table select Drizzle leaves columns unqualified, and an
// unqualified "id" here would be the listing's.
const newMatchesSql = sql<number>`(
  select count(*)::int from saved_search_matches
  join products on products.id = saved_search_matches.product_id
  where saved_search_matches.saved_search_id = saved_searches.id
    and saved_search_matches.matched_at > saved_searches.visited_at
    and ${liveSql})`;

const savedSearchColumns = {
  id: savedSearches.id,
  userId: savedSearches.userId,
  name: savedSearches.name,
  query: savedSearches.query,
  alert: savedSearches.alert,
  categoryId: savedSearches.categoryId,
  makeKey: savedSearches.makeKey,
  modelKey: savedSearches.modelKey,
  minPriceCents: savedSearches.minPriceCents,
  maxPriceCents: savedSearches.maxPriceCents,
  minYear: savedSearches.minYear,
  maxYear: savedSearches.maxYear,
  maxMileageKm: savedSearches.maxMileageKm,
  conditionKey: savedSearches.conditionKey,
  fuelTypeKey: savedSearches.fuelTypeKey,
  transmissionKey: savedSearches.transmissionKey,
  verifiedOnly: savedSearches.verifiedOnly,
  sellerTypeKey: savedSearches.sellerTypeKey,
  kindKey: savedSearches.kindKey,
  tsQuery: savedSearches.tsQuery,
  keyword: savedSearches.keyword,
  centreLat: savedSearches.centreLat,
  centreLon: savedSearches.centreLon,
  radiusKm: savedSearches.radiusKm,
  visitedAt: savedSearches.visitedAt,
  createdAt: savedSearches.createdAt,
};

/** The caller's saved searches, newest first, with their new-match counts. */
export async function listSavedSearches(db: Database, userId: string): Promise<SavedSearchRow[]> {
  return db
    .select({ ...savedSearchColumns, newMatches: newMatchesSql })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
}

/** One saved search of `userId`, or null when there is none (or it is someone else's). */
export async function findSavedSearch(
  db: Executor,
  userId: string,
  id: string,
): Promise<SavedSearchRow | null> {
  const [row] = await db
    .select({ ...savedSearchColumns, newMatches: newMatchesSql })
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  return row ?? null;
}

/**
 * Saves a search for `userId` unless they already keep `max` (checked with the user's saved
 * searches counted under a lock on their user row, so parallel saves cannot overshoot).
 * @returns the new row, or 'cap' at the limit.
 */
export async function insertSavedSearch(
  db: Database,
  userId: string,
  input: { name: string; query: StoredQuery; alert: SavedSearchAlert },
  max: number,
): Promise<SavedSearchRow | 'cap'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where id = ${userId} for update`);
    const [existing] = await tx
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    if ((existing?.n ?? 0) >= max) return 'cap';
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        ...input,
        ...filterColumnsOf(input.query),
        ...(await centreColumnsOf(tx, input.query)),
      })
      .returning();
    return { ...row!, newMatches: 0 };
  });
}

/**
 * Renames a saved search of `userId` or changes its alert. A changed alert settles the matches
 * waiting for a digest (they are neither mailed later nor twice; decision 0014).
 * @returns the updated row, or null when it is not theirs.
 */
export async function updateSavedSearch(
  db: Database,
  userId: string,
  id: string,
  changes: { name?: string; alert?: SavedSearchAlert },
): Promise<SavedSearchRow | null> {
  return db.transaction(async (tx) => {
    const current = await findSavedSearch(tx, userId, id);
    if (!current) return null;
    await tx.update(savedSearches).set(changes).where(eq(savedSearches.id, id));
    if (changes.alert !== undefined && changes.alert !== current.alert) {
      await settlePending(tx, id);
    }
    return findSavedSearch(tx, userId, id);
  });
}

/** Marks the matches of saved search `id` that wait for a digest as settled. */
export async function settlePending(db: Executor, id: string): Promise<void> {
  await db
    .update(savedSearchMatches)
    .set({ announcedAt: sql`now()` })
    .where(
      and(eq(savedSearchMatches.savedSearchId, id), sql`${savedSearchMatches.announcedAt} is null`),
    );
}

/** Deletes a saved search of `userId` (its matches go with it). @returns false if not theirs. */
export async function deleteSavedSearch(db: Database, userId: string, id: string) {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return deleted.length > 0;
}

/** Marks a saved search of `userId` opened now. @returns the row, or null if not theirs. */
export async function visitSavedSearch(db: Database, userId: string, id: string) {
  const updated = await db
    .update(savedSearches)
    .set({ visitedAt: sql`now()` })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return updated.length > 0 ? findSavedSearch(db, userId, id) : null;
}

/** Turns a saved search's alert off (the unsubscribe link). @returns false when it is gone. */
export async function turnAlertOff(db: Database, userId: string, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(savedSearches)
      .set({ alert: 'off' })
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .returning({ id: savedSearches.id });
    if (updated.length === 0) return false;
    await settlePending(tx, id);
    return true;
  });
}

/** A new (saved search, listing) match, as the reverse query records it. */
export interface NewMatch {
  savedSearchId: string;
  productId: string;
  alert: SavedSearchAlert;
}

/**
 * The FROM … WHERE of the reverse query: live listings `productIds` joined with the saved
 * searches they match (aliases `products`, `seller`, `s`); with `only`, that one saved search;
 * with `keyword: false`, every filter but the keyword (the candidates).
 */
function matchFrom(
  productIds: string[],
  { only, keyword = true }: { only?: string; keyword?: boolean } = {},
) {
  const ids = sql`array[${sql.join(
    productIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  return sql`
    from products
    join users seller on seller.id = products.seller_id
    join saved_searches s
      on s.make_key = any(array['', lower(coalesce(products.make, ''))])
     and s.max_price_cents >= products.resell_price_cents
     and s.min_price_cents <= products.resell_price_cents
     and (s.category_id is null or s.category_id = products.category_id)
     and (s.model_key = '' or s.model_key = lower(products.model))
     and (s.min_year = 0 or s.min_year <= products.model_year)
     and (s.max_year = 32767 or s.max_year >= products.model_year)
     and (s.max_mileage_km = 2147483647 or s.max_mileage_km >= products.mileage_km)
     and (s.condition_key = '' or s.condition_key = products.condition)
     and (s.fuel_type_key = '' or s.fuel_type_key = products.fuel_type)
     and (s.transmission_key = '' or s.transmission_key = products.transmission)
     and (not s.verified_only or seller.status = 'verified')
     and (s.seller_type_key = '' or s.seller_type_key = seller.seller_type)
     and (s.kind_key = ''
          or s.kind_key = (select case when c.holds_vehicles then 'vehicles' else 'parts' end
                           from categories c where c.id = products.category_id))
     and s.user_id <> products.seller_id
     and (s.radius_km is null
          or sg_distance_km(s.centre_lat, s.centre_lon, products.place_lat, products.place_lon)
             <= s.radius_km)
     and ${
       keyword
         ? sql`(s.ts_query is null
          or products.search_vector @@ sg_prefix_tsquery(s.ts_query)
          or lower(sg_unaccent(s.keyword)) <% products.search_text)`
         : sql`true`
     }
    where products.id = any(${ids}) and ${liveSql}${only ? sql` and s.id = ${only}::uuid` : sql``}
  `;
}

/** How many (saved search, listing) pairs match, without recording them (the benchmark). */
export async function countMatches(db: Executor, productIds: string[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const result = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n ${matchFrom(productIds)}`,
  );
  return Number(result[0]?.n ?? 0);
}

/**
 * The reverse query (decision 0014): matches the live listings `productIds` against every saved
 * search in one statement and records each (saved search, listing) pair not recorded before.
 * Candidates come from `saved_searches_match_idx` (make '' or the listing's make, then the price
 * bound); the other filters are column comparisons on those rows, and the keyword is tested as
 * the search tests it (prefix tsquery on `search_vector`, or trigram word similarity on
 * `search_text`). A pair already recorded is skipped (primary key), so a listing edited or put
 * back is never announced twice for the same saved search. Matches of searches whose alert is
 * off are recorded settled (they still count as new matches on `/saved-searches`).
 *
 * One saved search cannot stop the others' alerts: when the database refuses the one statement
 * for a reason other than being unreachable, each candidate saved search is matched on its own
 * (a savepoint each), and the ones it still refuses are left out and reported to `onRefused`.
 * An unreachable database is thrown (the job is retried).
 * @returns the pairs recorded now, in `tx` (a transaction: the savepoints live in it).
 */
export async function recordMatches(
  tx: Executor,
  productIds: string[],
  onRefused: (savedSearchId: string, error: unknown) => void = () => {},
): Promise<NewMatch[]> {
  if (productIds.length === 0) return [];
  try {
    return await tx.transaction((savepoint) => insertMatches(savepoint, productIds));
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    const candidates = await queryRows<{ id: string }>(
      tx,
      sql`select distinct s.id ${matchFrom(productIds, { keyword: false })}`,
    );
    const recorded: NewMatch[] = [];
    for (const { id } of candidates) {
      try {
        recorded.push(
          ...(await tx.transaction((savepoint) => insertMatches(savepoint, productIds, id))),
        );
      } catch (refused) {
        if (isDatabaseUnavailable(refused)) throw refused;
        onRefused(id, refused);
      }
    }
    return recorded;
  }
}

/** `recordMatches`' one statement, for every saved search or `only` one. */
async function insertMatches(
  tx: Executor,
  productIds: string[],
  only?: string,
): Promise<NewMatch[]> {
  const result = await queryRows<{
    saved_search_id: string;
    product_id: string;
    alert: SavedSearchAlert;
  }>(
    tx,
    sql`
    with inserted as (
    insert into saved_search_matches (saved_search_id, product_id, announced_at)
    select s.id, products.id, case when s.alert = 'off' then now() end
    ${matchFrom(productIds, { only })}
    on conflict (saved_search_id, product_id) do nothing
    returning saved_search_id, product_id)
    select inserted.saved_search_id, inserted.product_id, s.alert
    from inserted join saved_searches s on s.id = inserted.saved_search_id
  `,
  );
  return result.map((row) => ({
    savedSearchId: row.saved_search_id,
    productId: row.product_id,
    alert: row.alert,
  }));
}

/** What an alert mail needs of a saved search and its new listings. */
export interface AlertDraft {
  savedSearchId: string;
  name: string;
  query: StoredQuery;
  userId: string;
  email: string;
  listings: { id: string; name: string; priceCents: number }[];
}

/**
 * The saved searches and live listings of `pairs`, grouped by saved search, with the owner's
 * e-mail; owners without an e-mail or deleted are left out.
 */
export async function alertDrafts(
  db: Executor,
  pairs: { savedSearchId: string; productId: string }[],
): Promise<AlertDraft[]> {
  if (pairs.length === 0) return [];
  const values = sql.join(
    pairs.map((pair) => sql`(${pair.savedSearchId}::uuid, ${pair.productId}::uuid)`),
    sql`, `,
  );
  const result = await queryRows<{
    saved_search_id: string;
    name: string;
    query: StoredQuery;
    user_id: string;
    email: string;
    product_id: string;
    product_name: string;
    resell_price_cents: number;
  }>(
    db,
    sql`
    select s.id as saved_search_id, s.name, s.query, s.user_id, u.email,
           products.id as product_id, products.product_name, products.resell_price_cents
    from (values ${values}) as pair(saved_search_id, product_id)
    join saved_searches s on s.id = pair.saved_search_id
    join users u on u.id = s.user_id and u.deleted_at is null
    join products on products.id = pair.product_id
    where ${liveSql} and coalesce(u.email, '') <> ''
    order by s.id, products.created_at, products.id
  `,
  );
  const drafts = new Map<string, AlertDraft>();
  for (const row of result) {
    let draft = drafts.get(row.saved_search_id);
    if (!draft) {
      draft = {
        savedSearchId: row.saved_search_id,
        name: row.name,
        query: row.query,
        userId: row.user_id,
        email: row.email,
        listings: [],
      };
      drafts.set(row.saved_search_id, draft);
    }
    draft.listings.push({
      id: row.product_id,
      name: row.product_name,
      priceCents: Number(row.resell_price_cents),
    });
  }
  return [...drafts.values()];
}

/**
 * Takes the matches waiting for the daily digest (alert 'daily', not announced), marking them
 * announced in `tx`. @returns the pairs taken.
 */
export async function takeDigestPairs(tx: Executor) {
  const result = await queryRows<{ saved_search_id: string; product_id: string }>(
    tx,
    sql`
    update saved_search_matches m set announced_at = now()
    from saved_searches s
    where s.id = m.saved_search_id and s.alert = 'daily' and m.announced_at is null
    returning m.saved_search_id, m.product_id
  `,
  );
  return result.map((row) => ({
    savedSearchId: row.saved_search_id,
    productId: row.product_id,
  }));
}

/** Marks the given pairs announced (instant alerts, in the matcher's transaction). */
export async function markAnnounced(
  tx: Executor,
  pairs: { savedSearchId: string; productId: string }[],
) {
  if (pairs.length === 0) return;
  const values = sql.join(
    pairs.map((pair) => sql`(${pair.savedSearchId}::uuid, ${pair.productId}::uuid)`),
    sql`, `,
  );
  await tx.execute(sql`
    update saved_search_matches m set announced_at = now()
    from (values ${values}) as pair(saved_search_id, product_id)
    where m.saved_search_id = pair.saved_search_id and m.product_id = pair.product_id`);
}

/** The saved query, re-validated (stored rows were validated when saved; this types them). */
export const parseStoredQuery = (value: unknown): StoredQuery =>
  savedSearchQuerySchema.parse(value);
