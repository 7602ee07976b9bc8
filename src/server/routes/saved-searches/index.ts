/**
 * Saved searches (decision 0014; contract src/contract/saved-searches.ts): a signed-in
 * user of any role with a user record keeps up to `savedSearchMax` searches; each call answers
 * only the owner's rows (anyone else's saved search: 404, as if it did not exist).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSavedSearchContract,
  deleteSavedSearchContract,
  listSavedSearchesContract,
  savedSearchMax,
  savedSearchTexts,
  updateSavedSearchContract,
  visitSavedSearchContract,
  type SavedSearch,
  type SavedSearchAlert,
} from '#contract/index.js';
import { requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import {
  deleteSavedSearch,
  insertSavedSearch,
  listSavedSearches,
  updateSavedSearch,
  visitSavedSearch,
  type SavedSearchRow,
} from '../../saved-searches/repository.js';

const asUser = { tags: ['saved-searches'], access: {} satisfies RouteAccess };
const notFound = 'Saved search not found';

/** The API shape of a saved search row. */
export function presentSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    _id: row.id,
    name: row.name,
    query: row.query,
    alert: row.alert as SavedSearchAlert,
    new_matches: Number(row.newMatches),
    visited_at: row.visitedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(createSavedSearchContract, asUser),
    handler: async (request, reply) => {
      const me = requireCallerRecord(request);
      const row = await insertSavedSearch(app.db, me.id, request.body, savedSearchMax);
      if (row === 'cap') throw httpError(409, savedSearchTexts.cap);
      return reply.code(201).send(presentSavedSearch(row));
    },
  });

  app.route({
    ...route(listSavedSearchesContract, asUser),
    handler: async (request, reply) => {
      const me = requireCallerRecord(request);
      reply.header('cache-control', 'no-store');
      return (await listSavedSearches(app.db, me.id)).map(presentSavedSearch);
    },
  });

  app.route({
    ...route(updateSavedSearchContract, asUser),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const row = await updateSavedSearch(app.db, me.id, request.params.id, request.body);
      if (!row) throw httpError(404, notFound);
      return presentSavedSearch(row);
    },
  });

  app.route({
    ...route(deleteSavedSearchContract, asUser),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      if (!(await deleteSavedSearch(app.db, me.id, request.params.id))) {
        throw httpError(404, notFound);
      }
      return { deletedCount: 1 as const };
    },
  });

  app.route({
    ...route(visitSavedSearchContract, asUser),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const row = await visitSavedSearch(app.db, me.id, request.params.id);
      if (!row) throw httpError(404, notFound);
      return presentSavedSearch(row);
    },
  });
};
