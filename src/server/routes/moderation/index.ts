/**
 * The admin's calls (docs/product.md §2 Admin dashboard, §6, §7, §8), all declared
 * `access: { role: 'admin', self: 'uid' }`: 401 without a valid token, 403 for another uid or a
 * non-admin, before anything is read or written (auth/guard.ts). Each write and its audit row
 * are one transaction (repository.ts). Decisions: docs/decisions/0006-moderation.md.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteReportedProductContract,
  deleteUserContract,
  listAuditLogContract,
  listReportedProductsContract,
  listUsersByRoleContract,
  markProductSafeContract,
  moderationConflicts,
  verifySellerContract,
} from '#contract/index.js';
import { requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { httpError } from '../../lib/http-error.js';
import { keysetPage } from '../../lib/pagination.js';
import { route } from '../../lib/route.js';
import { queueRemovalMail } from '../../notifications/moderation-mails.js';
import { appealDeadline } from '../../moderation/appeal-repository.js';
import { appealRoutes } from './appeals.js';
import { presentAuditEntry, presentReportedProduct, presentUser } from './presenters.js';
import {
  deleteProductAsAdmin,
  deleteUser,
  listAuditLog,
  listReportedProducts,
  listUsersByRole,
  markProductSafe,
  verifySeller,
} from '../../moderation/repository.js';

const tags = ['moderation'];
const asAdminSelf: RouteAccess = { role: 'admin', self: 'uid' };
const options = { tags, access: asAdminSelf };

const productNotFound = () => httpError(404, 'Product not found');
const userNotFound = () => httpError(404, 'User not found');
const actorGone = () => httpError(403, 'Your admin account was removed while this request ran');

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Accountable moderation (DSA Art. 17, 20, 15/24; decision 0021): decisions, appeals, transparency.
  await app.register(appealRoutes);

  app.route({
    ...route(listUsersByRoleContract, options),
    handler: async (request, reply) => {
      const page = await keysetPage(reply, request.query, (cursor, limit) =>
        listUsersByRole(app.db, request.query.role, cursor, limit),
      );
      return page.map(presentUser);
    },
  });

  app.route({
    ...route(verifySellerContract, options),
    handler: async (request) => {
      const result = await verifySeller(app.db, requireCallerRecord(request).id, request.query.id);
      if (result.kind === 'not-found') throw userNotFound();
      if (result.kind === 'not-seller') throw httpError(409, moderationConflicts.verifyNotSeller);
      return { modifiedCount: result.modifiedCount };
    },
  });

  app.route({
    ...route(deleteUserContract, options),
    handler: async (request) => {
      const result = await deleteUser(app.db, requireCallerRecord(request).id, request.query.id);
      switch (result.kind) {
        case 'done':
          return { deletedCount: result.deletedCount };
        case 'not-found':
          throw userNotFound();
        case 'self':
          throw httpError(409, moderationConflicts.deleteSelf);
        case 'last-admin':
          throw httpError(409, moderationConflicts.deleteLastAdmin);
        case 'actor-gone':
          throw actorGone();
      }
    },
  });

  app.route({
    ...route(listReportedProductsContract, options),
    handler: async (request) =>
      (await listReportedProducts(app.db, request.query.limit)).map(presentReportedProduct),
  });

  app.route({
    ...route(markProductSafeContract, options),
    handler: async (request) => {
      const result = await markProductSafe(
        app.db,
        requireCallerRecord(request).id,
        request.query.id,
      );
      if (result.kind === 'not-found') throw productNotFound();
      return { modifiedCount: result.count };
    },
  });

  app.route({
    ...route(deleteReportedProductContract, options),
    handler: async (request) => {
      const now = new Date();
      const result = await deleteProductAsAdmin(
        app.db,
        requireCallerRecord(request).id,
        request.query.id,
        request.body,
        now,
        (tx, removal) =>
          queueRemovalMail(app, tx, {
            ...removal,
            ...request.body,
            appealUntil: appealDeadline(removal.decidedAt),
          }),
      );
      if (result.kind === 'not-found') throw productNotFound();
      return { deletedCount: result.count };
    },
  });

  app.route({
    ...route(listAuditLogContract, options),
    handler: async (request, reply) => {
      const page = await keysetPage(reply, request.query, (cursor, limit) =>
        listAuditLog(app.db, cursor, limit, request.query.action),
      );
      return page.map(presentAuditEntry);
    },
  });
};
