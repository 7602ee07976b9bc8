/**
 * The per-account upload quota of `POST /api/images`: an account with a user
 * record may store UPLOAD_DAILY_MAX_COUNT images and UPLOAD_DAILY_MAX_BYTES stored bytes per
 * rolling 24 hours; an account without one yet (mid-registration: docs/product.md §2 uploads the photo
 * before saving the record) may store one image — its photo — and no more. Every stored image
 * is a row of `uploads`; the check and the row are one transaction under a per-account advisory
 * lock, so parallel uploads cannot overshoot.
 */
import { and, count, eq, gt, min, sql, sum } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { uploads } from '../db/schema.js';
import { httpError } from '../lib/http-error.js';

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who uploads: the identity, and whether it has a user record yet. */
export interface Uploader {
  uid: string;
  hasRecord: boolean;
}

/** The refusal messages (429). */
export const uploadQuotaMessages = {
  beforeProfile:
    'An account that has not saved its profile yet may upload only its photo. Finish registering first.',
  count: (max: number) => `You can upload at most ${max} images a day. Please try again later.`,
  bytes: (maxBytes: number) =>
    `You can upload at most ${
      maxBytes >= 1024 * 1024
        ? `${Math.round(maxBytes / (1024 * 1024))} MB`
        : `${Math.max(1, Math.round(maxBytes / 1024))} KB`
    } of images a day. Please try again later.`,
};

/**
 * Refuses the upload when the account's quota is spent.
 * @param incomingBytes the size about to be stored (0 for the check before decoding)
 * @throws HttpError 429 with a message naming the limit.
 */
export async function assertUploadAllowed(
  db: Executor,
  uploader: Uploader,
  quota: Config['uploads'],
  incomingBytes = 0,
): Promise<void> {
  if (!uploader.hasRecord) {
    const [row] = await db
      .select({ n: count() })
      .from(uploads)
      .where(eq(uploads.uploaderUid, uploader.uid));
    if ((row?.n ?? 0) >= 1) throw httpError(429, uploadQuotaMessages.beforeProfile);
    return;
  }
  const [row] = await db
    .select({ n: count(), bytes: sum(uploads.bytes), oldest: min(uploads.createdAt) })
    .from(uploads)
    .where(
      and(
        eq(uploads.uploaderUid, uploader.uid),
        gt(uploads.createdAt, sql`now() - interval '24 hours'`),
      ),
    );
  const used = row?.n ?? 0;
  const usedBytes = Number(row?.bytes ?? 0);
  if (used >= quota.dailyMaxCount)
    throw httpError(429, uploadQuotaMessages.count(quota.dailyMaxCount));
  if (usedBytes + incomingBytes > quota.dailyMaxBytes) {
    throw httpError(429, uploadQuotaMessages.bytes(quota.dailyMaxBytes));
  }
}

/**
 * Records a stored image against the account's quota, checking the quota again under a lock.
 * @throws HttpError 429 when a parallel upload spent the quota meanwhile.
 */
export function recordUpload(
  db: Database,
  uploader: Uploader,
  quota: Config['uploads'],
  stored: { url: string; bytes: number },
): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload:${uploader.uid}`}))`);
    await assertUploadAllowed(tx, uploader, quota, stored.bytes);
    await tx
      .insert(uploads)
      .values({ uploaderUid: uploader.uid, url: stored.url, bytes: stored.bytes });
  });
}

/** Milliseconds in the quota's rolling window (for docs and tests). */
export const uploadQuotaWindowMs = DAY_MS;
