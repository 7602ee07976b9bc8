/**
 * Account routes (docs/product.md §7, decision 0002): API tokens, the product's user record, role checks and
 * image upload. Shapes in src/contract/accounts.ts; who may call each route is its `access`
 * (enforced by src/server/auth/guard.ts).
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  adminRoleContract,
  buyerRoleContract,
  imageFieldName,
  issueTokenContract,
  limits,
  saveUserContract,
  sellerRoleContract,
  uploadImageContract,
} from '#contract/index.js';
import { holdsRole, requireCaller } from '../../auth/guard.js';
import { findIdentity } from '../../auth/sessions.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { recordPhotoHash } from '../../trust/backfill.js';
import { storeImage } from '../../storage/images.js';
import { assertUploadAllowed, recordUpload } from '../../accounts/upload-quota.js';
import { saveUserRecord } from '../../accounts/repository.js';

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

  // docs/product.md §7 POST /jwt, docs/spec-deviations.md: a token only for the identity whose session cookie this is.
  app.route({
    ...route(issueTokenContract, { tags, access: { via: 'session' } }),
    handler: async (request) => {
      const caller = requireCaller(request);
      if (caller.uid !== request.body.user) {
        throw httpError(403, 'A token can only be issued for your own user id');
      }
      if (caller.record?.deletedAt) throw httpError(403, 'This account has been deleted');
      const token = await app.apiTokens.issue({ uid: caller.uid, sessionId: caller.sessionId });
      return { token };
    },
  });

  app.route({
    ...route(saveUserContract, { tags, access: { via: 'session-or-bearer' } }),
    handler: async (request, reply) => {
      const caller = requireCaller(request);
      const identity = await findIdentity(app.db, caller.uid);
      if (identity === null) throw httpError(401, 'This account no longer exists');
      const { email } = identity;
      if (request.body.email.toLowerCase() !== email.toLowerCase()) {
        throw httpError(400, "body.email must be the signed-in account's email");
      }
      // Only our uploads, or the photo Google gave this identity.
      const photo = request.body.photoURL;
      if (photo.startsWith('https://') && photo !== identity.image) {
        throw httpError(400, 'body.photoURL must be an image uploaded to this site (/uploads/…)');
      }
      const saved = await saveUserRecord(app.db, {
        uid: caller.uid,
        displayName: request.body.displayName,
        email,
        photoUrl: request.body.photoURL,
        role: request.body.role,
      });
      reply.code(saved.inserted ? 201 : 200);
      return { acknowledged: true, insertedId: saved.id };
    },
  });

  const self = { tags, access: { self: 'uid' } };

  app.route({
    ...route(adminRoleContract, self),
    handler: async (request) => ({ isAdmin: holdsRole(requireCaller(request).record, 'admin') }),
  });

  app.route({
    ...route(sellerRoleContract, self),
    handler: async (request) => ({ isSeller: holdsRole(requireCaller(request).record, 'seller') }),
  });

  app.route({
    ...route(buyerRoleContract, self),
    handler: async (request) => ({ isBuyer: holdsRole(requireCaller(request).record, 'buyer') }),
  });

  app.route({
    ...route(uploadImageContract, { tags, access: { via: 'session-or-bearer' } }),
    handler: async (request, reply) => {
      if (!request.isMultipart()) {
        throw httpError(
          400,
          `Send multipart/form-data with the file in the "${imageFieldName}" field`,
        );
      }
      const uploader = { uid: request.caller!.uid, hasRecord: request.caller!.record !== null };
      await assertUploadAllowed(app.db, uploader, app.config.uploads);
      const bytes = await readMultipartFile(request).catch((error: unknown) => {
        // A truncated or malformed multipart body is the client's fault (the parser's own
        // errors carry no status); 4xx errors such as 413 keep theirs.
        if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
        throw httpError(400, 'The multipart/form-data body is malformed or incomplete');
      });
      const stored = await storeImage(bytes, app.imageStore);
      // A refused upload leaves its file to the clean-up job (it may be someone else's too).
      await recordUpload(app.db, uploader, app.config.uploads, stored);
      // Before any listing uses the URL, so the listing's photo hashes find it (decision 0028).
      await recordPhotoHash(app.db, stored.url, stored.phash);
      reply.code(201);
      return { data: { url: stored.url } };
    },
  });
};
