/**
 * The offers' expiry job (decision 0034): every 15 minutes, the open offers whose 48 hours have
 * passed are marked expired (service.ts `expireOffers`), each telling its waiting side by mail.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { notifyOffer } from './mails.js';
import { expireOffers } from './service.js';

/** Queue of the sweep that marks lapsed offers expired. */
export const offerExpiryJob = 'offer-expiry';

/** The expiry sweep, every 15 minutes (registered after `jobs`, before the app is ready). */
export const offerJobsPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.define({
      name: offerExpiryJob,
      schedule: '*/15 * * * *',
      retryLimit: 3,
      handler: async () => {
        await expireOffers(app.db, new Date(), undefined, (tx, id) =>
          notifyOffer(app, tx, id, 'expired'),
        );
      },
    });
  },
  { name: 'offer-jobs', dependencies: ['jobs', 'database'] },
);
