/**
 * `app.jobs`: background work through the durable queue (queue.ts; docs/jobs.md).
 *
 * ```ts
 * // A plugin that owns a kind of work defines it once, before the app is ready:
 * app.jobs.define<{ orderId: string }>({
 *   name: 'notify-seller',
 *   retryLimit: 5,
 *   handler: async ({ orderId }) => { … },   // must be safe to run twice
 * });
 * // The action that causes it enqueues it in its own transaction:
 * await app.db.transaction(async (tx) => {
 *   …
 *   await app.jobs.enqueue('notify-seller', { orderId }, { tx });
 * });
 * ```
 *
 * The queue starts when the app is ready (pg-boss creates or migrates its schema, every defined
 * queue is created with its retry policy, cron schedules are written, and — when JOB_WORKERS is
 * on — a worker polls each queue every JOB_POLL_INTERVAL seconds; a job this instance adds to run
 * now wakes its worker at once, or shortly after the commit when added in a transaction). Closing
 * the app stops the workers gracefully: running jobs may finish (up to 10 s), then the queue stops
 * before the database closes.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { withPreparationLock } from '../db/preparation-lock.js';
import { createBoss, drizzleExecuteSql, executeSqlFor, type Executor } from './queue.js';

/** Delays after which the worker of a job enqueued in a transaction is woken (ms). */
const wakeAfterCommitMs = [5, 50, 500];

/** One kind of background work. */
export interface JobDefinition<Data extends object> {
  /** Queue name, kebab-case, e.g. `send-mail`. */
  name: string;
  /**
   * Does the work. Throwing fails this attempt; it is retried `retryLimit` times. It may run more
   * than once for one job (a retry after a crash, an expired lease), so it must be idempotent.
   */
  handler: (data: Data, job: { id: string }) => Promise<void>;
  /** Retries after a failure (default 3), `retryDelaySeconds` apart (default 30), doubling. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A running job that takes longer is considered lost and retried (default 15 minutes). */
  expireInSeconds?: number;
  /** A cron expression (UTC): the queue gets a job at each slot, once across all instances. */
  schedule?: string;
}

export interface EnqueueOptions {
  /** The caller's Drizzle transaction: the job exists exactly when it commits. */
  tx?: Executor;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

/** The queue as the app sees it. */
export interface Jobs {
  /** Registers a kind of work; only before the app is ready. @throws on a duplicate name. */
  define<Data extends object>(definition: JobDefinition<Data>): void;
  /**
   * Adds a job to the queue `name`.
   * @returns the job id.
   * @throws Error when `name` was never defined (a job nobody would run).
   */
  enqueue<Data extends object>(name: string, data: Data, options?: EnqueueOptions): Promise<string>;
  /**
   * Adds a job unless one with the same `throttle.key` was already added to the queue `name` in
   * the current `throttle.seconds` slot (pg-boss's `singletonKey` + `singletonSeconds`: slots are
   * aligned to the epoch, and the unique index holds across instances and counts jobs already
   * done). @returns the job id, or null when the slot is taken.
   */
  enqueueThrottled<Data extends object>(
    name: string,
    data: Data,
    options: EnqueueOptions & { throttle: { key: string; seconds: number } },
  ): Promise<string | null>;
  /**
   * Wakes this instance's worker of queue `name` to look for jobs now instead of at its next
   * poll (for jobs enqueued in a transaction that has committed since). No-op without workers.
   */
  wake(name: string): void;
  /** Runs one defined job's handler now, in this process (for tests and operator scripts). */
  runNow<Data extends object>(name: string, data: Data): Promise<void>;
  /** The pg-boss instance, for inspection (tests, operator scripts). */
  readonly boss: PgBoss;
  /**
   * Attempts that failed in this process since it started, by job name; every defined job has
   * an entry (for `GET /metrics`, plugins/metrics.ts).
   */
  readonly failed: Readonly<Record<string, number>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const workers = config.jobs.workers;
    const queueSql = executeSqlFor(app.database);
    const boss = createBoss({ executeSql: queueSql.executeSql, workers });
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    const definitions = new Map<string, JobDefinition<object>>();
    const workerIds = new Map<string, string>();
    let started = false;
    const failed: Record<string, number> = {};

