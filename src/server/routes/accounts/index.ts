/**
 * Account routes (spec §7, DESIGN.md §3): API tokens, the product's user record, role checks and
 * image upload. Shapes in src/contract/accounts.ts; guards in src/server/auth/guard.ts.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import path from 'node:path';
import {
  adminRoleContract,
  buyerRoleContract,
  imageFieldName,
  issueTokenContract,
  limits,
  saveUserContract,
  sellerRoleContract,
  uploadImageContract,
} from '../../../contract/index.js';
import { holdsRole, toFetchHeaders } from '../../auth/guard.js';
import { findUserRecord } from '../../auth/records.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { storeImage } from './images.js';
import { saveUserRecord } from './repository.js';

const tags = ['accounts'];

/**
 * Reads the single file of the `image` field into memory.
 * @throws HttpError 400 when the field is missing; @fastify/multipart's 413 past
 *   limits.imageMaxBytes; the parser's own error when the body is malformed.
 */
async function readMultipartFile(request: FastifyRequest): Promise<Buffer> {
  const file = await request.file();
  if (!file || file.fieldname !== imageFieldName) {
    throw httpError(400, `Send the file in the "${imageFieldName}" field`);
  }
  return file.toBuffer();
}

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: limits.imageMaxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  const uploadsDir = path.join(app.config.dataDir, 'uploads');

  // Spec §7 POST /jwt, DESIGN.md §8: a token only for the identity whose session cookie this is.
  app.route({
    ...route(issueTokenContract, tags),
    handler: async (request) => {
      const result = await app.auth.api.getSession({
        headers: toFetchHeaders(request.headers),
        query: { disableRefresh: true },
      });
      if (!result) throw httpError(401, 'Sign in first: no identity session');
      if (result.user.id !== request.body.user) {
        throw httpError(403, 'A token can only be issued for your own user id');
      }
      const record = await findUserRecord(app.db, result.user.id);
      if (record?.deletedAt) throw httpError(403, 'This account has been deleted');
      const token = await app.apiTokens.issue({
        uid: result.user.id,
        sessionId: result.session.id,
      });
      return { token };
    },
  });

  app.route({
    ...route(saveUserContract, tags),
    preHandler: app.authenticateSessionOrBearer,
    handler: async (request, reply) => {
      const caller = request.caller!;
      const identity = await app.auth.$context.then((ctx) =>
        ctx.internalAdapter.findUserById(caller.uid),
      );
      if (!identity) throw httpError(401, 'This account no longer exists');
      if (request.body.email.toLowerCase() !== identity.email.toLowerCase()) {
        throw httpError(400, "body.email must be the signed-in account's email");
      }
      const saved = await saveUserRecord(app.db, {
        uid: caller.uid,
        displayName: request.body.displayName,
        email: identity.email,
        photoUrl: request.body.photoURL,
        role: request.body.role,
      });
      reply.code(saved.inserted ? 201 : 200);
      return { acknowledged: true, insertedId: saved.id };
    },
  });

  const self = [app.authenticate, app.requireSelf('uid')];

  app.route({
    ...route(adminRoleContract, tags),
    preHandler: self,
    handler: async (request) => ({ isAdmin: holdsRole(request.caller!.record, 'admin') }),
  });

  app.route({
    ...route(sellerRoleContract, tags),
    preHandler: self,
    handler: async (request) => ({ isSeller: holdsRole(request.caller!.record, 'seller') }),
  });

  app.route({
    ...route(buyerRoleContract, tags),
    preHandler: self,
    handler: async (request) => ({ isBuyer: holdsRole(request.caller!.record, 'buyer') }),
  });

  app.route({
    ...route(uploadImageContract, tags),
    preHandler: app.authenticateSessionOrBearer,
    handler: async (request, reply) => {
      if (!request.isMultipart()) {
        throw httpError(
          400,
          `Send multipart/form-data with the file in the "${imageFieldName}" field`,
        );
      }
      const bytes = await readMultipartFile(request).catch((error: unknown) => {
        // A truncated or malformed multipart body is the client's fault (the parser's own
        // errors carry no status); 4xx errors such as 413 keep theirs.
        if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
        throw httpError(400, 'The multipart/form-data body is malformed or incomplete');
      });
      const url = await storeImage(bytes, uploadsDir);
      reply.code(201);
      return { data: { url } };
    },
  });
};
