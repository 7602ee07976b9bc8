/**
 * The VIN decoder's worker thread (decision 0041): started by `vin-thread.ts`, it decodes the
 * VINs the main thread posts, one message each, so the synchronous SQLite look-ups of
 * `vin-decoder.ts` never hold the server's event loop.
 *
 * Messages in: `{ id, vin }`. Messages out: `{ id, decode }` (a `VinDecode`) or `{ id, error }`
 * (the message of the decoder's error, e.g. the database cannot be opened).
 * A test may post `{ crash: true }`: the thread then ends with an uncaught error before it reads
 * the next message, as a bug in the decoder would (the restart is tested with it).
 */
import { parentPort } from 'node:worker_threads';
import { decodeVinInThread } from './vin-decoder.js';

/** A request from `vin-thread.ts`. */
export interface VinRequest {
  id: number;
  vin: string;
}

/** The answer to the request with the same `id`. */
export type VinAnswer =
  | { id: number; decode: Awaited<ReturnType<typeof decodeVinInThread>> }
  | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('vin-worker.ts runs only as a worker thread (vin-thread.ts)');

port.on('message', (message: VinRequest | { crash: true }) => {
  if ('crash' in message) throw new Error('VIN worker crashed on request');
  const { id, vin } = message;
  decodeVinInThread(vin).then(
    (decode) => port.postMessage({ id, decode } satisfies VinAnswer),
    (error: unknown) =>
      port.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies VinAnswer),
  );
});
