/**
 * The protected payment's job (decision 0042): `payment-sweep`, every 15 minutes, finishes
 * interrupted moves, sends reminders, releases automatically (protected.ts `sweepPayments`).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sweepPayments } from './protected.js';

export const paymentSweepJob = 'payment-sweep';
/** Every 15 minutes (UTC). */
export const paymentSweepCron = '*/15 * * * *';

/** The job (registered after `jobs`, before the app is ready). */
export const paymentJobsPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.define({
      name: paymentSweepJob,
      schedule: paymentSweepCron,
      retryLimit: 3,
      handler: async () => {
        await sweepPayments(app, new Date());
      },
    });
  },
  { name: 'payment-jobs', dependencies: ['jobs', 'mail', 'database'] },
);
