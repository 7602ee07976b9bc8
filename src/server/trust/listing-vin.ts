/**
 * A listing's own VIN decoded once, when the listing is saved (decision 0041; docs/reliability.md,
 * the fourth attack): creating or editing a listing with a VIN queues `decode-listing-vin` in
 * the same transaction; the job decodes it in the decoder's bounded line and keeps the answer on
 * the listing (`products.vin_decoded`), so showing the listing never waits for the decoder.
 * A busy or unavailable decoder fails the job, which is tried again later.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { products } from '../db/schema.js';
import type { Executor } from '../jobs/queue.js';
import { decodeVin } from '../vehicles/vin-thread.js';

/** Queue name of the decode of one listing's VIN. */
export const decodeListingVinJob = 'decode-listing-vin';

interface DecodeListingVinData {
  productId: string;
}

/** Queues the decode of listing `productId`'s VIN in the caller's transaction `tx`. */
export function enqueueListingVinDecode(app: FastifyInstance, productId: string, tx: Executor) {
  return app.jobs.enqueue<DecodeListingVinData>(decodeListingVinJob, { productId }, { tx });
}

/**
 * Decodes listing `productId`'s VIN and stores the answer on it, unless the VIN changed
 * meanwhile (then the change's own job stores it).
 * @returns false when the listing has no VIN (or is gone), true when stored.
 * @throws when the decoder is busy or unavailable (the job is retried).
 */
export async function storeListingVinDecode(db: Executor, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ vin: products.vin })
    .from(products)
    .where(eq(products.id, productId));
  if (!row?.vin) return false;
  const decode = await decodeVin(row.vin);
  const decoded = decode.make
    ? { make: decode.make, model: decode.model, modelYear: decode.model_year }
    : null;
  await db
    .update(products)
    .set({ vinDecoded: { vin: row.vin, decoded } })
    .where(and(eq(products.id, productId), eq(products.vin, row.vin)));
  return true;
}

/** Defines the `decode-listing-vin` job. */
export const listingVinDecodePlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.define<DecodeListingVinData>({
      name: decodeListingVinJob,
      retryLimit: 5,
      retryDelaySeconds: 30,
      handler: async ({ productId }) => {
        await storeListingVinDecode(app.db, productId);
      },
    });
  },
  { name: 'listing-vin-decode', dependencies: ['jobs', 'database'] },
);
