/**
 * The scheduled clean-up of unused uploads (issue 18, point 2; docs/jobs.md): the `clean-uploads`
 * job runs on UPLOAD_CLEANUP_CRON (hourly by default, once across all instances) and removes
 * every file in `DATA_DIR/uploads` that is older than UPLOAD_CLEANUP_GRACE_HOURS and that no row
 * references: no listing's image (deleted listings included), no user record's or identity's
 * photo, no order's product or seller picture (orders keep a snapshot, spec §3 Order). The grace
 * period covers the time between uploading a picture and saving the form that uses it. A file
 * uploaded again gets a fresh modification time (routes/accounts/images.ts), so it is young again.
 * Running it twice is harmless: the second run finds nothing more to remove.
 */
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { uploads } from '../db/schema.js';

/** Queue name of the clean-up. */
export const cleanUploadsJob = 'clean-uploads';

/** Rows of the upload ledger older than this are pruned (the quota looks back 24 hours). */
const LEDGER_RETENTION_DAYS = 7;

/** Every `/uploads/<file>` name some row still points at. */
export async function referencedUploads(db: Database): Promise<Set<string>> {
  const result = (await db.execute(sql`
    select product_image as url from products where product_image like '/uploads/%'
    union select photo_url from users where photo_url like '/uploads/%'
    union select image from auth_user where image like '/uploads/%'
    union select product_image from orders where product_image like '/uploads/%'
    union select seller_image from orders where seller_image like '/uploads/%'
  `)) as unknown as { rows: { url: string }[] };
  return new Set(result.rows.map((row) => row.url.slice('/uploads/'.length)));
}

/**
 * Removes unreferenced files older than `graceMs` from `uploadsDir`, and ledger rows older than
 * a week.
 * @returns the removed file names and how many files were kept.
 */
export async function cleanUnreferencedUploads(
  db: Database,
  uploadsDir: string,
  graceMs: number,
  now: number = Date.now(),
): Promise<{ removed: string[]; kept: number }> {
  let names: string[];
  try {
    names = await readdir(uploadsDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { removed: [], kept: 0 };
    throw error;
  }
  const referenced = await referencedUploads(db);
  const removed: string[] = [];
  let kept = 0;
  for (const name of names) {
    const file = path.join(uploadsDir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) continue;
    if (referenced.has(name) || now - info.mtimeMs < graceMs) {
      kept += 1;
      continue;
    }
    await unlink(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    removed.push(name);
  }
  await db
    .delete(uploads)
    .where(lt(uploads.createdAt, new Date(now - LEDGER_RETENTION_DAYS * 24 * 60 * 60 * 1000)));
  return { removed, kept };
}

/** Defines the scheduled `clean-uploads` job. */
export const uploadCleanupPlugin = fp(
  async (app: FastifyInstance) => {
    const { uploads: settings, dataDir } = app.config;
    app.jobs.define({
      name: cleanUploadsJob,
      schedule: settings.cleanupCron,
      retryLimit: 2,
      handler: async () => {
        const result = await cleanUnreferencedUploads(
          app.db,
          path.join(dataDir, 'uploads'),
          settings.cleanupGraceHours * 60 * 60 * 1000,
        );
        app.log.info(
          { removed: result.removed.length, kept: result.kept },
          'unused uploads cleaned up',
        );
      },
    });
  },
  { name: 'upload-cleanup', dependencies: ['jobs', 'database'] },
);
