/**
 * Identity checks (decision 0044; contract src/contract/identity.ts; providers in
 * src/server/identity/provider.ts):
 *
 * - `GET /api/profile/identity`: the caller's latest check and whether they are verified.
 * - `POST /api/profile/identity`: the sandbox decides at once by the document number, and the
 *   document photo and the selfie are deleted right after; Stripe gets a VerificationSession whose
 *   page the caller is sent to.
 * - `POST /api/stripe/identity-webhook` (with Stripe): the signed outcome (Stripe's
 *   `webhooks.constructEvent`), recorded once in one transaction with the user's
 *   `identity_verified_at` and the job that redacts the session at Stripe.
 *
 * Only the outcome is stored (`identity_checks`: provider, session id, status, reason, times):
 * never a picture or what a provider read from the document.
 */
import { verifiedStripeEvent } from '../../payments/stripe-webhook.js';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import {
  identityStateContract,
  identityTexts,
  startIdentityCheckContract,
  stripeIdentityWebhookContract,
} from '#contract/index.js';
import { requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import type { UserRecord } from '../../auth/records.js';
import { identityChecks, users } from '../../db/schema.js';
import { referencedUploads } from '../../jobs/clean-uploads.js';
import { identityState, ownUploads } from '../../identity/checks.js';
import { decideSandboxDocument, identityRedactJob } from '../../identity/provider.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';

const tags = ['profile'];
const asUser = { tags, access: {} satisfies RouteAccess };

export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.identity.provider;

  app.route({
    ...route(identityStateContract, asUser),
    handler: async (request, reply) => {
      const me = requireCallerRecord(request);
      reply.header('cache-control', 'no-store');
      return identityState(app.db, provider, me.id);
    },
  });

  app.route({
    ...route(startIdentityCheckContract, asUser),
    handler: async (request, reply) => {
      const me: UserRecord = requireCallerRecord(request);
      if (me.identityVerifiedAt !== null) throw httpError(409, identityTexts.alreadyVerified);
      const { document_image, selfie_image, document_number } = request.body;
      reply.header('cache-control', 'no-store');

      if (app.identity.provider === 'stripe') {
        const given = Object.keys(request.body);
        if (given.length > 0) {
          throw httpError(
            400,
            `body.${given[0]} is for the sandbox: with Stripe the pictures are taken on Stripe's page`,
          );
        }
        const [check] = await app.db
          .insert(identityChecks)
          .values({ userId: me.id, provider: 'stripe', status: 'pending' })
          .returning({ id: identityChecks.id });
        let session;
        try {
          session = await app.identity.stripe.createSession({
            checkId: check!.id,
            userId: me.id,
            returnUrl: `${app.config.publicUrl}/user/profile#profile-identity`,
          });
        } catch (error) {
          // No session to wait for: the check ends here (a new one can be started).
          await app.db
            .update(identityChecks)
            .set({
              status: 'canceled',
              reason: 'Stripe Identity could not be reached',
              decidedAt: sql`now()`,
            })
            .where(eq(identityChecks.id, check!.id));
          throw error;
        }
        await app.db
          .update(identityChecks)
          .set({ sessionId: session.id })
          .where(eq(identityChecks.id, check!.id));
        const state = await identityState(app.db, 'stripe', me.id);
        return reply
          .code(201)
          .send({ ...state, url: session.url, client_secret: session.clientSecret });
      }

      // The sandbox: both pictures and the number, the pictures the caller's own uploads.
      if (!document_image) throw httpError(400, 'body.document_image is required');
      if (!selfie_image) throw httpError(400, 'body.selfie_image is required');
      if (!document_number) throw httpError(400, 'body.document_number is required');
      if (document_image === selfie_image) {
        throw httpError(400, 'body.selfie_image must be another picture than body.document_image');
      }
      const mine = await ownUploads(app.db, me.uid, [document_image, selfie_image]);
      for (const [field, path] of [
        ['document_image', document_image],
        ['selfie_image', selfie_image],
      ] as const) {
        if (!mine.has(path)) throw httpError(400, `body.${field} ${identityTexts.notYourUpload}`);
      }

      const decision = decideSandboxDocument(document_number, identityTexts.otherDocument);
      await app.db.transaction(async (tx) => {
        await tx.insert(identityChecks).values({
          userId: me.id,
          provider: 'sandbox',
          status: decision.outcome,
          reason: decision.outcome === 'declined' ? decision.reason : null,
          decidedAt: sql`now()`,
        });
        if (decision.outcome === 'approved') {
          await tx
            .update(users)
            .set({ identityVerifiedAt: sql`now()` })
            .where(and(eq(users.id, me.id), isNull(users.identityVerifiedAt)));
        }
      });
      // The documents go as soon as the decision is made (unless, unlikely, the same picture
      // is also a listing's or a profile's: then it is that one's, not a document only).
      const referenced = await referencedUploads(app.db);
      for (const path of [document_image, selfie_image]) {
        const name = path.slice('/uploads/'.length);
        if (!referenced.has(name)) await app.imageStore.remove(name);
      }
      return identityState(app.db, 'sandbox', me.id);
    },
  });

  if (app.config.identity.provider === 'stripe') {
    await app.register(stripeIdentityWebhook, {
      webhookSecret: app.config.identity.webhookSecret,
    });
  }
};

