/**
 * The admin's category management routes (src/contract/categories.ts), all
 * declared `access: { role: 'admin', self: 'uid' }` like every moderation call (decision 0008).
 * The writes and their audit rows are one transaction each
 * (src/server/moderation/category-repository.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryKindOf,
  categoryMessages,
  deleteCategoryContract,
  listAdminCategoriesContract,
  mergeCategoryContract,
  renameCategoryContract,
  setCategoryKindContract,
} from '#contract/index.js';
import { requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import {
  deleteCategory,
  listCategoriesForAdmin,
  mergeCategory,
  renameCategory,
  setCategoryKind,
} from '../../moderation/category-repository.js';

const options = {
  tags: ['moderation'],
  access: { role: 'admin', self: 'uid' } satisfies RouteAccess,
};

export const categoryModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  const notFound = () => httpError(404, categoryMessages.notFound);

  app.route({
    ...route(listAdminCategoriesContract, options),
    handler: async () =>
      (await listCategoriesForAdmin(app.db)).map((row) => ({
        _id: row.id,
        category_name: row.categoryName,
        kind: categoryKindOf(row.holdsVehicles),
        listingCount: Number(row.listingCount),
        createdBy: row.createdBy ?? null,
        createdAt: row.createdAt.toISOString(),
      })),
  });

  app.route({
    ...route(renameCategoryContract, options),
    handler: async (request) => {
      const result = await renameCategory(
        app.db,
        requireCallerRecord(request).id,
        request.query.id,
        request.body.category_name,
      );
      if (result.kind === 'not-found') throw notFound();
      if (result.kind === 'similar') {
        throw httpError(409, categoryMessages.nearDuplicate(result.existing));
      }
      return { modifiedCount: result.modifiedCount };
    },
  });

  app.route({
    ...route(setCategoryKindContract, options),
    handler: async (request) => {
      const result = await setCategoryKind(
        app.db,
        requireCallerRecord(request).id,
        request.query.id,
        request.body.kind,
      );
      if (result.kind === 'not-found') throw notFound();
      return { modifiedCount: result.modifiedCount };
    },
  });

  app.route({
    ...route(mergeCategoryContract, options),
    handler: async (request) => {
      const { id, into } = request.query;
      const result = await mergeCategory(app.db, requireCallerRecord(request).id, id, into);
      switch (result.kind) {
        case 'done':
          return { modifiedCount: result.modifiedCount, deletedCount: 1 };
        case 'same':
          throw httpError(409, categoryMessages.mergeIntoItself);
        case 'not-found':
          throw notFound();
        case 'target-not-found':
          throw httpError(404, categoryMessages.targetNotFound);
      }
    },
  });

  app.route({
    ...route(deleteCategoryContract, options),
    handler: async (request) => {
      const result = await deleteCategory(
        app.db,
        requireCallerRecord(request).id,
        request.query.id,
      );
      if (result.kind === 'not-found') throw notFound();
      if (result.kind === 'not-empty') {
        throw httpError(409, categoryMessages.notEmpty(result.listings));
      }
      return { deletedCount: result.deletedCount };
    },
  });
};
