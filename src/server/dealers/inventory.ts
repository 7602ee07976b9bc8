/**
 * Inventory import of business sellers (decision 0046): one file (CSV or JSON), one feed run
 * or one dealer-API call becomes created, updated, unchanged and — in full mode — removed
 * listings, and a report.
 *
 * - Rows are validated with the contract's `inventoryRowSchema` (the listing form's rules);
 *   the category is an existing category's name, the place a town looked up as the place field
 *   does. A refused row is reported `{row, field, reason}` and nothing of it is written.
 * - Idempotent by `external_id` (unique per seller): a row whose digest (the normalised row,
 *   its category and place) equals the one the listing was last written from is `unchanged` and
 *   touches nothing, photos included.
 * - Photos come from `photo_urls` through the server's outbound client (`app.outbound`: public
 *   addresses only unless allowed, time and size limits), their type sniffed from the bytes by
 *   `storeImage`, the upload path's checks, variants and duplicate-photo hashes. A photo already
 *   fetched for that car (same address in `photo_sources`) is not fetched again.
 * - Full mode: the seller's imported cars on the market whose `external_id` is not in the file
 *   become `unavailable` through `transitionListing` (decision 0027), never deleted; a car back
 *   in the feed is put back on the market.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  capitalizeFirst,
  dollarsToCents,
  inventoryColumns,
  inventoryRowSchema,
  KM_PER_MILE,
  limits,
  type ImportFailure,
  type ImportResult,
  type InventoryRow,
  type TraderDetails,
} from '#contract/index.js';
import { listingState, transition, type ListingStatus } from '#contract/listing-state.js';
import { categories, dealerImports, priceHistory, products, uploads } from '../db/schema.js';
import { OutboundError } from '../lib/outbound.js';
import { recordPhotoHash } from '../trust/backfill.js';
import { storeImage } from '../storage/images.js';
import { transitionListing } from '../listings/listing-state.js';
import { lookupPlaces } from '../places/repository.js';
import { enqueueListingMatch } from '../saved-searches/alerts.js';

/** Time limit of one photo's download (ms) and of a feed's (ms). */
export const PHOTO_TIMEOUT_MS = 15_000;
export const FEED_TIMEOUT_MS = 60_000;
/** Largest inventory file or feed (bytes) and most cars in one. */
export const INVENTORY_MAX_BYTES = 10 * 1024 * 1024;
export const INVENTORY_MAX_ROWS = 5_000;

/** An inventory file that cannot be read at all (400 for an upload, `last_error` for a feed). */
export class InventoryFileError extends Error {}

/** A row that cannot be imported because of one field (reported per row, never thrown further). */
class RowFieldError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** One row of a file: its number as a person sees it and its cells. */
export interface RawRow {
  row: number;
  cells: Record<string, unknown>;
}

/**
 * Reads a CSV (header row required; RFC 4180 quoting; `,` or `;` separated) or JSON (an array of
 * objects, or `{cars: [...]}`) inventory file. CSV rows are numbered by their line in the file
 * (the header is row 1), JSON rows from 1.
 * @throws InventoryFileError when the file is neither, has no rows, too many, or unknown columns.
 */
