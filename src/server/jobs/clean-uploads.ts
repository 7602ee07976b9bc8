/**
 * The scheduled clean-up of unused uploads (docs/jobs.md): the `clean-uploads`
 * job runs on UPLOAD_CLEANUP_CRON (hourly by default, once across all instances) and removes
 * every file of the image store (`DATA_DIR/uploads`, or the bucket's `uploads/` objects with
 * S3_BUCKET; decision 0023) that is older than UPLOAD_CLEANUP_GRACE_HOURS and that no row
 * references: no listing's image (deleted listings included), no user record's or identity's
 * photo, no order's product or seller picture (orders keep a snapshot, docs/product.md §3 Order). The grace
 * period covers the time between uploading a picture and saving the form that uses it. A file
 * uploaded again is written again (storage/images.ts), so it is young again.
 * A responsive variant (`<base>-<width>w.<webp|jpg>`, contract/images.ts) shares its original's
 * fate: removed with it, kept with it, and removed once past the grace period when its original
 * is gone.
 * Running it twice is harmless: the second run finds nothing more to remove.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { uploads } from '../db/schema.js';
import { parseImageVariantName } from '../../contract/images.js';
import type { ImageStore } from '../storage/image-store.js';
import { queryRows } from '../db/rows.js';

/** Queue name of the clean-up. */
export const cleanUploadsJob = 'clean-uploads';

/** Rows of the upload ledger older than this are pruned (the quota looks back 24 hours). */
const LEDGER_RETENTION_DAYS = 7;

/**
 * Every `/uploads/<file>` name some row still points at: every photo of every listing
 * (`product_images`, the cover included), profile photos and order snapshots.
 */
export async function referencedUploads(db: Database): Promise<Set<string>> {
  const result = await queryRows<{ url: string }>(
    db,
    sql`
    select product_image as url from products where product_image like '/uploads/%'
    union select url from products, unnest(product_images) as url where url like '/uploads/%'
    union select photo_url from users where photo_url like '/uploads/%'
    union select trader->>'logo_url' from users where trader->>'logo_url' like '/uploads/%'
    union select image from auth_user where image like '/uploads/%'
    union select product_image from orders where product_image like '/uploads/%'
    union select seller_image from orders where seller_image like '/uploads/%'
  `,
  );
  return new Set(result.map((row) => row.url.slice('/uploads/'.length)));
}

/**
 * Removes unreferenced files older than `graceMs` (by their modification time) from `store`,
 * and ledger rows older than a week.
 * @param now the clock, ms since the epoch
 * @returns the removed file names and how many files were kept.
 */
export async function cleanUnreferencedUploads(
  db: Database,
  store: ImageStore,
  graceMs: number,
  now: number = Date.now(),
): Promise<{ removed: string[]; kept: number }> {
  const files = await store.list();
  const names = files.map((file) => file.name);
  const referenced = await referencedUploads(db);
  const removed: string[] = [];
  const keptNames = new Set<string>();
  const variants: { name: string; original: string; mtimeMs: number }[] = [];
  const remove = async (name: string) => {
    await store.remove(name);
    removed.push(name);
  };
  for (const { name, modifiedMs } of files) {
    const variant = parseImageVariantName(name);
    if (variant) {
      // Decided after the originals.
      variants.push({ name, original: variant.original, mtimeMs: modifiedMs });
      continue;
    }
    if (referenced.has(name) || now - modifiedMs < graceMs) {
      keptNames.add(name);
      continue;
    }
    await remove(name);
  }
  const present = new Set(names);
  for (const variant of variants) {
    // Kept with a kept original; a young variant whose original is gone may be mid-write.
    if (keptNames.has(variant.original) || referenced.has(variant.original)) {
      keptNames.add(variant.name);
    } else if (!present.has(variant.original) && now - variant.mtimeMs < graceMs) {
      keptNames.add(variant.name);
    } else {
      await remove(variant.name);
    }
  }
  const kept = keptNames.size;
  await db
    .delete(uploads)
    .where(lt(uploads.createdAt, new Date(now - LEDGER_RETENTION_DAYS * 24 * 60 * 60 * 1000)));
  return { removed, kept };
}

/** Defines the scheduled `clean-uploads` job. */
export const uploadCleanupPlugin = fp(
  async (app: FastifyInstance) => {
    const { uploads: settings } = app.config;
    app.jobs.define({
      name: cleanUploadsJob,
      schedule: settings.cleanupCron,
      retryLimit: 2,
      handler: async () => {
        const result = await cleanUnreferencedUploads(
          app.db,
          app.imageStore,
          settings.cleanupGraceHours * 60 * 60 * 1000,
        );
        app.log.info(
          { removed: result.removed.length, kept: result.kept },
          'unused uploads cleaned up',
        );
      },
    });
  },
  { name: 'upload-cleanup', dependencies: ['jobs', 'database', 'image-store'] },
);
