/**
 * Solving proof-of-work challenges in API tests (decision 0044), as a scripted client does:
 * `altcha-lib`'s own solver against a challenge of `GET /api/proof-of-work/challenge`.
 */
import type { FastifyInstance } from 'fastify';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Challenge } from 'altcha-lib/types';

/** The request field's value for a solved `challenge`: base64 of `{challenge, solution}`. */
export async function solveProofOfWork(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the proof-of-work challenge was not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A new challenge of `app`, solved; undefined when its proof of work is off. */
export async function solvedProofOfWork(app: FastifyInstance): Promise<string | undefined> {
  const response = await app.inject({ method: 'GET', url: '/api/proof-of-work/challenge' });
  if (response.statusCode !== 200) {
    throw new Error(`challenge failed: ${response.statusCode} ${response.body}`);
  }
  const body = response.json<{ required: boolean; challenge: Challenge | null }>();
  return body.challenge ? solveProofOfWork(body.challenge) : undefined;
}
