/**
 * Who a photo belongs to (decision 0028, "Photo owners"): the account that first uploaded its
 * file (`uploads`, one row per upload of a content-addressed file: the same picture uploaded
 * twice is one URL with two rows). A listing may show only photos its seller uploaded (or the
 * dealer import fetched for it, which records them the same way), so nobody can put another
 * seller's photo on a listing of theirs; and the copied-photo flag dates a picture by its first
 * upload, not by the listing that shows it, so an old listing given a competitor's photo cannot
 * frame the original.
 *
 * Photos with no upload record at all (stored before uploads were recorded, the demo catalogue)
 * may be listed; the copied-photo flag dates them by the earliest listing that shows them.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { uploads, users } from '../db/schema.js';
import type { Executor } from '../jobs/queue.js';
import { httpError } from '../lib/http-error.js';

/**
 * The photos among `urls` that another account uploaded and `sellerId`'s account never did: a
 * listing of `sellerId` may not show them.
 * @param sellerId the seller's record id (`users.id`)
 * @param urls the listing's photo URLs (`/uploads/…`)
 * @returns those URLs, in the order given; empty when every photo is the seller's or nobody's.
 */
export async function othersPhotos(
  db: Executor,
  sellerId: string,
  urls: readonly string[],
): Promise<string[]> {
  if (urls.length === 0) return [];
  const rows = await db
    .select({ url: uploads.url })
    .from(uploads)
    .where(inArray(uploads.url, [...new Set(urls)]))
    .groupBy(uploads.url)
    .having(
      sql`not bool_or(${uploads.uploaderUid} = (select ${users.uid} from ${users} where ${users.id} = ${sellerId}))`,
    );
  const foreign = new Set(rows.map((row) => row.url));
  return urls.filter((url) => foreign.has(url));
}

/** When a file was first uploaded, and by whom (a seller record id; null without a record). */
export interface FirstUpload {
  sellerId: string | null;
  at: Date;
}

/**
 * The first upload of each of `urls` that has an upload record at all.
 * @returns by URL; URLs without a record are absent.
 */
export async function firstUploads(
  db: Executor,
  urls: readonly string[],
): Promise<Map<string, FirstUpload>> {
  if (urls.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([uploads.url], {
      url: uploads.url,
      sellerId: users.id,
      at: uploads.createdAt,
    })
    .from(uploads)
    .leftJoin(users, eq(users.uid, uploads.uploaderUid))
    .where(inArray(uploads.url, [...new Set(urls)]))
    .orderBy(uploads.url, asc(uploads.createdAt), asc(uploads.id));
  return new Map(rows.map((row) => [row.url, { sellerId: row.sellerId, at: row.at }]));
}

/**
 * The refusal of a listing whose photos include `foreign` (non-empty, from {@link othersPhotos}):
 * a 400 naming the first such photo by its position (1 = the cover).
 * @param photos the listing's photo URLs as sent, cover first
 */
export function othersPhotosError(photos: readonly string[], foreign: readonly string[]) {
  const position = photos.indexOf(foreign[0] ?? '') + 1;
  return httpError(
    400,
    `body.product_images: photo ${position} was uploaded by another account; a listing shows only photos its seller uploaded`,
  );
}
