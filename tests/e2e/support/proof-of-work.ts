/**
 * The proof of work of sign-up and first messages (decision 0044) for the browser tests' API
 * calls: a challenge from the server, solved with altcha-lib in Node, as any scripted client
 * would. (The pages solve theirs in the browser.)
 */
import type { APIRequestContext } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Challenge } from 'altcha-lib/types';
import * as apiRoutes from '#contract/route-table.js';
import { apiUrl } from '#contract/routes.js';

/**
 * `{ proof_of_work }` to spread into a sign-up or first-message body: a solved challenge of the
 * server, or nothing when its proof of work is off.
 */
export async function proofOfWork(request: APIRequestContext): Promise<{ proof_of_work?: string }> {
  const response = await request.get(apiUrl(apiRoutes.proofOfWorkChallenge));
  if (!response.ok()) throw new Error(`proof-of-work challenge: ${response.status()}`);
  const { challenge } = (await response.json()) as { challenge: Challenge | null };
  if (!challenge) return {};
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the proof-of-work challenge was not solved in time');
  return {
    proof_of_work: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
  };
}
