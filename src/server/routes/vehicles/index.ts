/**
 * Vehicle tools (contract src/contract/vehicles.ts; decision 0019): price guidance
 * for a car being listed and for a listing's page (public), and offline VIN decoding for
 * signed-in users (it costs a database look-up of up to a few hundred ms, so not for anonymous
 * callers; it runs in a worker thread, decision 0041).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  centsToDollars,
  decodeVinContract,
  productPriceGuidanceContract,
  listingTexts,
  priceGuidanceContract,
  priceVerdict,
} from '#contract/index.js';
import type { RouteAccess } from '../../auth/guard.js';
import { HttpError, httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { findListingForGuidance, priceGuidance } from '../../vehicles/repository.js';
import { closeVinDecoder, decodeVin } from '../../vehicles/vin-thread.js';
import { vinDecodeLimit } from '../../vehicles/vin-limits.js';

const tags = ['vehicles'];
const asUser = { tags, access: {} satisfies RouteAccess };
const none = { count: 0, low: null, median: null, high: null, verdict: null };

export const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  // The VIN decoder's worker thread (decision 0041) ends with the app.
  app.addHook('onClose', closeVinDecoder);

  app.route({
    ...route(priceGuidanceContract, { tags, publicCache: true }),
    handler: async (request) => {
      const { make, model, model_year, mileage_km } = request.query;
      return priceGuidance(app.db, { make, model, modelYear: model_year, mileageKm: mileage_km });
    },
  });

  app.route({
    ...route(productPriceGuidanceContract, { tags, publicCache: true }),
    handler: async (request) => {
      const listing = await findListingForGuidance(app.db, request.params.id);
      if (!listing) throw httpError(404, listingTexts.notFound);
      const { make, model, modelYear } = listing;
      if (!make || !model || modelYear === null) return none;
      const guidance = await priceGuidance(app.db, {
        make,
        model,
        modelYear,
        mileageKm: listing.mileageKm,
        exceptId: listing.id,
      });
      return {
        ...guidance,
        verdict: priceVerdict(centsToDollars(listing.resellPriceCents), guidance),
      };
    },
  });

  const limitDecodes = vinDecodeLimit(app, 'vin-decode');
  app.route({
    ...route(decodeVinContract, asUser),
    handler: async (request) => {
      await limitDecodes(request);
      try {
        return await decodeVin(request.params.vin);
      } catch (error) {
        // The decoder's line is full: its own 503 says so and when to come back.
        if (error instanceof HttpError) throw error;
        request.log.error({ err: error }, 'VIN decoder unavailable');
        throw httpError(503, 'VIN decoding is unavailable right now: fill in the details yourself');
      }
    },
  });
};