export function parseInventory(bytes: Buffer): RawRow[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const first = text.trimStart()[0];
  let rows: RawRow[];
  if (first === '[' || first === '{') {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new InventoryFileError('The file is not valid JSON');
    }
    const list = Array.isArray(data) ? data : (data as { cars?: unknown }).cars;
    if (!Array.isArray(list)) {
      throw new InventoryFileError('A JSON inventory is an array of cars, or {"cars": [...]}');
    }
    rows = list.map((cells, index) => ({
      row: index + 1,
      cells: cells && typeof cells === 'object' ? (cells as Record<string, unknown>) : {},
    }));
  } else {
    const header = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
    const delimiter = header.split(';').length > header.split(',').length ? ';' : ',';
    let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
    try {
      records = parse(text, {
        columns: (names: string[]) => names.map((name) => name.trim().toLowerCase()),
        delimiter,
        skip_empty_lines: true,
        relax_column_count: true,
        info: true,
        max_record_size: 64 * 1024,
      });
    } catch (error) {
      throw new InventoryFileError(`The CSV file cannot be read: ${(error as Error).message}`);
    }
    const unknown = Object.keys(records[0]?.record ?? {}).filter(
      (name) => !(inventoryColumns as readonly string[]).includes(name),
    );
    if (unknown.length > 0) {
      throw new InventoryFileError(
        `Unknown columns: ${unknown.join(', ')}. The columns are: ${inventoryColumns.join(', ')}`,
      );
    }
    rows = records.map(({ record, info }) => ({ row: info.lines, cells: record }));
  }
  if (rows.length === 0) throw new InventoryFileError('The file has no cars');
  if (rows.length > INVENTORY_MAX_ROWS) {
    throw new InventoryFileError(`A file has at most ${INVENTORY_MAX_ROWS} cars`);
  }
  return rows;
}

/** The template: the header and one example car (docs/features.md "Inventory import"). */
export function inventoryTemplate(): string {
  const example = [
    'STOCK-1001',
    'Sedan',
    'Toyota',
    'Corolla',
    '2018',
    '64000',
    'km',
    '12500',
    'Petrol',
    'Automatic',
    'Hatchback',
    'Silver',
    '',
    'One owner, full service history.',
    'Austin, TX',
    'https://dealer.example/photos/1001-1.jpg|https://dealer.example/photos/1001-2.jpg',
  ];
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return `${inventoryColumns.join(',')}\n${example.map(quote).join(',')}\n`;
}

/** A validated row with what it resolved to. */
interface ReadyRow {
  row: number;
  data: InventoryRow;
  categoryId: string;
  placeId: number;
  location: string;
  digest: string;
}

/** The listing an `external_id` already names for this seller. */
interface Existing {
  id: string;
  digest: string | null;
  status: ListingStatus;
  photoSources: string[] | null;
  productImages: string[];
  resellPriceCents: number;
}

export interface ImportOptions {
  sellerId: string;
  /** The seller's trader details: their phone is the listings' contact phone. */
  trader: TraderDetails;
  mode: 'full' | 'partial';
  dryRun: boolean;
  source: 'upload' | 'feed';
}

/** Validation issues of one row, one per field (the first message of each). */
function failuresOf(row: number, issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const seen = new Map<string, ImportFailure>();
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'row');
    if (!seen.has(field)) seen.set(field, { row, field, reason: issue.message });
  }
  return [...seen.values()];
}

/**
 * Validates `rows` and resolves their category and place (looked up once per distinct name).
 * @returns the rows ready to write and the failures, in row order.
 */
async function prepareRows(app: FastifyInstance, rows: RawRow[]) {
  const ready: ReadyRow[] = [];
  const failed: ImportFailure[] = [];
  const categoryIds = new Map<string, string | null>();
  const placesByName = new Map<string, { id: number; location: string } | null>();
  const seenIds = new Set<string>();
  const liveCategories = await app.db
    .select({ id: categories.id, name: categories.categoryName })
    .from(categories)
    .where(isNull(categories.deletedAt));
  for (const category of liveCategories) categoryIds.set(category.name.toLowerCase(), category.id);
  for (const { row, cells } of rows) {
    const parsed = inventoryRowSchema.safeParse(cells);
    if (!parsed.success) {
      failed.push(...failuresOf(row, parsed.error.issues));
      continue;
    }
    const data = parsed.data;
    if (seenIds.has(data.external_id)) {
      failed.push({ row, field: 'external_id', reason: 'external_id repeats an earlier row' });
      continue;
    }
    seenIds.add(data.external_id);
    const categoryId = categoryIds.get(data.category.toLowerCase()) ?? null;
    if (!categoryId) {
      failed.push({
        row,
        field: 'category',
        reason: `category must be the name of an existing category ("${data.category}" is not)`,
      });
      continue;
    }
    const placeKey = data.place.toLowerCase();
    if (!placesByName.has(placeKey)) {
      const [place] = await lookupPlaces(app.db, { q: data.place, limit: 1 });
      placesByName.set(
        placeKey,
        place
          ? { id: place.id, location: `${place.name}, ${place.region ?? place.country}` }
          : null,
      );
    }
    const place = placesByName.get(placeKey);
    if (!place) {
      failed.push({ row, field: 'place', reason: `place "${data.place}" is not a known town` });
      continue;
    }
    const digest = createHash('sha256')
      .update(JSON.stringify([data, categoryId, place.id]))
      .digest('base64url');
    ready.push({ row, data, categoryId, placeId: place.id, location: place.location, digest });
  }
  return { ready, failed, seenIds };
}

