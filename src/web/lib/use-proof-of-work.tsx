/**
 * The proof of work of a form (decision 0044): sign-up and an unverified account's first message
 * in a conversation carry a challenge the browser solved. `useProofOfWork` solves one ahead
 * (`start`, e.g. on the page's load or when the composer opens) and hands it to the request
 * (`take`); `withProofOfWork` sends a request with it and, when the server refuses the proof
 * (missing, expired, used), solves a new one and sends once more. `ProofOfWorkStatus` says
 * what is going on, politely announced. The solver itself (lib/proof-of-work.ts, altcha-lib)
 * is loaded only once a solve starts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { proofOfWorkField, proofOfWorkTexts } from '#contract/proof-of-work-texts';

export type ProofOfWorkState = 'idle' | 'solving' | 'solved' | 'off' | 'failed';

export interface ProofOfWorkHandle {
  state: ProofOfWorkState;
  /** Starts solving a challenge unless one is solved or being solved. */
  start(): void;
  /**
   * The solved challenge (waiting for the solve under way, or starting one), handed out once;
   * undefined when the server's proof of work is off. @throws Error when it cannot be solved.
   */
  take(): Promise<string | undefined>;
}

/** @param auto start solving at once (the page needs a solution for sure). */
export function useProofOfWork({ auto }: { auto: boolean }): ProofOfWorkHandle {
  const [state, setState] = useState<ProofOfWorkState>('idle');
  const pending = useRef<Promise<string | undefined> | null>(null);
  const off = useRef(false);
  const mounted = useRef(true);

  const start = useCallback(() => {
    if (pending.current || off.current) return;
    setState('solving');
    const solving = import('./proof-of-work').then((module) => module.solveProofOfWork());
    pending.current = solving;
    solving.then(
      (proof) => {
        if (proof === undefined) off.current = true;
        if (mounted.current) setState(proof === undefined ? 'off' : 'solved');
      },
      () => {
        if (pending.current === solving) pending.current = null;
        if (mounted.current) setState('failed');
      },
    );
  }, []);

  const take = useCallback(async () => {
    if (off.current) return undefined;
    start();
    const solving = pending.current!;
    // Handed out once: a solution is accepted by the server once.
    pending.current = null;
    const proof = await solving;
    if (mounted.current && !off.current) setState('idle');
    return proof;
  }, [start]);

  useEffect(() => {
    mounted.current = true;
    if (auto) start();
    return () => {
      mounted.current = false;
    };
  }, [auto, start]);

  return { state, start, take };
}

/** True for the server's refusal of a proof of work (its message names the field first). */
export function isProofOfWorkRefusal(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith(`${proofOfWorkField} `);
}

/**
 * Runs `attempt` with a solved challenge (`upfront`) or without one, and once more with a new
 * one when the server refuses the proof of work (missing, expired or already used).
 */
export async function withProofOfWork<T>(
  handle: ProofOfWorkHandle,
  attempt: (proof: string | undefined) => Promise<T>,
  { upfront }: { upfront: boolean },
): Promise<T> {
  try {
    return await attempt(upfront ? await handle.take() : undefined);
  } catch (error) {
    if (!isProofOfWorkRefusal(error)) throw error;
    return attempt(await handle.take());
  }
}

/** What the browser's check is doing, for screen readers too; nothing while idle or off. */
export function ProofOfWorkStatus({ state }: { state: ProofOfWorkState }) {
  const text =
    state === 'solving'
      ? proofOfWorkTexts.solving
      : state === 'solved'
        ? proofOfWorkTexts.solved
        : state === 'failed'
          ? proofOfWorkTexts.failed
          : '';
  return (
    <p
      role="status"
      data-testid="proof-of-work"
      data-state={state}
      className={`text-sm ${state === 'failed' ? 'text-error' : 'text-base-content/70'}`}
    >
      {text}
    </p>
  );
}
