/**
 * Data access of the trust signals (decision 0028): a VIN's listings (`products_vin_idx`), the
 * vPIC decode of a VIN (memoised), near-duplicate photos by multi-index hashing
 * (`product_photo_hashes`, its four band indexes), and a listing's `trust_flags`.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { TrustFlag } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import type { Executor } from '../jobs/queue.js';
import { productPhotoHashes, products, type StoredVinDecode } from '../db/schema.js';
import { decodeVin } from '../vehicles/vin-thread.js';
import { bandProbes, duplicateMaxDistance, hammingDistance } from './photo-hash.js';
import { firstUploads } from './photo-owners.js';
import { listingVinFlags, trustFlagTexts, type VinDecoded, type VinListing } from './vin-flags.js';
import { queryRows } from '../db/rows.js';

/** The columns of a VIN's listing, for the history and the rules. */
const vinListingColumns = {
  id: products.id,
  productName: products.productName,
  resellPriceCents: products.resellPriceCents,
  sellerId: products.sellerId,
  createdAt: products.createdAt,
  mileageKm: products.mileageKm,
  make: products.make,
  model: products.model,
  modelYear: products.modelYear,
  sold: products.sold,
  unavailable: products.unavailable,
  listingStatus: products.listingStatus,
  deletedAt: products.deletedAt,
};

export type VinHistoryRow = VinListing & { productName: string; resellPriceCents: number };

/** Every listing that carried `vin` (removed ones too), oldest first; `products_vin_idx`. */
export function findVinListings(db: Executor, vin: string): Promise<VinHistoryRow[]> {
  return db
    .select(vinListingColumns)
    .from(products)
    .where(eq(products.vin, vin))
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(200);
}

/** Decodes already made (a VIN decodes the same forever); at most this many are kept. */
const DECODE_MEMO_MAX = 5_000;
const decodeMemo = new Map<string, Promise<VinDecoded | null>>();

/**
 * What the vPIC data says `vin` is, or null when it does not know the VIN or the decoder is
 * unavailable (the flag is then simply not raised). Memoised per process: a decode reads SQLite
 * for up to a few hundred ms (decision 0019).
 */
export function decodedVin(vin: string): Promise<VinDecoded | null> {
  const known = decodeMemo.get(vin);
  if (known) return known;
  const pending = decodeVin(vin).then(
    (decode) =>
      decode.make ? { make: decode.make, model: decode.model, modelYear: decode.model_year } : null,
    () => {
      decodeMemo.delete(vin); // the decoder may come back: ask again next time
      return null;
    },
  );
  if (decodeMemo.size >= DECODE_MEMO_MAX) {
    decodeMemo.delete(decodeMemo.keys().next().value!);
  }
  decodeMemo.set(vin, pending);
  return pending;
}

/** A uuid no row has, for "leave nothing out". */
const nobody = '00000000-0000-0000-0000-000000000000';

/** A photo near-identical to one of the query's. */
export interface PhotoMatch {
  productId: string;
  sellerId: string;
  createdAt: Date;
  /** Hamming distance to the nearest query hash (0–{@link duplicateMaxDistance}). */
  distance: number;
}

/**
 * Photos of listings within {@link duplicateMaxDistance} bits of any of `hashes`: candidates by
 * band (the band value or one bit from it, on any of the four band indexes, index-only), then
 * the exact distance (`bit_count` of the XOR, in SQL, so only matches reach the listings
 * table). One row per matching listing, nearest first.
 * @param hashes the query's pHashes (at most a listing's ten photos)
 * @param except a listing to leave out (the query's own) and a seller to leave out, if any
 */
export async function findNearDuplicates(
  db: Executor,
  hashes: readonly bigint[],
  except: { sellerId?: string; productId?: string } = {},
): Promise<PhotoMatch[]> {
  if (hashes.length === 0) return [];
  // Per query hash: four index-only scans of its band values and their one-bit neighbours (each
  // band index INCLUDEs the hash, listing and seller), the exact distance to that hash on its own
  // candidates, and only the matches joined to their listing.
  const perHash = hashes.map((hash) => {
    const probes = bandProbes([hash]).map((values) => `{${values.join(',')}}`);
    const near = sql`bit_count((dhash # ${hash.toString()}::bigint)::bit(64)) <= ${duplicateMaxDistance}`;
    return sql.join(
      (['band0', 'band1', 'band2', 'band3'] as const).map(
        (band, i) =>
          sql`select product_id, seller_id, dhash from product_photo_hashes where ${sql.raw(band)} = any(${probes[i]}::int[]) and ${near}`,
      ),
      sql` union all `,
    );
  });
  const result = await queryRows<{
    product_id: string;
    seller_id: string;
    dhash: string;
    created_at: string | Date;
  }>(
    db,
    sql`
    with matches as (
      select distinct product_id, seller_id, dhash
      from (${sql.join(perHash, sql` union all `)}) as candidates
      where seller_id <> ${except.sellerId ?? nobody}
        and product_id <> ${except.productId ?? nobody}
    )
    select m.product_id, m.seller_id, m.dhash::text as dhash, p.created_at
    from matches m
    join products p on p.id = m.product_id
    -- A deleted listing's photos match nothing: deleting it lifts the flags it caused.
    where p.deleted_at is null
  `,
  );
  const best = new Map<string, PhotoMatch>();
  for (const row of result) {
    const hash = BigInt(row.dhash);
    const distance = Math.min(...hashes.map((query) => hammingDistance(query, hash)));
    if (distance > duplicateMaxDistance) continue;
    const known = best.get(row.product_id);
    if (known && known.distance <= distance) continue;
    best.set(row.product_id, {
      productId: row.product_id,
      sellerId: row.seller_id,
      createdAt: new Date(row.created_at),
      distance,
    });
  }
  return [...best.values()].sort((a, b) => a.distance - b.distance);
}

