/**
 * Number-plate privacy (decision 0043): a seller draws a box on one of their listing's photos
 * and `POST /api/product/{id}/photos/{index}/blur` blurs that box in the stored photo. Uploads are
 * content-addressed (`<sha256 prefix>.webp`, storage/images.ts), so the blurred photo is a
 * new file with a new name: caches holding the old URL never serve the plate again, and the
 * listing is pointed at the new file in one transaction. The unblurred original and its
 * responsive variants are then removed from the image store, unless another row still
 * references that same picture (another listing, an order's snapshot, a profile photo).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { PhotoRegion } from '#contract/listings.js';
import type { Database } from '../db/client.js';
import { products, uploads } from '../db/schema.js';
import type { ImageStore } from '../storage/image-store.js';
import { photoHash } from '../trust/photo-hash.js';
import { recordPhotoHash } from '../trust/backfill.js';
import { imageVariantNames, writeImageVariants } from '../storage/image-variants.js';
import { queryRows } from '../db/rows.js';

/** The box in whole pixels of a `width`×`height` picture, at least 1×1 and inside it. */
export function regionPixels(
  box: PhotoRegion,
  width: number,
  height: number,
): { left: number; top: number; width: number; height: number } {
  const left = Math.min(width - 1, Math.max(0, Math.floor(box.x * width)));
  const top = Math.min(height - 1, Math.max(0, Math.floor(box.y * height)));
  const right = Math.min(width, Math.max(left + 1, Math.ceil((box.x + box.width) * width)));
  const bottom = Math.min(height, Math.max(top + 1, Math.ceil((box.y + box.height) * height)));
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * Blurs `box` of the picture `input` so the text in it cannot be read: the box is shrunk to an
 * eighth of its size and blurred (a Gaussian blur with sigma of a quarter of its shorter side,
 * at least 8 px), and put back in place; every pixel outside the box is the original's.
 * @param input a stored photo (WebP, upright, no metadata)
 * @returns the whole photo as WebP (quality 82, as uploads are stored), no metadata.
 */
export async function blurPhotoRegion(input: Buffer, box: PhotoRegion): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(input).metadata();
  const area = regionPixels(box, width, height);
  const sigma = Math.max(8, Math.min(area.width, area.height) / 4);
  const small = await sharp(input)
    .extract(area)
    .resize(Math.max(1, Math.round(area.width / 8)), Math.max(1, Math.round(area.height / 8)))
    .png()
    .toBuffer();
  const patch = await sharp(small)
    .resize(area.width, area.height, { kernel: 'cubic' })
    .blur(sigma)
    .png()
    .toBuffer();
  return sharp(input)
    .composite([{ input: patch, left: area.left, top: area.top }])
    .webp({ quality: 82 })
    .toBuffer();
}

/** True when some row other than listing `exceptProductId` still shows `url`. */
async function urlReferencedElsewhere(
  db: Database,
  url: string,
  exceptProductId: string,
): Promise<boolean> {
  const result = await queryRows<unknown>(
    db,
    sql`
    select 1 from products
      where id <> ${exceptProductId} and (product_image = ${url} or ${url} = any(product_images))
    union all select 1 from users where photo_url = ${url}
    union all select 1 from auth_user where image = ${url}
    union all select 1 from orders where product_image = ${url} or seller_image = ${url}
    limit 1
  `,
  );
  return result.length > 0;
}

/** Why a blur was not done, for the handler's answer. */
export type BlurResult =
  | { kind: 'blurred'; productImages: string[] }
  | { kind: 'not-found' }
  | { kind: 'not-owner' }
  | { kind: 'no-photo' }
  | { kind: 'missing-file' }
  | { kind: 'changed' };

/**
 * Blurs `box` of photo `index` of live listing `productId`, which `seller` must own.
 * The new file and its variants are written first; the listing then switches to it in one
 * transaction (refused as `changed` when that photo was replaced meanwhile: the new file is left
 * to the upload clean-up); the old files go last.
 * @param seller the caller's record id and identity uid (the new file is recorded as theirs)
 */
export async function blurListingPhoto(
  db: Database,
  store: ImageStore,
  seller: { id: string; uid: string },
  productId: string,
  index: number,
  box: PhotoRegion,
): Promise<BlurResult> {
  const live = and(eq(products.id, productId), isNull(products.deletedAt));
  const [row] = await db
    .select({ sellerId: products.sellerId, productImages: products.productImages })
    .from(products)
    .where(live);
  if (!row) return { kind: 'not-found' };
  if (row.sellerId !== seller.id) return { kind: 'not-owner' };
  const oldUrl = row.productImages[index];
  if (oldUrl === undefined) return { kind: 'no-photo' };
  const oldName = oldUrl.startsWith('/uploads/') ? oldUrl.slice('/uploads/'.length) : null;
  const original = oldName ? await store.read(oldName).catch(() => null) : null;
  if (!oldName || !original) return { kind: 'missing-file' };

  const blurred = await blurPhotoRegion(original, box);
  const newName = `${createHash('sha256').update(blurred).digest('hex').slice(0, 16)}.webp`;
  const newUrl = `/uploads/${newName}`;
  await store.put(newName, blurred);
  await writeImageVariants(store, newName, blurred);
  await recordPhotoHash(db, newUrl, await photoHash(blurred));

  const images = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ sellerId: products.sellerId, productImages: products.productImages })
      .from(products)
      .where(live)
      .for('update');
    if (!current || current.sellerId !== seller.id || current.productImages[index] !== oldUrl) {
      return null;
    }
    const next = current.productImages.map((url, i) => (i === index ? newUrl : url));
    await tx
      .update(products)
      .set({ productImages: next, productImage: next[0]! })
      .where(eq(products.id, productId));
    // The blurred photo is the seller's own upload (it does not count against the daily quota:
    // it replaces a photo they uploaded).
    await tx
      .insert(uploads)
      .values({ uploaderUid: seller.uid, url: newUrl, bytes: blurred.length });
    return next;
  });
  if (!images) return { kind: 'changed' };

  if (oldName !== newName && !images.includes(oldUrl)) {
    if (!(await urlReferencedElsewhere(db, oldUrl, productId))) {
      await Promise.all([oldName, ...imageVariantNames(oldName)].map((name) => store.remove(name)));
    }
  }
  return { kind: 'blurred', productImages: images };
}