/** The product columns an import row writes (prices in cents, mileage in km). */
function columnsOf(ready: ReadyRow, phone: string) {
  const { data } = ready;
  const currentYear = new Date().getUTCFullYear();
  return {
    productName: capitalizeFirst(`${data.year} ${data.make} ${data.model}`).slice(
      0,
      limits.productNameMax,
    ),
    productDescription: capitalizeFirst(data.description),
    categoryId: ready.categoryId,
    resellPriceCents: dollarsToCents(data.price),
    originalPriceCents: dollarsToCents(data.price),
    yearOfUsed: Math.min(limits.yearOfUsedMax, Math.max(0, currentYear - data.year)),
    sellerLocation: capitalizeFirst(ready.location),
    sellerPhone: phone,
    make: data.make,
    model: data.model,
    modelYear: data.year,
    mileageKm: data.mileage_unit === 'mi' ? Math.round(data.mileage * KM_PER_MILE) : data.mileage,
    fuelType: data.fuel ?? null,
    transmission: data.transmission ?? null,
    bodyType: data.body ?? null,
    color: data.colour ?? null,
    vin: data.vin ?? null,
    placeId: ready.placeId,
    importDigest: ready.digest,
  };
}

/** Why a photo was refused, in words. */
function photoReason(url: string, error: unknown): string {
  if (error instanceof OutboundError) {
    const why =
      error.code === 'private_address'
        ? 'it is on a private or local address'
        : error.code === 'too_large'
          ? `it is larger than ${limits.imageMaxBytes / 1024 / 1024} MB`
          : error.code === 'timeout'
            ? 'it took too long'
            : error.reason;
    return `photo ${url} could not be fetched: ${why}`;
  }
  const message = (error as { message?: string }).message ?? 'it could not be read';
  return `photo ${url} was refused: ${message}`;
}

/**
 * The stored photos of a row, cover first: a photo already fetched for that car from the same
 * address is reused, the others are downloaded and stored as uploads are.
 * @throws RowFieldError on `photo_urls` when one cannot be fetched or stored.
 */
async function photosOf(
  app: FastifyInstance,
  uploaderUid: string,
  urls: string[],
  existing: Existing | undefined,
): Promise<string[]> {
  const known = new Map<string, string>();
  existing?.photoSources?.forEach((source, index) => {
    const stored = existing.productImages[index];
    if (stored) known.set(source, stored);
  });
  const stored: string[] = [];
  for (const url of urls) {
    const again = known.get(url);
    if (again) {
      stored.push(again);
      continue;
    }
    try {
      const response = await app.outbound.request(url, {
        timeoutMs: PHOTO_TIMEOUT_MS,
        maxBytes: limits.imageMaxBytes,
        headers: { accept: 'image/*' },
      });
      if (response.status !== 200) throw new Error(`the server answered ${response.status}`);
      const image = await storeImage(response.body, app.imageStore);
      await app.db.insert(uploads).values({ uploaderUid, url: image.url, bytes: image.bytes });
      await recordPhotoHash(app.db, image.url, image.phash);
      stored.push(image.url);
    } catch (error) {
      throw new RowFieldError('photo_urls', photoReason(url, error));
    }
  }
  return stored;
}

