/**
 * Proof of work (decision 0044) on ALTCHA's open protocol, with `altcha-lib` (self-hosted: no
 * outside service is asked). Sign-up and the first message of an account without a verified
 * phone number in a conversation carry a solved challenge; PROOF_OF_WORK=off turns it off.
 *
 * - A challenge is ALTCHA v2's deterministic kind: the server draws a counter between a third of
 *   PROOF_OF_WORK_COUNTER_MAX and all of it, derives a PBKDF2-SHA-256 key (1,000 iterations) from
 *   the challenge's nonce and that counter, and publishes the first half of the key; the client
 *   tries counters from 0 until its key starts with it. The parameters (expiry included) are
 *   signed with HMAC-SHA-256, and the key with a second HMAC, so the server checks a solution
 *   with one derivation and keeps no state per challenge.
 * - The HMAC keys are derived from the server secret (AUTH_SECRET, or the one kept in
 *   `DATA_DIR/auth-secret`; auth/secret.ts), so every instance that shares it accepts the
 *   others' challenges.
 * - A challenge expires 10 minutes after it was made. A solution is accepted once: its
 *   challenge's nonce is inserted into `proof_of_work_spent` in the transaction of the action it
 *   allows (a conflict is a replay), and rows are removed once their challenge has expired.
 */
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Challenge, Solution } from 'altcha-lib/types';
import { lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  proofOfWorkRefusals,
  proofOfWorkRules,
  type ProofOfWorkChallenge,
  type ProofOfWorkRefusal,
} from '../../contract/index.js';
import { resolveAuthSecret } from '../auth/secret.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { proofOfWorkSpent } from '../db/schema.js';
import { httpError, type HttpError } from '../lib/http-error.js';

/** The key derivation of every challenge, and its iterations per key. */
export const proofOfWorkAlgorithm = 'PBKDF2/SHA-256';
export const proofOfWorkIterations = 1000;

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** A refused solution: the 400 to answer, naming why. */
export function proofOfWorkError(reason: ProofOfWorkRefusal): HttpError {
  return httpError(400, proofOfWorkRefusals[reason]);
}

export interface ProofOfWork {
  /** Whether sign-up and unverified first messages need a solution (PROOF_OF_WORK). */
  readonly enabled: boolean;
  /** A new signed challenge, expiring {@link proofOfWorkRules.lifetimeMs} from now. */
  challenge(): Promise<ProofOfWorkChallenge>;
  /**
   * Checks `payload` (base64 of `{challenge, solution}`) and records its challenge as used, in
   * `executor` (the caller's transaction: a rolled-back action gives the solution back).
   * @throws HttpError 400 naming the reason: missing, malformed, forged (not signed by us),
   *   wrong (not a solution), expired, or replayed (used before).
   */
  spend(executor: Executor, payload: string | undefined | null): Promise<void>;
}

/** The two HMAC keys, derived from the server secret (one for the parameters, one for the key). */
export function proofOfWorkSecrets(serverSecret: string) {
  const derive = (purpose: string) =>
    createHmac('sha256', serverSecret)
      .update(`second-gear proof of work: ${purpose}`)
      .digest('hex');
  return { signature: derive('challenge'), keySignature: derive('key') };
}

/** Reads a payload into its challenge and solution; null when it is not one. */
function parsePayload(payload: string): { challenge: Challenge; solution: Solution } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { challenge, solution } = parsed as { challenge?: unknown; solution?: unknown };
  if (typeof challenge !== 'object' || challenge === null) return null;
  if (typeof solution !== 'object' || solution === null) return null;
  const parameters = (challenge as { parameters?: unknown }).parameters;
  if (typeof parameters !== 'object' || parameters === null) return null;
  const { algorithm, nonce, salt, cost, keyPrefix } = parameters as Record<string, unknown>;
  const { counter, derivedKey } = solution as Record<string, unknown>;
  if (
    typeof algorithm !== 'string' ||
    typeof nonce !== 'string' ||
    !/^[0-9a-f]{2,128}$/i.test(nonce) ||
    typeof salt !== 'string' ||
    !/^[0-9a-f]{2,128}$/i.test(salt) ||
    typeof keyPrefix !== 'string' ||
    !Number.isInteger(cost) ||
    !Number.isInteger(counter) ||
    (counter as number) < 0 ||
    (counter as number) > 0xffffffff ||
    typeof derivedKey !== 'string'
  ) {
    return null;
  }
  return { challenge: challenge as Challenge, solution: solution as Solution };
}

/**
 * Creates the proof of work of `settings`.
 * @param serverSecret the server secret the HMAC keys are derived from (auth/secret.ts)
 */
export function createProofOfWork(
  settings: Config['proofOfWork'],
  serverSecret: string,
): ProofOfWork {
  const secrets = proofOfWorkSecrets(serverSecret);
  const lowest = Math.max(1, Math.floor(settings.counterMax / 3));
  return {
    enabled: settings.enabled,

    async challenge() {
      const challenge = await createChallenge({
        algorithm: proofOfWorkAlgorithm,
        cost: proofOfWorkIterations,
        // randomInt(max, min): a cryptographically random integer in [min, max].
        counter: randomInt(Math.max(lowest, settings.counterMax), lowest),
        deriveKey,
        expiresAt: new Date(Date.now() + proofOfWorkRules.lifetimeMs),
        hmacSignatureSecret: secrets.signature,
        hmacKeySignatureSecret: secrets.keySignature,
      });
      return challenge as ProofOfWorkChallenge;
    },

    async spend(executor, payload) {
      if (!payload) throw proofOfWorkError('required');
      const parsed = parsePayload(payload);
      if (!parsed) throw proofOfWorkError('malformed');
      const { challenge, solution } = parsed;
      // Ours only: a challenge of another algorithm or cost was not made here.
      if (
        challenge.parameters.algorithm !== proofOfWorkAlgorithm ||
        challenge.parameters.cost !== proofOfWorkIterations
      ) {
        throw proofOfWorkError('forged');
      }
      let result;
      try {
        result = await verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret: secrets.signature,
          hmacKeySignatureSecret: secrets.keySignature,
        });
      } catch {
        // The library throws on parameters it cannot use (a bad key length, say).
        throw proofOfWorkError('malformed');
      }
      if (result.invalidSignature) throw proofOfWorkError('forged');
      if (result.expired) throw proofOfWorkError('expired');
      if (!result.verified) throw proofOfWorkError('wrong');
      const expiresAt = challenge.parameters.expiresAt;
      // Our challenges always expire; a signed one without an expiry was not made here.
      if (expiresAt === undefined) throw proofOfWorkError('forged');
      // Expired solutions are refused above, so their rows are no longer needed.
      await executor.delete(proofOfWorkSpent).where(lt(proofOfWorkSpent.expiresAt, sql`now()`));
      const inserted = await executor
        .insert(proofOfWorkSpent)
        .values({ challengeId: challenge.parameters.nonce, expiresAt: new Date(expiresAt * 1000) })
        .onConflictDoNothing()
        .returning({ id: proofOfWorkSpent.challengeId });
      if (inserted.length === 0) throw proofOfWorkError('replayed');
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The proof of work of sign-up and unverified first messages (decision 0044). */
    proofOfWork: ProofOfWork;
  }
}

/** `app.proofOfWork`, from PROOF_OF_WORK and the server secret. */
export const proofOfWorkPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'proofOfWork',
      createProofOfWork(app.config.proofOfWork, resolveAuthSecret(app.config)),
    );
  },
  { name: 'proof-of-work' },
);
