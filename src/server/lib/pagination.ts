/**
 * Keyset pagination (decision 0003), written once for every list that can grow: the category
 * listing, the admin's user list and the audit log. A list is ordered newest first by
 * `(createdAt, id)` descending; a page is the rows after the cursor of the previous page's last
 * row. The cursor is opaque to clients (base64url of `<ISO createdAt>|<id>`) and the next page's
 * comes in the `x-next-cursor` response header (contract `nextCursorHeader`).
 *
 * In a route:
 *
 * ```ts
 * const page = await keysetPage(reply, request.query, (after, limit) =>
 *   listThings(app.db, after, limit),
 * );
 * ```
 *
 * and in its repository: `.where(and(…, after(table, cursor))).orderBy(...newestFirst(table))`.
 */
import { desc, sql, type Column, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { nextCursorHeader } from '../../contract/index.js';
import { httpError } from './http-error.js';

/** Position of the last row of a page in a list ordered by (createdAt, id) descending. */
export interface KeysetCursor {
  createdAt: Date;
  /** A uuid. */
  id: string;
}

/** Encodes a cursor as base64url text (opaque to clients). */
export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

/** Decodes a cursor; returns null when the text is not one this server produced. */
export function decodeCursor(text: string): KeysetCursor | null {
  const [iso, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (!iso || !id || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const createdAt = new Date(iso);
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id };
}

/**
 * The `?cursor=` of a request, decoded; null for the first page.
 * @throws HttpError 400 when it is not a cursor this server produced.
 */
export function parseCursor(text: string | undefined): KeysetCursor | null {
  if (text === undefined) return null;
  const cursor = decodeCursor(text);
  if (!cursor) throw httpError(400, 'querystring.cursor must be a cursor given by a previous page');
  return cursor;
}

/** The keyset columns of a table. */
export interface KeysetColumns {
  createdAt: Column;
  id: Column;
}

/**
 * SQL condition "comes after `cursor`" in (createdAt, id) descending order; undefined = all.
 * A row comparison, `(created_at, id) < (…, …)`, which PostgreSQL reads as one index range
 * (an index on `(…, created_at, id)` starts at the cursor); the equivalent `a < x or (a = x and
 * b < y)` is no index condition, so a deep page read every newer row first (a category page
 * 360 days deep at 1,000,000 listings: p50 36-53 ms against under 1 ms).
 */
export function after(columns: KeysetColumns, cursor: KeysetCursor | null): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${columns.createdAt}, ${columns.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`;
}

/** ORDER BY of a keyset list: newest first, id breaking ties (an index must serve it). */
export function newestFirst(columns: KeysetColumns): [SQL, SQL] {
  return [desc(columns.createdAt), desc(columns.id)];
}

/**
 * Reads one page: decodes `query.cursor` (400 when foreign), asks `fetch` for `limit + 1` rows
 * after it (the extra row tells whether a next page exists), sets `x-next-cursor` on `reply`
 * when one does, and returns at most `query.limit` rows.
 * @throws HttpError 400 for a foreign cursor; whatever `fetch` throws.
 */
export async function keysetPage<Row extends { createdAt: Date; id: string }>(
  reply: FastifyReply,
  query: { limit: number; cursor?: string | undefined },
  fetch: (cursor: KeysetCursor | null, limit: number) => Promise<Row[]>,
): Promise<Row[]> {
  const { limit } = query;
  const rows = await fetch(parseCursor(query.cursor), limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  if (rows.length > limit && last) {
    reply.header(nextCursorHeader, encodeCursor({ createdAt: last.createdAt, id: last.id }));
  }
  return page;
}

/**
 * Position of the last row of a page in a list ordered by `(key, id)` in some direction (the
 * search's sort orders, decision 0012): `tag` names the order (a cursor of one order is foreign
 * to another), `key` is the sort value as text (ISO time, or an integer).
 */
export interface OrderedCursor {
  tag: string;
  key: string;
  /** A uuid. */
  id: string;
}

/** Encodes an ordered-list cursor as base64url text (opaque to clients). */
export function encodeOrderedCursor(cursor: OrderedCursor): string {
  return Buffer.from(`${cursor.tag}|${cursor.key}|${cursor.id}`).toString('base64url');
}

/**
 * The `?cursor=` of an ordered list, decoded; null for the first page. `parseKey` turns the key
 * text back into its value and returns undefined when it is not one.
 * @throws HttpError 400 when it is not a cursor this server produced for the order `tag`.
 */
export function parseOrderedCursor<K>(
  text: string | undefined,
  tag: string,
  parseKey: (key: string) => K | undefined,
): { key: K; id: string } | null {
  if (text === undefined) return null;
  const [cursorTag, key, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const value = cursorTag === tag && key !== undefined ? parseKey(key) : undefined;
  if (rest.length > 0 || value === undefined || !id || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw httpError(
      400,
      'querystring.cursor must be a cursor given by a previous page of this sort',
    );
  }
  return { key: value, id };
}
