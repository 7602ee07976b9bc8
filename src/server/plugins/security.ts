/**
 * HTTP hardening (issue 7, issue 18; OWASP ASVS V3 and V14):
 * - Security headers with @fastify/helmet, including a strict Content-Security-Policy the SPA
 *   works under: scripts, styles, fonts, images and connections from this origin only, except
 *   inline style attributes (Swiper, SweetAlert2 and React `style` props set them), Google's
 *   profile-photo host when Google sign-in is on (every other picture is one of our uploads, so
 *   no third party learns who looks at a page) and, with the Stripe provider, Stripe.js and its
 *   frames. No `upgrade-insecure-requests` on a plain-http site (it would break localhost).
 * - CORS stays closed: no Access-Control-Allow-* header is ever sent, so browsers refuse
 *   cross-origin reads, and the identity endpoints check the Origin of writes.
 * - Write requests (POST, PATCH, PUT, DELETE) under `/api` are rate-limited per client IP
 *   across all routes together: `config.writeRateLimitMax` per minute, then 429 with a
 *   `retry-after` header. Reads (GET, HEAD) never count. Sign-in, sign-up and password-reset
 *   requests are also limited per account (`app.limitAccountAttempt`, called by the identity
 *   bridge), on top of Better Auth's per-client limit. The counting sits behind
 *   @fastify/rate-limit (`createRateLimit`): its in-process store today, so behind a load
 *   balancer each instance counts alone; a shared store (Redis) plugs in through its `store`
 *   or `redis` option without touching the callers.
 * - Cache-Control: every `/api` answer to a signed-in request (Authorization or Cookie), every
 *   identity answer (`/api/auth/*`, `/api/jwt`) and every write answer is `no-store`: orders,
 *   tokens, sessions and profiles must never sit in a shared or browser cache (issue 18,
 *   point 10). Anonymous reads of public data keep whatever their route sets.
 * - Body size: 1 MiB for JSON (app.ts `bodyLimit`), 5 MB for image uploads (multipart limit).
 * - Timeouts (app.ts): the whole request within REQUEST_TIMEOUT, headers within
 *   HEADERS_TIMEOUT, idle keep-alive connections closed after KEEP_ALIVE_TIMEOUT.
 */
import fp from 'fastify-plugin';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpError } from '../lib/http-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts a sign-in, sign-up or password-reset attempt for the account `email` (issue 18,
     * point 5): AUTH_ACCOUNT_RATE_LIMIT_MAX per AUTH_ACCOUNT_RATE_LIMIT_WINDOW seconds, from
     * any client. @throws HttpError 429 with `retry-after` past the limit.
     */
    limitAccountAttempt(request: FastifyRequest, reply: FastifyReply, email: string): Promise<void>;
  }
}

/** A limiter made by @fastify/rate-limit's `createRateLimit`: counts one hit per call. */
type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** The Content-Security-Policy directives for this configuration. */
export function contentSecurityPolicy(options: {
  https: boolean;
  stripe: boolean;
  /** Google sign-in is configured: its users' profile photos come from Google's photo host. */
  google?: boolean;
}) {
  const stripeScripts = options.stripe ? ['https://js.stripe.com'] : [];
  const stripeFrames = options.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...stripeScripts],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: [
        "'self'",
        'data:',
        'blob:',
        ...(options.google ? ['https://*.googleusercontent.com'] : []),
      ],
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
        google: config.google !== undefined,
      }),
      hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });

    await app.register(fastifyRateLimit, { global: false });

    /**
     * Counts one hit on `limiter` and answers 429 (with `retry-after`) past its maximum.
     * @throws HttpError 429 with `message(seconds)`.
     */
    async function enforce(
      limiter: Limiter,
      request: FastifyRequest,
      reply: FastifyReply,
      message: (max: number, seconds: number) => string,
    ): Promise<void> {
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) return;
      // Never 0: a client told to retry "in 0 seconds" would hammer the server.
      const seconds = Math.max(1, result.ttlInSeconds);
      reply.header('retry-after', String(seconds));
      throw httpError(429, message(result.max, seconds));
    }

    // One counter per client for every write route together (a per-route counter let a client
    // spend the limit once on each route).
    const writeLimiter = app.createRateLimit({
      max: config.writeRateLimitMax,
      timeWindow: 60_000,
      keyGenerator: (request) => `write:${request.ip}`,
    });
    app.addHook('onRequest', async (request, reply) => {
      if (!WRITE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
      await enforce(
        writeLimiter,
        request,
        reply,
        (max, seconds) =>
          `Too many requests: at most ${max} changes per minute. Try again in ${seconds} seconds.`,
      );
    });

    const accountLimiter = app.createRateLimit({
      max: config.authAccountRateLimit.max,
      timeWindow: config.authAccountRateLimit.windowSeconds * 1000,
      keyGenerator: (request) => `account:${accountKeys.get(request) ?? request.ip}`,
    });
    const accountKeys = new WeakMap<FastifyRequest, string>();
    app.decorate(
      'limitAccountAttempt',
      async (request: FastifyRequest, reply: FastifyReply, email: string) => {
        accountKeys.set(request, email.trim().toLowerCase());
        await enforce(
          accountLimiter,
          request,
          reply,
          (_max, seconds) =>
            `Too many attempts for this account. Please wait ${seconds} seconds and try again.`,
        );
      },
    );

    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.url.startsWith('/api/')) return payload;
      const personal =
        request.headers.authorization !== undefined ||
        request.headers.cookie !== undefined ||
        request.url.startsWith('/api/auth/') ||
        request.url.startsWith('/api/jwt') ||
        WRITE_METHODS.has(request.method);
      if (personal) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'security', dependencies: ['error-handler'] },
);
