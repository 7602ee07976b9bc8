/**
 * Places (decision 0026): `GET /api/places` (lookup) and `GET /api/places/{id}`. Public reads, on
 * a read replica when one is fit (`app.readDb`, decision 0050).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placeContract, placesContract } from '#contract/index.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { findPlace, lookupPlaces } from '../../places/repository.js';

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(placesContract, { tags: ['places'], publicCache: true }),
    handler: (request) => lookupPlaces(app.readDb(request), request.query),
  });
  app.route({
    ...route(placeContract, { tags: ['places'], publicCache: true }),
    handler: async (request) => {
      const place = await findPlace(app.readDb(request), request.params.id);
      if (!place) throw httpError(404, 'Place not found');
      return place;
    },
  });
};
