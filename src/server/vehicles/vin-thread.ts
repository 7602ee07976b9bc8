/**
 * VIN decoding off the event loop (decision 0041). corgi's look-ups are synchronous SQLite calls
 * (`node:sqlite` or better-sqlite3) of 100–500 ms for a VIN not decoded before, so
 * `vin-decoder.ts` runs in one worker thread (`vin-worker.ts`) and the server's thread only posts
 * VINs and awaits answers: health checks, pages and other requests go on meanwhile.
 *
 * - The worker starts on the first decode and is shared by every caller in the process (the
 *   VIN route, the trust checks); decodes queue in it one after another.
 * - When it dies (an uncaught error, out of memory, `terminate`), the decodes it held are
 *   rejected and the next decode starts a new one.
 * - It does not keep the process alive while idle (unref), and `closeVinDecoder` ends it: the
 *   app's onClose calls it.
 * - Run from the TypeScript sources (tsx, vitest), the worker loads `vin-worker.ts` through tsx
 *   with the `second-gear-source` condition (decision 0033); from the build, `vin-worker.js`
 *   beside this file, as plain Node (`newWorker`).
 */
import { Worker } from 'node:worker_threads';
import type { VinDecode } from '#contract/index.js';
import type { VinAnswer, VinRequest } from './vin-worker.js';
import { boundedQueue } from '../lib/bounded-queue.js';

interface Pending {
  resolve(decode: VinDecode): void;
  reject(error: Error): void;
}

interface DecoderThread {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Settles once the thread has ended (crash, terminate). */
  exited: Promise<void>;
}

let current: DecoderThread | undefined;
let nextId = 0;

/**
 * A new worker thread running `vin-worker`: from the build, `vin-worker.js` beside this file as
 * plain Node; from the sources (tsx, vitest: this file is `.ts`), a small bootstrap that
 * registers tsx in the thread and imports `vin-worker.ts` (a worker neither inherits vitest's
 * transform nor, on Node 20, the `--import` hooks of its parent).
 */
function newWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    // The parent's Node options, but `--input-type` (of `node -e`) is refused for a file.
    const execArgv = process.execArgv.filter((option) => !option.startsWith('--input-type'));
    return new Worker(new URL('./vin-worker.js', import.meta.url), { execArgv });
  }
  // tsx's documented registration API, by its public export (`tsx/esm/api`), never a path inside
  // the package; resolved as an import (its ESM build), as the thread imports it.
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./vin-worker.ts', import.meta.url).href;
  const bootstrap =
    `import(${JSON.stringify(tsx)})` +
    `.then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { eval: true, execArgv: ['--conditions=second-gear-source'] });
}

function startThread(): DecoderThread {
  const worker = newWorker();
  worker.unref();
  const pending = new Map<number, Pending>();
  let failure: Error | undefined;
  worker.on('error', (error) => {
    failure = error;
  });
  worker.on('message', (answer: VinAnswer) => {
    const request = pending.get(answer.id);
    if (!request) return;
    pending.delete(answer.id);
    if (pending.size === 0) worker.unref();
    if ('decode' in answer) request.resolve(answer.decode);
    else request.reject(new Error(answer.error));
  });
  const exited = new Promise<void>((resolve) => {
    worker.on('exit', (code) => {
      if (current?.worker === worker) current = undefined;
      const reason = new Error(
        `VIN decoder thread stopped (exit code ${code})${failure ? `: ${failure.message}` : ''}`,
        { cause: failure },
      );
      for (const request of pending.values()) request.reject(reason);
      pending.clear();
      resolve();
    });
  });
  return { worker, pending, exited };
}

/** Decodes that may wait for the decoder's thread; one more is refused at once (503). */
export const VIN_DECODES_WAITING_MAX = 16;

/**
 * The decoder's own line: one decode at a time in its thread and at most
 * {@link VIN_DECODES_WAITING_MAX} waiting, so a burst of new VINs is refused instead of making
 * every listing page and health check wait behind it (docs/reliability.md, the fourth attack).
 */
const decodeQueue = boundedQueue({
  concurrency: 1,
  maxWaiting: VIN_DECODES_WAITING_MAX,
  busyMessage:
    'The VIN decoder is busy: try again in a few seconds, or fill in the details yourself',
  retryAfterSeconds: 5,
});

/**
 * Decodes `vin` in the decoder's worker thread: the same answer as `decodeVinInThread` of
 * `vin-decoder.ts` (17 characters, upper case; the route checks it), without blocking the
 * event loop, one at a time in the decoder's bounded line.
 * @throws HttpError 503 (with `retry-after`) when {@link VIN_DECODES_WAITING_MAX} decodes
 *   already wait; Error when the decoder cannot be opened (the database is missing) or its
 *   thread stopped while decoding (the next call starts a new thread).
 */
export function decodeVin(vin: string): Promise<VinDecode> {
  return decodeQueue.run(() => decodeInThread(vin));
}

function decodeInThread(vin: string): Promise<VinDecode> {
  const thread = (current ??= startThread());
  const id = nextId++;
  return new Promise<VinDecode>((resolve, reject) => {
    if (thread.pending.size === 0) thread.worker.ref(); // an awaited decode keeps Node alive
    thread.pending.set(id, { resolve, reject });
    thread.worker.postMessage({ id, vin } satisfies VinRequest);
  });
}

/**
 * Ends the decoder's thread, if one runs (the app's onClose); decodes still waiting reject.
 * A later `decodeVin` starts a new thread.
 */
export async function closeVinDecoder(): Promise<void> {
  const thread = current;
  if (!thread) return;
  current = undefined;
  thread.worker.ref();
  await thread.worker.terminate();
  await thread.exited;
}

/**
 * For tests: makes the running thread die of an uncaught error, as a bug in the decoder would,
 * and resolves once it has exited. Does nothing when no thread runs.
 */
export async function crashVinDecoderForTests(): Promise<void> {
  const thread = current;
  if (!thread) return;
  thread.worker.ref(); // wait for the exit even when nothing else keeps Node alive
  thread.worker.postMessage({ crash: true });
  await thread.exited;
}
