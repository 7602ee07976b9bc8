/**
 * Proof of work (decision 0044), on ALTCHA's open protocol: sign-up and the first message of an
 * account without a verified phone number in a conversation carry a solved challenge, so a
 * client pays some seconds of CPU per account and per conversation it opens. On by default;
 * `PROOF_OF_WORK=off` turns it off (scripted clients, load tests).
 *
 * - `GET /api/proof-of-work/challenge` (public) — `{required: true, challenge}`: an ALTCHA v2
 *   challenge (PBKDF2/SHA-256), signed with the server's key and expiring 10 minutes after it was
 *   made; `{required: false, challenge: null}` when the proof of work is off.
 * - The solution goes in the request as `proof_of_work`: base64 of the JSON
 *   `{challenge, solution}` that ALTCHA's solvers make (`altcha-lib`'s `solveChallenge`, the
 *   ALTCHA widget's payload). Each solution is accepted once.
 */
import { z } from 'zod';
import { errorSchema } from './errors.js';
import { proofOfWorkField, proofOfWorkRefusals, proofOfWorkTexts } from './proof-of-work-texts.js';

export { proofOfWorkField, proofOfWorkRefusals, proofOfWorkTexts };
export type { ProofOfWorkRefusal } from './proof-of-work-texts.js';

/** How long a challenge can be solved and used (ms), and the largest payload accepted (chars). */
export const proofOfWorkRules = { lifetimeMs: 10 * 60_000, payloadMax: 4096 } as const;

/** ALTCHA v2 challenge parameters, as made by `altcha-lib`'s `createChallenge`. */
const challengeParametersSchema = z
  .object({
    algorithm: z.string().describe("the key derivation, e.g. 'PBKDF2/SHA-256'"),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int().describe('iterations of each key derivation'),
    keyLength: z.number().int(),
    keyPrefix: z.string().describe('hex: the derived key of the solution starts with it'),
    keySignature: z.string().optional(),
    expiresAt: z.number().int().optional().describe('seconds since the epoch'),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  })
  .passthrough();

export const proofOfWorkChallengeSchema = z.object({
  parameters: challengeParametersSchema,
  signature: z.string().optional().describe('HMAC-SHA-256 of the parameters, by this server'),
});
export type ProofOfWorkChallenge = z.infer<typeof proofOfWorkChallengeSchema>;

/** A solved challenge in a request body (see the module comment); absent: none sent. */
export const proofOfWorkPayloadSchema = z
  .string({ message: 'must be a proof-of-work solution' })
  .max(proofOfWorkRules.payloadMax, {
    message: `must be at most ${proofOfWorkRules.payloadMax} characters`,
  })
  .describe(
    'base64 of {challenge, solution}: a solved challenge of GET /api/proof-of-work/challenge, used once',
  );

export const proofOfWorkChallengeContract = {
  method: 'GET',
  url: '/api/proof-of-work/challenge',
  summary:
    'A new proof-of-work challenge (ALTCHA v2, PBKDF2/SHA-256) for sign-up and for the first ' +
    'message of an account without a verified phone number; it expires after 10 minutes and ' +
    'its solution is accepted once. `required: false` (and no challenge) when PROOF_OF_WORK is off.',
  response: {
    200: z.object({
      required: z.boolean(),
      challenge: proofOfWorkChallengeSchema.nullable(),
    }),
    400: errorSchema,
  },
} as const;
