/**
 * Photo hashes of stored pictures (decision 0028): written at upload (`recordPhotoHash`), and
 * for photos stored before hashing existed — demo data included — by the `hash-photos` job,
 * which runs every 5 minutes and hashes the listings' `/uploads/` photos that have no hash yet,
 * then adds them to those listings' `product_photo_hashes`. Idempotent: a second run finds
 * nothing to do.
 *
 * The demo data's drawn pictures (`/uploads/demo-…`, src/server/db/demo/images.ts) are left out:
 * they are not photos but the same few silhouettes on the same backdrops in other colours, and
 * 27 pairs of different sellers' demo pictures are within 7 bits of each other (measured on the
 * 43 demo listings), so hashing them would flag most demo listings as copies.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { Executor } from '../jobs/queue.js';
import type { ImageStore } from '../storage/image-store.js';
import { photoHash } from './photo-hash.js';
import { queryRows } from '../db/rows.js';

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
    const result = await queryRows<{ url: string }>(
      db,
      sql`
      select distinct photo.url
      from products, unnest(products.product_images) as photo(url)
      where photo.url like '/uploads/%'
        and photo.url not like '/uploads/demo-%'
        and not exists (select 1 from image_hashes h where h.url = photo.url)
      limit ${BATCH + skip.size}
    `,
    );
    const urls = result.map((row) => row.url).filter((url) => !skip.has(url));
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

/**
 * One run of the `hash-photos` job: the back-fill, then, when it hashed anything, a raise of the
 * `public` cache topic (decision 0022) — the listings' `trust_flags` may have changed without an
 * API write.
 * @returns how many photos were hashed.
 */
export async function runPhotoHashBackfill(app: FastifyInstance): Promise<number> {
  const hashed = await backfillPhotoHashes(app.db, app.imageStore);
  if (hashed > 0) {
    app.invalidation.publish('public');
    app.log.info({ hashed }, 'photo hashes back-filled');
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
        await runPhotoHashBackfill(app);
      },
    });
  },
  {
    name: 'photo-hash-backfill',
    dependencies: ['jobs', 'database', 'image-store', 'invalidation'],
  },
);
