/**
 * The texts of the proof of work (decision 0044): what the sign-up form and the message composer
 * say while the browser solves its challenge, and why the server refuses a request. Zod-free, so
 * the pages that show them import it without shipping zod.
 */

/** The request field that carries a solved challenge (base64 of `{challenge, solution}`). */
export const proofOfWorkField = 'proof_of_work';

/** What the page says while and after its browser solves the challenge. */
export const proofOfWorkTexts = {
  solving: 'Checking this browser is not a bot…',
  solved: 'Browser checked',
  failed: 'This browser could not be checked. Reload the page and try again.',
  /** The first message of a conversation waits for the check. */
  messageNote:
    'Your first message in a conversation waits a moment while this browser proves it is not a bot. Verify your phone number to skip it.',
} as const;

/** Why a proof of work was refused (400), each naming the field and what to do. */
export const proofOfWorkRefusals = {
  required:
    'proof_of_work is required: solve a challenge from GET /api/proof-of-work/challenge and send the solution',
  malformed: 'proof_of_work is not a proof-of-work solution (base64 of {challenge, solution})',
  forged: 'proof_of_work is forged: its challenge was not signed by this server',
  wrong: 'proof_of_work is not a solution of its challenge',
  expired: 'proof_of_work has expired: solve a new challenge',
  replayed: 'proof_of_work was already used: solve a new challenge',
} as const;
export type ProofOfWorkRefusal = keyof typeof proofOfWorkRefusals;
