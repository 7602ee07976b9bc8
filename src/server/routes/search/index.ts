/** Public search (issue 13, decision 0012): `GET /api/search`. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchContract } from '../../../contract/index.js';
import { route } from '../../lib/route.js';
import { presentProductCard } from '../catalog/presenters.js';
import { searchCounts, searchPage } from './repository.js';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(searchContract, { tags: ['search'] }),
    handler: async (request) => {
      const query = request.query;
      const [page, counts] = await Promise.all([
        searchPage(app.db, query),
        searchCounts(app.db, query),
      ]);
      return {
        items: page.rows.map(presentProductCard),
        total: counts.total,
        next_cursor: page.nextCursor,
        facets: counts.facets,
      };
    },
  });
};
