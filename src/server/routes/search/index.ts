/** Public search (decision 0012): `GET /api/search`. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchContract } from '#contract/index.js';
import { route } from '../../lib/route.js';
import { presentProductCard } from '../../catalog/presenters.js';
import { presentDistance, withCentre } from '../../search/near.js';
import { search } from '../../search/repository.js';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(searchContract, { tags: ['search'], publicCache: true }),
    handler: async (request) => {
      // A public read: on a read replica when one is fit (decision 0050).
      const db = app.readDb(request);
      // A place centre (`near`) is resolved to its position first (decision 0026).
      const found = await search(db, await withCentre(db, request.query));
      return {
        items: found.rows.map((row) => ({
          ...presentProductCard(row),
          ...presentDistance(row.distanceKm),
        })),
        total: found.total,
        estimated: found.estimated,
        next_cursor: found.nextCursor,
        facets: found.facets,
      };
    },
  });
};
