/**
 * The admin's calls (issue 6; spec §2 Admin dashboard, §6, §7, §8), all behind
 * `[authenticate, requireSelf('uid'), requireRole('admin')]`: 401 without a valid token, 403 for
 * another uid or a non-admin, before anything is read or written. Each write and its audit row
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
  nextCursorHeader,
  verifySellerContract,
} from '../../../contract/index.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { decodeCursor, encodeCursor, type ListingCursor } from '../catalog/repository.js';
import { presentAuditEntry, presentReportedProduct, presentUser } from './presenters.js';
import {
  deleteProductAsAdmin,
  deleteUser,
  listAuditLog,
  listReportedProducts,
  listUsersByRole,
  markProductSafe,
  verifySeller,
} from './repository.js';

const tags = ['moderation'];

/** Decodes `?cursor=`; 400 when it is not one this server produced. */
function cursorOf(text: string | undefined): ListingCursor | null {
  if (text === undefined) return null;
  const cursor = decodeCursor(text);
  if (!cursor) throw httpError(400, 'querystring.cursor must be a cursor given by a previous page');
  return cursor;
}

const productNotFound = () => httpError(404, 'Product not found');
const userNotFound = () => httpError(404, 'User not found');
const actorGone = () => httpError(403, 'Your admin account was removed while this request ran');

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const asAdminSelf = [app.authenticate, app.requireSelf('uid'), app.requireRole('admin')];
  /** The caller's record id; the guards above guarantee a live admin record. */
  const adminOf = (request: { caller: { record: { id: string } | null } | null }) =>
    request.caller!.record!.id;

  app.route({
    ...route(listUsersByRoleContract, tags),
    preHandler: asAdminSelf,
    handler: async (request, reply) => {
      const { role, limit, cursor } = request.query;
      // One extra row tells whether a next page exists.
      const rows = await listUsersByRole(app.db, role, limit + 1, cursorOf(cursor));
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      if (rows.length > limit && last) {
        reply.header(nextCursorHeader, encodeCursor({ createdAt: last.createdAt, id: last.id }));
      }
      return page.map(presentUser);
    },
  });

  app.route({
    ...route(verifySellerContract, tags),
    preHandler: asAdminSelf,
    handler: async (request) => {
      const result = await verifySeller(app.db, adminOf(request), request.query.id);
      if (result.kind === 'not-found') throw userNotFound();
      if (result.kind === 'not-seller') throw httpError(409, moderationConflicts.verifyNotSeller);
      return { modifiedCount: result.modifiedCount };
    },
  });

  app.route({
    ...route(deleteUserContract, tags),
    preHandler: asAdminSelf,
    handler: async (request) => {
      const result = await deleteUser(app.db, adminOf(request), request.query.id);
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
    ...route(listReportedProductsContract, tags),
    preHandler: asAdminSelf,
    handler: async (request) =>
      (await listReportedProducts(app.db, request.query.limit)).map(presentReportedProduct),
  });

  app.route({
    ...route(markProductSafeContract, tags),
    preHandler: asAdminSelf,
    handler: async (request) => {
      const result = await markProductSafe(app.db, adminOf(request), request.query.id);
      if (result.kind === 'not-found') throw productNotFound();
      return { modifiedCount: result.count };
    },
  });

  app.route({
    ...route(deleteReportedProductContract, tags),
    preHandler: asAdminSelf,
    handler: async (request) => {
      const result = await deleteProductAsAdmin(app.db, adminOf(request), request.query.id);
      if (result.kind === 'not-found') throw productNotFound();
      return { deletedCount: result.count };
    },
  });

  app.route({
    ...route(listAuditLogContract, tags),
    preHandler: asAdminSelf,
    handler: async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await listAuditLog(app.db, limit + 1, cursorOf(cursor));
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      if (rows.length > limit && last) {
        reply.header(nextCursorHeader, encodeCursor({ createdAt: last.createdAt, id: last.id }));
      }
      return page.map(presentAuditEntry);
    },
  });
};