/** A listing's photo with a known pHash: its listing, URL and hash. */
interface HashedPhoto {
  productId: string;
  url: string;
  dhash: bigint;
}

/** The photos with a known pHash of the listings `productIds`, each listing's cover first. */
async function hashedPhotos(db: Executor, productIds: readonly string[]): Promise<HashedPhoto[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({
      productId: productPhotoHashes.productId,
      url: sql<string | null>`${products.productImages}[${productPhotoHashes.position}]`,
      dhash: productPhotoHashes.dhash,
    })
    .from(productPhotoHashes)
    .innerJoin(products, eq(products.id, productPhotoHashes.productId))
    .where(inArray(productPhotoHashes.productId, [...productIds]))
    .orderBy(productPhotoHashes.productId, productPhotoHashes.position);
  return rows.map((row) => ({ productId: row.productId, url: row.url ?? '', dhash: row.dhash }));
}

/**
 * The other sellers' listings that share a near-identical photo with the listing, when the
 * duplicate-photo rule (decision 0028) flags it. For each photo of the listing that other
 * sellers' listings also show, every file of that picture is dated — by its first upload when it
 * has an upload record (photo-owners.ts), else by the earliest listing showing it — and the
 * earliest one's uploader (or that listing's seller) is the picture's owner: the listing is
 * flagged when the owner is not its seller. So the original is never flagged for a copy, its
 * seller relisting the car is not flagged, and an older listing given a competitor's photo
 * later cannot put the flag on the competitor. Deleted listings take part in nothing (their
 * photos match nothing).
 * @returns the other sellers' listings behind the flag, nearest first; empty when not flagged.
 */
export async function duplicatePhotoSources(
  db: Executor,
  listing: { id: string; sellerId: string; createdAt: Date },
): Promise<PhotoMatch[]> {
  const own = await hashedPhotos(db, [listing.id]);
  const matches = await findNearDuplicates(
    db,
    own.map((photo) => photo.dhash),
    { productId: listing.id },
  );
  if (!matches.some((match) => match.sellerId !== listing.sellerId)) return [];
  const byProduct = new Map(matches.map((match) => [match.productId, match]));
  const theirs = await hashedPhotos(db, [...byProduct.keys()]);
  const uploaded = await firstUploads(db, [
    ...own.map((photo) => photo.url),
    ...theirs.map((photo) => photo.url),
  ]);
  const sources = new Set<string>();
  for (const photo of own) {
    const near = theirs.filter(
      (other) => hammingDistance(other.dhash, photo.dhash) <= duplicateMaxDistance,
    );
    const foreign = near
      .map((other) => byProduct.get(other.productId)!)
      .filter((match) => match.sellerId !== listing.sellerId);
    if (foreign.length === 0) continue;
    // Each file of the picture: since when it is known, and whose it is.
    const files = [
      { url: photo.url, sellerId: listing.sellerId, listedAt: listing.createdAt },
      ...near.map((other) => {
        const match = byProduct.get(other.productId)!;
        return { url: other.url, sellerId: match.sellerId, listedAt: match.createdAt };
      }),
    ].map((file) => {
      const upload = uploaded.get(file.url);
      return upload
        ? { since: upload.at.getTime(), owner: upload.sellerId }
        : { since: file.listedAt.getTime(), owner: file.sellerId };
    });
    const first = files.reduce((a, b) => (b.since < a.since ? b : a));
    if (first.owner === listing.sellerId) continue;
    for (const match of foreign) sources.add(match.productId);
  }
  return matches.filter((match) => sources.has(match.productId));
}

/**
 * What vPIC says the listing's VIN is: the decode stored when the listing was saved
 * (listing-vin.ts), so a listing never waits for the decoder; for a listing saved before
 * decodes were stored (or whose decode job has not run yet), the memoised decode, which waits
 * in the decoder's bounded line (a full line gives null: no mismatch flag this time).
 */
function listingDecode(listing: {
  vin: string;
  vinDecoded?: StoredVinDecode | null;
}): Promise<VinDecoded | null> {
  const stored = listing.vinDecoded;
  if (stored && stored.vin === listing.vin) return Promise.resolve(stored.decoded);
  return decodedVin(listing.vin);
}

/**
 * A listing's `trust_flags` (decision 0028): its VIN flags (when it has a VIN) and
 * `duplicate_photos`.
 */
export async function listingTrustFlags(
  db: Database,
  listing: VinListing & { vin: string | null; vinDecoded?: StoredVinDecode | null },
): Promise<TrustFlag[]> {
  const vin = listing.vin;
  const [vinRows, decoded, copies] = await Promise.all([
    vin ? findVinListings(db, vin) : Promise.resolve([]),
    vin ? listingDecode({ vin, vinDecoded: listing.vinDecoded }) : Promise.resolve(null),
    duplicatePhotoSources(db, listing),
  ]);
  const flags = listing.vin ? listingVinFlags(vinRows, listing, decoded) : [];
  if (copies.length > 0)
    flags.push({ code: 'duplicate_photos', text: trustFlagTexts.duplicatePhotos });
  return flags;
}