    /**
     * Wakes the worker of `name` at each of `wakeAfterCommitMs`: a job enqueued in a transaction
     * is taken soon after the commit instead of at the next poll (up to JOB_POLL_INTERVAL).
     */
    const wakeAfterCommit = (name: string) => {
      for (const delay of wakeAfterCommitMs) setTimeout(() => jobs.wake(name), delay).unref();
    };

    const jobs: Jobs = {
      boss,
      failed,
      define(definition) {
        if (started)
          throw new Error(`job ${definition.name} must be defined before the app starts`);
        if (definitions.has(definition.name)) {
          throw new Error(`job ${definition.name} is defined twice`);
        }
        definitions.set(definition.name, definition as unknown as JobDefinition<object>);
        failed[definition.name] = 0;
      },
      async enqueue(name, data, options = {}) {
        if (!definitions.has(name)) throw new Error(`no job named ${name} is defined`);
        const id = await boss.send(name, data, {
          ...(options.tx ? { db: { executeSql: drizzleExecuteSql(options.tx) } } : {}),
          ...(options.startAfterSeconds
            ? { startAfter: new Date(Date.now() + options.startAfterSeconds * 1000) }
            : {}),
        } as PgBoss.SendOptions);
        if (!id) throw new Error(`the job queue refused a ${name} job`);
        // Outside a transaction the job is visible now: wake this instance's worker rather than
        // wait for its next poll. Inside one it is visible once the caller commits, which this
        // code cannot observe: the worker is woken a few times shortly after.
        if (!options.startAfterSeconds) {
          if (options.tx) wakeAfterCommit(name);
          else jobs.wake(name);
        }
        return id;
      },
      async enqueueThrottled(name, data, options) {
        if (!definitions.has(name)) throw new Error(`no job named ${name} is defined`);
        const id = await boss.send(name, data, {
          ...(options.tx ? { db: { executeSql: drizzleExecuteSql(options.tx) } } : {}),
          // A point in time, not seconds: drizzleExecuteSql binds each `$5` of pg-boss's insert
          // as its own parameter, and one of them is cast to a timestamp, which '300' is not.
          ...(options.startAfterSeconds
            ? { startAfter: new Date(Date.now() + options.startAfterSeconds * 1000) }
            : {}),
          singletonKey: options.throttle.key,
          singletonSeconds: Math.max(1, Math.round(options.throttle.seconds)),
        } as PgBoss.SendOptions);
        return id ?? null;
      },
      wake(name) {
        const workerId = workerIds.get(name);
        if (workerId) boss.notifyWorker(workerId);
      },
      async runNow(name, data) {
        const definition = definitions.get(name);
        if (!definition) throw new Error(`no job named ${name} is defined`);
        await definition.handler(data, { id: `run-now-${Date.now()}` });
      },
    };
    app.decorate('jobs', jobs);

    app.addHook('onReady', async () => {
      started = true;
      // One instance at a time (several started together): pg-boss creates its schema and a
      // table per new queue, and two instances creating the same queue at once deadlock.
      await withPreparationLock(app.database, async () => {
        await boss.start();
        for (const definition of definitions.values()) {
          const policy = {
            retryLimit: definition.retryLimit ?? 3,
            retryDelay: definition.retryDelaySeconds ?? 30,
            retryBackoff: true,
            expireInSeconds: definition.expireInSeconds ?? 15 * 60,
          };
          await boss.createQueue(definition.name, { name: definition.name, ...policy });
          await boss.updateQueue(definition.name, { name: definition.name, ...policy });
          if (definition.schedule) {
            await boss.schedule(definition.name, definition.schedule, {}, { tz: 'UTC' });
          }
        }
      });
      for (const definition of definitions.values()) {
        if (!workers) continue;
        const workerId = await boss.work<object>(
          definition.name,
          { pollingIntervalSeconds: config.jobs.pollIntervalSeconds, batchSize: 1 },
          async ([job]) => {
            if (!job) return;
            try {
              await definition.handler(job.data ?? {}, { id: job.id });
            } catch (error) {
              failed[definition.name] = (failed[definition.name] ?? 0) + 1;
              app.log.warn(
                { err: error, job: job.id, queue: job.name },
                'job failed; it will be retried',
              );
              throw error;
            }
          },
        );
        workerIds.set(definition.name, workerId);
      }
    });

    app.addHook('onClose', async () => {
      if (started) {
        await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
      }
      await queueSql.close();
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
