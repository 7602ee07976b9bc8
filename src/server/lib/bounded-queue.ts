/**
 * A bounded work queue: at most `concurrency` jobs run at once, at most `maxWaiting` wait, and
 * a job past that is refused at once (503 with `retry-after`) instead of queueing without end.
 * Used for work that holds a thread for long (image decoding, VIN decoding), so a burst of it
 * waits in its own line and never in the one that sign-in, file serving and compression share.
 * Built on p-limit (its `activeCount` and `pendingCount`).
 */
import pLimit from 'p-limit';
import { httpError } from './http-error.js';

export interface BoundedQueue {
  /**
   * Runs `job` when a slot is free.
   * @throws HttpError 503 (with `retry-after`) when `maxWaiting` jobs already wait; the job's own
   *   errors otherwise.
   */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now. */
  readonly active: number;
  /** Jobs waiting for a slot. */
  readonly waiting: number;
}

/**
 * @param options.concurrency jobs that run at once (≥ 1)
 * @param options.maxWaiting jobs that may wait (≥ 0); one more is refused with 503
 * @param options.busyMessage the 503's message, e.g. "Too many images are being processed…"
 * @param options.retryAfterSeconds the 503's `retry-after` (seconds)
 */
export function boundedQueue(options: {
  concurrency: number;
  maxWaiting: number;
  busyMessage: string;
  retryAfterSeconds: number;
}): BoundedQueue {
  const limit = pLimit(options.concurrency);
  return {
    run<T>(job: () => Promise<T>): Promise<T> {
      // Counted together: p-limit starts a queued job a microtask later, so in a burst made in
      // one tick every job is still "pending" and none "active".
      if (limit.activeCount + limit.pendingCount >= options.concurrency + options.maxWaiting) {
        return Promise.reject(httpError(503, options.busyMessage, options.retryAfterSeconds));
      }
      return limit(job);
    },
    get active() {
      return limit.activeCount;
    },
    get waiting() {
      return limit.pendingCount;
    },
  };
}