/** Stripe Identity's session events and the check state each one leads to. */
const sessionOutcomes = {
  'identity.verification_session.verified': 'approved',
  'identity.verification_session.requires_input': 'declined',
  'identity.verification_session.canceled': 'canceled',
} as const;

/**
 * `POST /api/stripe/identity-webhook`, in its own context so that only this route reads the raw
 * body (Stripe signs the exact bytes: https://docs.stripe.com/webhooks#verify-events). A check
 * is decided once: a repeated or late event for a decided check changes nothing.
 */
const stripeIdentityWebhook: FastifyPluginAsyncZod<{ webhookSecret: string }> = async (
  app,
  options,
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.route({
    ...route(stripeIdentityWebhookContract, {
      tags: ['profile', 'stripe'],
      bodyLimit: 1024 * 1024,
    }),
    handler: async (request) => {
      const event = verifiedStripeEvent(request, options.webhookSecret);
      const outcome = sessionOutcomes[event.type as keyof typeof sessionOutcomes];
      if (!outcome) return { received: true as const };
      const session = event.data.object as Stripe.Identity.VerificationSession;
      const checkId = session.metadata?.check_id;
      await app.db.transaction(async (tx) => {
        // By the session id, or by the check id in its metadata (a crash after Stripe made the
        // session and before its id was stored).
        const [check] = await tx
          .select({
            id: identityChecks.id,
            userId: identityChecks.userId,
            status: identityChecks.status,
          })
          .from(identityChecks)
          .where(
            checkId && /^[0-9a-f-]{36}$/i.test(checkId)
              ? sql`${identityChecks.sessionId} = ${session.id} or (${identityChecks.id} = ${checkId} and ${identityChecks.provider} = 'stripe')`
              : eq(identityChecks.sessionId, session.id),
          )
          .for('update');
        if (!check) {
          request.log.warn({ session: session.id }, 'identity session of no check');
          return;
        }
        if (check.status !== 'pending') return;
        const error = session.last_error;
        await tx
          .update(identityChecks)
          .set({
            sessionId: session.id,
            status: outcome,
            reason:
              outcome === 'approved'
                ? null
                : (error?.reason ?? error?.code ?? (outcome === 'canceled' ? 'canceled' : null)),
            decidedAt: sql`now()`,
          })
          .where(eq(identityChecks.id, check.id));
        if (outcome === 'approved') {
          await tx
            .update(users)
            .set({ identityVerifiedAt: sql`now()` })
            .where(and(eq(users.id, check.userId), isNull(users.identityVerifiedAt)));
        }
        // The documents go at Stripe too, once decided (a canceled session collected nothing
        // to keep).
        if (outcome !== 'canceled') {
          await app.jobs.enqueue(identityRedactJob, { sessionId: session.id }, { tx });
        }
      });
      return { received: true as const };
    },
  });
};
