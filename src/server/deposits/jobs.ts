/**
 * The viewing deposit's jobs (decision 0020): `deposit-sweep` (every 15 minutes: the reconcile
 * step and the automatic release, service.ts `sweepDeposits`) and `deposit-settle` (one deposit,
 * enqueued when its booking is declined or cancelled).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { depositSettleJob, settleDeposit, sweepDeposits } from './service.js';

export const depositSweepJob = 'deposit-sweep';
/** Every 15 minutes (UTC). */
export const depositSweepCron = '*/15 * * * *';

/** The jobs (registered after `jobs`, before the app is ready). */
export const depositJobsPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.define({
      name: depositSweepJob,
      schedule: depositSweepCron,
      retryLimit: 3,
      handler: async () => {
        await sweepDeposits(app, new Date());
      },
    });
    app.jobs.define<{ depositId: string }>({
      name: depositSettleJob,
      retryLimit: 5,
      retryDelaySeconds: 30,
      handler: async ({ depositId }) => {
        await settleDeposit(app, depositId, new Date());
      },
    });
  },
  { name: 'deposit-jobs', dependencies: ['jobs', 'mail', 'database', 'private-cache'] },
);
