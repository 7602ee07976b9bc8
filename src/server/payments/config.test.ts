import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

const keys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123' };

describe('payment configuration', () => {
  it('uses the sandbox by default', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox' });
  });

  it('uses Stripe when both keys are set, pointed at STRIPE_API_BASE', () => {
    expect(
      loadConfig({
        ...keys,
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }).payments,
    ).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_abc123',
      publishableKey: 'pk_test_abc123',
      webhookSecret: 'whsec_abc',
      apiBase: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
  });

  it('keeps the sandbox when PAYMENT_PROVIDER=sandbox even with keys', () => {
    expect(loadConfig({ ...keys, PAYMENT_PROVIDER: 'sandbox' }).payments.provider).toBe('sandbox');
  });

  it.each([
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER must be sandbox or stripe'],
    [{ PAYMENT_PROVIDER: 'stripe' }, 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, 'STRIPE_PUBLISHABLE_KEY must be set together'],
    [
      { ...keys, STRIPE_SECRET_KEY: 'pk_test_oops' },
      'STRIPE_SECRET_KEY must be a Stripe secret key',
    ],
    [{ ...keys, STRIPE_PUBLISHABLE_KEY: 'sk_test_oops' }, 'STRIPE_PUBLISHABLE_KEY must be'],
    [{ ...keys, STRIPE_WEBHOOK_SECRET: 'nope' }, 'STRIPE_WEBHOOK_SECRET must be'],
    [{ ...keys, STRIPE_API_BASE: 'ftp://x' }, 'STRIPE_API_BASE must be an http'],
  ])('names the bad variable (%#)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
