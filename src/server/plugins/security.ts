/**
 * HTTP hardening (issue 7; OWASP ASVS V3 and V14):
 * - Security headers with @fastify/helmet, including a strict Content-Security-Policy the SPA
 *   works under: scripts, styles, fonts, images and connections from this origin only, except
 *   inline style attributes (Swiper, SweetAlert2 and React `style` props set them), images from
 *   any https origin (Google profile photos) and, with the Stripe provider, Stripe.js and its
 *   frames. No `upgrade-insecure-requests` on a plain-http site (it would break localhost).
 * - CORS stays closed: no Access-Control-Allow-* header is ever sent, so browsers refuse
 *   cross-origin reads, and the identity endpoints check the Origin of writes.
 * - Write requests (POST, PATCH, PUT, DELETE) under `/api` are rate-limited per client IP:
 *   `config.writeRateLimitMax` per minute, then 429 with a `retry-after` header. (The identity
 *   endpoints have their own, stricter limits.) Counters are per process; behind a load balancer
 *   the sum over instances applies.
 * - Body size: 1 MiB for JSON (app.ts `bodyLimit`), 5 MB for image uploads (multipart limit).
 */
import fp from 'fastify-plugin';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler.js';

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** The Content-Security-Policy directives for this configuration. */
export function contentSecurityPolicy(options: { https: boolean; stripe: boolean }) {
  const stripeScripts = options.stripe ? ['https://js.stripe.com'] : [];
  const stripeFrames = options.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...stripeScripts],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(options.stripe ? ['https://api.stripe.com'] : [])],
      frameSrc: stripeFrames.length ? stripeFrames : ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(options.https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const https = config.publicUrl.startsWith('https:');
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: contentSecurityPolicy({
        https,
        stripe: config.payments.provider === 'stripe',
      }),
      hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });

    // Mark write routes for the rate limiter before it sees them (hooks run in order).
    app.addHook('onRoute', (routeOptions) => {
      const methods = Array.isArray(routeOptions.method)
        ? routeOptions.method
        : [routeOptions.method];
      const isWrite = methods.some((method) => WRITE_METHODS.has(method));
      if (!isWrite || !routeOptions.url?.startsWith('/api/')) return;
      routeOptions.config = {
        ...(routeOptions.config as object),
        rateLimit: { max: config.writeRateLimitMax, timeWindow: 60_000 },
      };
    });
    await app.register(fastifyRateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => ({
        ...errorBody(
          429,
          `Too many requests: at most ${context.max} changes per minute. Try again in ${context.after}.`,
        ),
        // @fastify/rate-limit throws what this returns; the error handler reads statusCode.
        statusCode: 429,
      }),
    });
  },
  { name: 'security', dependencies: ['error-handler'] },
);
