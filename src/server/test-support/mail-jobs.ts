/**
 * Sending queued mail at once in API tests, without waiting for the queue's worker, which may
 * take the same job at the same moment: a job enqueued in a transaction wakes its worker within
 * milliseconds (jobs/plugin.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { MailInFlightError, sendMailJob } from '../jobs/send-mail.js';

/** How long a worker's attempt may hold a message before the test gives up (ms). */
const IN_FLIGHT_WAIT_MS = 10_000;
/** Between two tries while a worker holds the message (ms). */
const RETRY_MS = 20;

/**
 * Runs the send-mail job of `data` (its data as queued: `{ key, sealed }`) now, as its worker
 * would. When the worker is sending the same message at this moment (`MailInFlightError`), tries
 * again until that attempt has finished: send-mail is once per key, so the message is then sent
 * exactly once, by either.
 * @throws the job's error; MailInFlightError when the other attempt holds it past 10 s.
 */
export async function sendMailNow(app: FastifyInstance, data: object): Promise<void> {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    try {
      await app.jobs.runNow(sendMailJob, data);
      return;
    } catch (error) {
      if (!(error instanceof MailInFlightError) || Date.now() > deadline) throw error;
      await sleep(RETRY_MS);
    }
  }
}
