/**
 * The seller insights' scheduled job (decision 0029): `insights-rollup` recounts favourites,
 * conversations and bookings and removes old raw views and salts (repository.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { cleanUpInsights, rollUpActivity } from './repository.js';

/** Queue name of the rollup and clean-up. */
export const insightsRollupJob = 'insights-rollup';

/** Defines the scheduled rollup of favourites, conversations and bookings, and the clean-up. */
export const insightsJobsPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.define({
      name: insightsRollupJob,
      schedule: app.config.insights.rollupCron,
      retryLimit: 2,
      handler: async () => {
        const now = new Date();
        await rollUpActivity(app.db, now);
        const removed = await cleanUpInsights(app.db, now);
        app.log.info(removed, 'insights rolled up and cleaned');
      },
    });
  },
  { name: 'insights-jobs', dependencies: ['jobs', 'database'] },
);
