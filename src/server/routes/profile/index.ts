/**
 * The signed-in user's own profile (decision 0016): read it, change the display name,
 * photo and home place (decision 0026), change the password, delete the account, verify a phone
 * number (decision 0044, src/server/profile/phone.ts). Shapes in src/contract/profile.ts. Every
 * route is `access: {}` (a bearer token of any role) and acts on the caller's own record only:
 * there is no id in the request to point at someone else.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  canonicalTimeZone,
  becomeSellerContract,
  changePasswordContract,
  deleteProfileContract,
  getProfileContract,
  profileTexts,
  requestPhoneCodeContract,
  updateProfileContract,
  verifyPhoneContract,
} from '#contract/index.js';
import { changeOwnPassword } from '../../auth/change-password.js';
import { commonPasswordMessage, isCommonPassword } from '../../auth/common-passwords.js';
import { requireCaller, requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { deleteOwnAccount } from '../../moderation/repository.js';
import { findPlace } from '../../places/repository.js';
import { sendPhoneCode, verifyPhoneCode } from '../../profile/phone.js';
import { readProfile, startSelling, updateProfile } from '../../profile/repository.js';

const tags = ['profile'];
/** Any signed-in user with a bearer token; the record is the caller's own. */
const signedIn: RouteAccess = {};
const options = { tags, access: signedIn };

const accountGone = () => httpError(401, 'This account no longer exists');

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(getProfileContract, options),
    handler: async (request) => readProfile(app.db, requireCallerRecord(request)),
  });

  app.route({
    ...route(updateProfileContract, options),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const {
        displayName,
        photoURL,
        home_place_id: homePlaceId,
        time_zone: timeZone,
      } = request.body;
      if (
        displayName === undefined &&
        photoURL === undefined &&
        homePlaceId === undefined &&
        timeZone === undefined
      ) {
        throw httpError(400, `body: ${profileTexts.emptyPatch}`);
      }
      if (typeof homePlaceId === 'number' && !(await findPlace(app.db, homePlaceId))) {
        throw httpError(400, profileTexts.unknownPlace);
      }
      const updated = await updateProfile(app.db, me.id, me.uid, {
        displayName,
        photoURL,
        homePlaceId,
        timeZone: timeZone == null ? timeZone : canonicalTimeZone(timeZone),
      });
      if (!updated) throw accountGone();
      return readProfile(app.db, updated);
    },
  });

  // Start selling (decision 0042): the intent to sell is enough; no form, no review.
  app.route({
    ...route(becomeSellerContract, options),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      if (!(await startSelling(app.db, me.id))) throw accountGone();
      return { isSeller: true as const, isBuyer: true as const };
    },
  });

  app.route({
    ...route(changePasswordContract, options),
    handler: async (request, reply) => {
      const caller = requireCaller(request);
      const me = requireCallerRecord(request);
      const { current_password: currentPassword, new_password: newPassword } = request.body;
      // Guessing the current password with a stolen session is bounded like sign-in: failures
      // per account and client, counted when checked so parallel guesses cannot slip past
      // (decision 0030); given back when no password was checked against the account's.
      await app.accountAttempts.claim(request, reply, me.email);
      let checked = false;
      try {
        if (isCommonPassword(newPassword)) {
          throw httpError(400, `body.new_password: ${commonPasswordMessage}`);
        }
        const result = await changeOwnPassword(app.db, {
          uid: caller.uid,
          keepSessionId: caller.sessionId,
          currentPassword,
          newPassword,
        });
        switch (result.kind) {
          case 'changed':
            await app.accountAttempts.clear(request, me.email);
            checked = true;
            return { changed: true as const, sessionsEnded: result.sessionsEnded };
          case 'wrong-password':
            checked = true;
            throw httpError(400, profileTexts.wrongCurrentPassword);
          case 'same-password':
            throw httpError(400, profileTexts.samePassword);
          case 'no-password':
            throw httpError(409, profileTexts.noPassword);
        }
      } finally {
        if (!checked) await app.accountAttempts.release(request, me.email);
      }
    },
  });

  app.route({
    ...route(deleteProfileContract, options),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const result = await deleteOwnAccount(app.db, me.id);
      switch (result.kind) {
        case 'done':
          return { deletedCount: result.deletedCount };
        case 'not-found':
          throw accountGone();
        case 'last-admin':
          throw httpError(409, profileTexts.lastAdmin);
      }
    },
  });

  app.route({
    ...route(requestPhoneCodeContract, options),
    handler: async (request) =>
      sendPhoneCode(app, requireCallerRecord(request), request.body.phone, request.ip),
  });

  app.route({
    ...route(verifyPhoneContract, options),
    handler: async (request) =>
      verifyPhoneCode(app.db, requireCallerRecord(request), request.body.code),
  });
};
