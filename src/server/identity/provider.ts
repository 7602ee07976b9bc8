/**
 * Identity checks (decision 0044; contract src/contract/identity.ts) behind one seam chosen by
 * IDENTITY_PROVIDER, as SMS (sms/sms.ts) and payments are:
 *
 * - `sandbox` decides at once by the document number ({@link decideSandboxDocument}), after the
 *   test values of `sandboxIdentityDocuments`, as the payment sandbox decides by the card number.
 * - `stripe` is Stripe Identity on the stripe SDK, its HTTP through `app.outbound`
 *   (lib/outbound.ts, Stripe's documented `createFetchHttpClient`): a VerificationSession of
 *   `type: 'document'` with a matching selfie (https://docs.stripe.com/identity/verification-sessions),
 *   created with an idempotency key per check, its outcome read back by webhook; after the
 *   decision the session is redacted (https://docs.stripe.com/identity/verification-sessions#redact),
 *   which deletes the document and the selfie at Stripe, by the durable job `identity-redact`
 *   (retried until Stripe answers).
 */
import Stripe from 'stripe';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sandboxIdentityDocuments } from '../../contract/index.js';
import type { IdentityConfig } from '../config.js';
import { ProviderError } from '../lib/provider-error.js';

/** The sandbox's decision on a document number: approved, or declined with the reason. */
export type SandboxDecision = { outcome: 'approved' } | { outcome: 'declined'; reason: string };

/** Any number but the approved test number is declined, with its test reason if it has one. */
export function decideSandboxDocument(
  documentNumber: string,
  otherReason: string,
): SandboxDecision {
  const number = documentNumber.replace(/[\s-]/g, '');
  for (const document of Object.values(sandboxIdentityDocuments)) {
    if (document.number !== number) continue;
    return 'reason' in document
      ? { outcome: 'declined', reason: document.reason }
      : { outcome: 'approved' };
  }
  return { outcome: 'declined', reason: otherReason };
}

/** A Stripe Identity VerificationSession as we keep it: its id, page and client secret. */
export interface IdentitySession {
  id: string;
  url: string;
  clientSecret: string;
}

export interface StripeIdentity {
  /**
   * Creates the VerificationSession of check `checkId` (idempotent per check).
   * @throws ProviderError (502) when Stripe refuses or cannot be reached.
   */
  createSession(input: {
    checkId: string;
    userId: string;
    returnUrl: string;
  }): Promise<IdentitySession>;
  /** Redacts a decided session at Stripe (its document and selfie). @throws on failure */
  redact(sessionId: string): Promise<void>;
}

/** The Stripe Identity client of `settings`, its HTTP through `fetchFn` (app.outbound.fetch). */
export function createStripeIdentity(
  settings: Extract<IdentityConfig, { provider: 'stripe' }>,
  fetchFn: typeof fetch,
): StripeIdentity {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  const client = new Stripe(settings.secretKey, {
    httpClient: Stripe.createFetchHttpClient(fetchFn),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
          protocol,
        }
      : {}),
  });
  return {
    async createSession({ checkId, userId, returnUrl }) {
      let session: Stripe.Identity.VerificationSession;
      try {
        session = await client.identity.verificationSessions.create(
          {
            type: 'document',
            options: { document: { require_matching_selfie: true } },
            metadata: { check_id: checkId, user_id: userId },
            return_url: returnUrl,
          },
          { idempotencyKey: `identity-check-${checkId}` },
        );
      } catch (error) {
        throw new ProviderError('identity provider', 'Stripe Identity refused the session', {
          cause: error,
        });
      }
      if (!session.url || !session.client_secret) {
        throw new ProviderError('identity provider', 'Stripe Identity gave no session page');
      }
      return { id: session.id, url: session.url, clientSecret: session.client_secret };
    },
    async redact(sessionId) {
      await client.identity.verificationSessions.redact(
        sessionId,
        {},
        { idempotencyKey: `identity-redact-${sessionId}` },
      );
    },
  };
}

/** Job that redacts a decided Stripe session (its documents) at Stripe. */
export const identityRedactJob = 'identity-redact';

declare module 'fastify' {
  interface FastifyInstance {
    /** The identity provider (IDENTITY_PROVIDER): Stripe's client when it is Stripe. */
    identity: { provider: 'sandbox' } | { provider: 'stripe'; stripe: StripeIdentity };
  }
}

/** `app.identity`, and the `identity-redact` job with Stripe. */
export const identityPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.identity;
    if (settings.provider === 'sandbox') {
      app.decorate('identity', { provider: 'sandbox' as const });
      return;
    }
    const stripe = createStripeIdentity(settings, app.outbound.fetch);
    app.decorate('identity', { provider: 'stripe' as const, stripe });
    app.jobs.define<{ sessionId: string }>({
      name: identityRedactJob,
      retryLimit: 8,
      retryDelaySeconds: 60,
      handler: async ({ sessionId }) => {
        await stripe.redact(sessionId);
      },
    });
  },
  { name: 'identity', dependencies: ['jobs'] },
);