/** What happened to one row. */
export type RowOutcome = 'created' | 'updated' | 'unchanged';

/**
 * Writes one ready row for the seller (dry run: only says what would happen). One transaction per
 * car: the listing, its price history, its state and the saved-search alerts commit together.
 */
async function applyRow(
  app: FastifyInstance,
  options: ImportOptions & { uploaderUid: string },
  ready: ReadyRow,
  existing: Existing | undefined,
): Promise<RowOutcome> {
  // Taken off the market by an earlier full import (or its seller): the row puts it back.
  const backOnMarket =
    existing !== undefined && transition(existing.status, 'putBack', 'seller').ok;
  if (existing && existing.digest === ready.digest && !backOnMarket) return 'unchanged';
  const outcome: RowOutcome = existing ? 'updated' : 'created';
  if (options.dryRun) return outcome;
  const images = await photosOf(app, options.uploaderUid, ready.data.photo_urls, existing);
  const columns = columnsOf(ready, options.trader.phone);
  await app.db.transaction(async (tx) => {
    if (!existing) {
      // A deleted listing keeps its external id out of the way of the new one.
      await tx
        .update(products)
        .set({ externalId: null })
        .where(
          and(
            eq(products.sellerId, options.sellerId),
            eq(products.externalId, ready.data.external_id),
            isNotNull(products.deletedAt),
          ),
        );
      const [row] = await tx
        .insert(products)
        .values({
          ...columns,
          productImage: images[0]!,
          productImages: images,
          photoSources: ready.data.photo_urls,
          sellerId: options.sellerId,
          externalId: ready.data.external_id,
          expiresAt: sql`date_trunc('milliseconds', now()) + make_interval(days => ${app.config.listings.ttlDays})`,
        })
        .returning({ id: products.id, createdAt: products.createdAt });
      await tx
        .insert(priceHistory)
        .values({ productId: row!.id, priceCents: columns.resellPriceCents, at: row!.createdAt });
      await enqueueListingMatch(app, [row!.id], tx);
      return;
    }
    const sold = existing.status === 'sold';
    await tx
      .update(products)
      .set({
        ...columns,
        // A sold car keeps the price it sold at (decision 0027).
        ...(sold ? { resellPriceCents: existing.resellPriceCents } : {}),
        productImage: images[0]!,
        productImages: images,
        photoSources: ready.data.photo_urls,
      })
      .where(eq(products.id, existing.id));
    if (!sold && columns.resellPriceCents !== existing.resellPriceCents) {
      await tx
        .insert(priceHistory)
        .values({ productId: existing.id, priceCents: columns.resellPriceCents });
    }
    if (backOnMarket) {
      await transitionListing(tx, existing.id, 'putBack', {
        kind: 'seller',
        userId: options.sellerId,
      });
    }
    await enqueueListingMatch(app, [existing.id], tx);
  });
  return outcome;
}

/** The seller's live imported listings by external id (all of them, or those `ids` names). */
async function existingListings(app: FastifyInstance, sellerId: string, ids?: string[]) {
  const rows = await app.db
    .select({
      externalId: products.externalId,
      id: products.id,
      digest: products.importDigest,
      status: products.listingStatus,
      photoSources: products.photoSources,
      productImages: products.productImages,
      resellPriceCents: products.resellPriceCents,
    })
    .from(products)
    .where(
      and(
        eq(products.sellerId, sellerId),
        isNull(products.deletedAt),
        ids ? inArray(products.externalId, ids) : isNotNull(products.externalId),
      ),
    );
  return new Map(rows.map((row) => [row.externalId!, row as Existing]));
}

/**
 * Makes the listing `id` of the seller unavailable (the listing state; decision 0027), in its own
 * transaction. @returns whether it changed.
 */
