/**
 * Photo hashes of stored pictures (decision 0028): written at upload (`recordPhotoHash`), and
 * for photos stored before hashing existed — demo data included — by the `hash-photos` job,
 * which runs every 5 minutes and hashes the listings' `/uploads/` photos that have no hash yet,
 * then adds them to those listings' `product_photo_hashes`. Idempotent: a second run finds
 * nothing to do.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { Executor } from '../jobs/queue.js';
import type { ImageStore } from '../storage/image-store.js';
import { photoHash } from './photo-hash.js';

/** Queue name of the back-fill. */
export const hashPhotosJob = 'hash-photos';

/** Photos hashed per batch (each is read from the store and decoded). */
const BATCH = 100;

/** Stores the pHash of the picture at `url` (a no-op when it is known already). */
export async function recordPhotoHash(db: Executor, url: string, hash: bigint): Promise<void> {
  await db.execute(
    sql`insert into image_hashes (url, dhash) values (${url}, ${hash.toString()}::bigint) on conflict (url) do nothing`,
  );
}

/**
 * Hashes up to `max` listing photos that have no hash yet and adds them to their listings'
 * photo hashes. Pictures that are missing from the store or cannot be decoded are skipped (and
 * remembered in `skip`, so one bad file does not stop the rest).
 * @returns how many photos were hashed.
 */
export async function backfillPhotoHashes(
  db: Database,
  store: ImageStore,
  max = 2_000,
  skip: Set<string> = new Set(),
): Promise<number> {
  let hashed = 0;
  while (hashed < max) {
    const result = (await db.execute(sql`
      select distinct photo.url
      from products, unnest(products.product_images) as photo(url)
      where photo.url like '/uploads/%'
        and not exists (select 1 from image_hashes h where h.url = photo.url)
      limit ${BATCH + skip.size}
    `)) as unknown as { rows: { url: string }[] };
    const urls = result.rows.map((row) => row.url).filter((url) => !skip.has(url));
    if (urls.length === 0) break;
    const done: string[] = [];
    for (const url of urls.slice(0, BATCH)) {
      try {
        const bytes = await store.read(url.slice('/uploads/'.length));
        if (!bytes) throw new Error('missing');
        await recordPhotoHash(db, url, await photoHash(bytes));
        done.push(url);
      } catch {
        skip.add(url);
      }
    }
    if (done.length > 0) {
      await db.execute(sql`
        insert into product_photo_hashes (product_id, position, seller_id, dhash)
        select p.id, photo.ord, p.seller_id, h.dhash
        from products p, unnest(p.product_images) with ordinality as photo(url, ord)
        join image_hashes h on h.url = photo.url
        where photo.url = any(${`{${done.map((url) => `"${url}"`).join(',')}}`}::text[])
        on conflict do nothing
      `);
    }
    hashed += done.length;
  }
  return hashed;
}

/** Defines the scheduled `hash-photos` job. */
export const photoHashBackfillPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.define({
      name: hashPhotosJob,
      schedule: '*/5 * * * *',
      retryLimit: 1,
      handler: async () => {
        const hashed = await backfillPhotoHashes(app.db, app.imageStore);
        if (hashed > 0) app.log.info({ hashed }, 'photo hashes back-filled');
      },
    });
  },
  { name: 'photo-hash-backfill', dependencies: ['jobs', 'database', 'image-store'] },
);
