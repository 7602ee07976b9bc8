import { describe, expect, it } from 'vitest';
import { boundedQueue } from './bounded-queue.js';
import { HttpError } from './http-error.js';

describe('boundedQueue', () => {
  it('runs at most `concurrency` jobs, lets `maxWaiting` wait and refuses the next with 503', async () => {
    const queue = boundedQueue({
      concurrency: 1,
      maxWaiting: 2,
      busyMessage: 'busy',
      retryAfterSeconds: 7,
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let running = 0;
    let most = 0;
    const job = async () => {
      running += 1;
      most = Math.max(most, running);
      await gate;
      running -= 1;
      return 'done';
    };
    const accepted = [queue.run(job), queue.run(job), queue.run(job)];
    await Promise.resolve();
    const refused = await queue.run(job).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(503);
    expect((refused as HttpError).retryAfterSeconds).toBe(7);
    release();
    await expect(Promise.all(accepted)).resolves.toEqual(['done', 'done', 'done']);
    expect(most).toBe(1);
    expect(queue.waiting).toBe(0);
  });
});
