/**
 * Makes the configured payment provider available as `app.payments` (decision 0005):
 * `sandbox` by default, `stripe` when its keys are set (config.ts PaymentsConfig).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PaymentProvider } from './provider.js';
import { createSandboxProvider } from './sandbox.js';
import { createStripeProvider } from './stripe.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

export const paymentsPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.payments;
    app.decorate(
      'payments',
      settings.provider === 'stripe'
        ? createStripeProvider(settings)
        : createSandboxProvider(app.db),
    );
  },
  { name: 'payments', dependencies: ['database'] },
);