export async function makeUnavailable(
  app: FastifyInstance,
  sellerId: string,
  id: string,
): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    const result = await transitionListing(tx, id, 'takeOffMarket', {
      kind: 'seller',
      userId: sellerId,
    });
    return result.kind === 'done' && result.modifiedCount === 1;
  });
}

/**
 * Imports `rows` for a business seller and stores the run's report (dry runs included).
 * @returns the report with the external ids of each group.
 */
export async function runImport(
  app: FastifyInstance,
  options: ImportOptions & { uploaderUid: string },
  rows: RawRow[],
): Promise<ImportResult> {
  const { ready, failed, seenIds } = await prepareRows(app, rows);
  const existing = await existingListings(app, options.sellerId);
  const changes = { created: [] as string[], updated: [] as string[], removed: [] as string[] };
  let unchanged = 0;
  for (const row of ready) {
    try {
      const outcome = await applyRow(app, options, row, existing.get(row.data.external_id));
      if (outcome === 'unchanged') unchanged += 1;
      else changes[outcome].push(row.data.external_id);
    } catch (error) {
      if (!(error instanceof RowFieldError)) throw error;
      failed.push({ row: row.row, field: error.field, reason: error.reason });
    }
  }
  if (options.mode === 'full') {
    for (const [externalId, listing] of existing) {
      if (seenIds.has(externalId) || !listingState(listing.status).onMarket) continue;
      if (options.dryRun || (await makeUnavailable(app, options.sellerId, listing.id))) {
        changes.removed.push(externalId);
      }
    }
  }
  failed.sort((a, b) => a.row - b.row);
  const [report] = await app.db
    .insert(dealerImports)
    .values({
      sellerId: options.sellerId,
      source: options.source,
      mode: options.mode,
      dryRun: options.dryRun,
      created: changes.created.length,
      updated: changes.updated.length,
      unchanged,
      removed: changes.removed.length,
      failed,
    })
    .returning();
  if (
    !options.dryRun &&
    changes.created.length + changes.updated.length + changes.removed.length > 0
  ) {
    app.invalidation.publish('public');
  }
  return { ...presentImport(report!), changes };
}

/** One stored report under its API names. */
export function presentImport(row: typeof dealerImports.$inferSelect) {
  return {
    import_id: row.id,
    source: row.source,
    mode: row.mode,
    dry_run: row.dryRun,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    removed: row.removed,
    failed: row.failed,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * One car through the dealer API: the import's validation and write for a single row.
 * @returns the outcome and the listing's id, or the row's failures.
 */
export async function upsertOne(
  app: FastifyInstance,
  options: Omit<ImportOptions, 'mode' | 'dryRun' | 'source'> & { uploaderUid: string },
  externalId: string,
  body: Record<string, unknown>,
): Promise<
  | { kind: 'done'; outcome: RowOutcome; productId: string }
  | { kind: 'failed'; failed: ImportFailure[] }
> {
  const { ready, failed } = await prepareRows(app, [
    { row: 1, cells: { ...body, external_id: externalId } },
  ]);
  if (!ready[0]) return { kind: 'failed', failed };
  const current = await existingListings(app, options.sellerId, [externalId]);
  try {
    const outcome = await applyRow(
      app,
      { ...options, mode: 'partial', dryRun: false, source: 'upload' },
      ready[0],
      current.get(externalId),
    );
    const after = await existingListings(app, options.sellerId, [externalId]);
    if (outcome !== 'unchanged') app.invalidation.publish('public');
    return { kind: 'done', outcome, productId: after.get(externalId)!.id };
  } catch (error) {
    const failure = error as { field?: string; reason?: string };
    if (failure.field && failure.reason) {
      return { kind: 'failed', failed: [{ row: 1, field: failure.field, reason: failure.reason }] };
    }
    throw error;
  }
}

/** The live listing the seller imported as `externalId`, or undefined. */
export async function findImported(app: FastifyInstance, sellerId: string, externalId: string) {
  return (await existingListings(app, sellerId, [externalId])).get(externalId);
}
