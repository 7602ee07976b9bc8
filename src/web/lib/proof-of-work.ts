/**
 * Solving the server's proof-of-work challenge in the browser (decision 0044): a challenge from
 * `GET /api/proof-of-work/challenge`, solved by altcha-lib's solver in Web Workers (one per
 * core, at most 8, so the page stays responsive), answered as the `proof_of_work` field:
 * base64 of `{challenge, solution}`. Loaded on demand (lib/use-proof-of-work.ts) by the pages
 * that need it — registration and the message composers — so no other page carries it.
 */
import { solveChallengeWorkers } from 'altcha-lib';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from './api-client';

/** The User Timing measure of each solve (its duration in ms). */
export const solveMeasureName = 'second-gear:proof-of-work';

/** How long a solve may take before it is given up (ms): a challenge lives 10 minutes. */
const SOLVE_TIMEOUT_MS = 5 * 60_000;

/**
 * A solved challenge of the server, or undefined when its proof of work is off.
 * @throws Error when the challenge cannot be fetched or solved (no Web Workers, a time-out).
 */
export async function solveProofOfWork(): Promise<string | undefined> {
  const { challenge } = await apiCall(apiRoutes.proofOfWorkChallenge, {});
  if (!challenge) return undefined;
  const started = performance.now();
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency: Math.min(8, Math.max(1, navigator.hardwareConcurrency || 2)),
    createWorker: () =>
      new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), { type: 'module' }),
    timeout: SOLVE_TIMEOUT_MS,
  });
  if (!solution) throw new Error('The proof of work was not solved in time');
  // The solve's time as a User Timing entry, which bench/proof-of-work.ts reads.
  performance.measure(solveMeasureName, { start: started, end: performance.now() });
  return btoa(JSON.stringify({ challenge, solution }));
}
