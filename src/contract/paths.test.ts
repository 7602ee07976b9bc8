import { describe, expect, it } from 'vitest';
import { authPaths, paymentIntentIdOf } from './paths.js';

describe('paymentIntentIdOf', () => {
  it('reads the PaymentIntent id before _secret_, as Stripe.js does', () => {
    expect(paymentIntentIdOf('pi_3Mtw_secret_abc123')).toBe('pi_3Mtw');
    expect(paymentIntentIdOf('pi_1a2b3c_secret_x_secret_y')).toBe('pi_1a2b3c');
  });

  it('answers the text itself when it holds no secret', () => {
    expect(paymentIntentIdOf('pi_only')).toBe('pi_only');
    expect(paymentIntentIdOf('_secret_x')).toBe('_secret_x');
  });
});

describe('authPaths', () => {
  it('are the identity provider paths under /api/auth (no contract route there)', () => {
    for (const path of Object.values(authPaths)) expect(path).toMatch(/^\/api\/auth\/[a-z/-]+$/);
  });
});
