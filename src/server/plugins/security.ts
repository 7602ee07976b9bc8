/**
 * HTTP hardening (OWASP ASVS V3 and V14):
 * - Security headers, set by one `onRequest` hook from two maps made once at start-up
 *   (`securityHeaderSets`, decisions 0025 and 0051): helmet's defaults written out as plain
 *   values, including a strict Content-Security-Policy the SPA works under: scripts, styles, fonts, images and connections from this origin only, except
 *   inline style attributes (Embla, SweetAlert2 and React `style` props set them), Google's
 *   profile-photo host when Google sign-in is on (every other picture is one of our uploads, so
 *   no third party learns who looks at a page), the origin of S3_PUBLIC_URL when uploads
 *   redirect there (decision 0023) and, with the Stripe provider, Stripe.js and its
 *   frames. No `upgrade-insecure-requests` on a plain-http site (it would break localhost).
 * - CORS stays closed: no Access-Control-Allow-* header is ever sent, so browsers refuse
 *   cross-origin reads, and the identity endpoints check the Origin of writes.
 * - Write requests (POST, PATCH, PUT, DELETE) under `/api` are rate-limited per client IP
 *   across all routes together: `config.writeRateLimitMax` per minute, then 429 with a
 *   `retry-after` header. Reads (GET, HEAD) never count. Failed sign-ins and password
 *   changes, sign-up and password-reset requests are also limited per account and client
 *   (`app.accountAttempts`, decision 0030), on top of Better Auth's per-client limit. The
 *   write limit's counting sits behind
 *   @fastify/rate-limit (`createRateLimit`): with REDIS_URL in Redis (its `redis` store, keys
 *   under REDIS_KEY_PREFIX + `rate-limit:`), so every instance behind a load balancer counts
 *   against one limit; without it in each process. Should Redis be unreachable, a
 *   request is let through rather than refused (`skipOnError`), and the error logged.
 * - Cache-Control: every `/api` answer to a signed-in request (Authorization or Cookie), every
 *   identity answer (`/api/auth/*`, `/api/jwt`) and every write answer is `private, no-store`
 *   (`PERSONAL_CACHE_CONTROL`): orders, tokens, sessions and profiles must never sit in a shared
 *   or browser cache. Anonymous reads of public data keep whatever their route sets.
 * - Body size: 1 MiB for JSON (app.ts `bodyLimit`), 5 MB for image uploads (multipart limit).
 * - Timeouts (app.ts): the whole request within REQUEST_TIMEOUT, headers within
 *   HEADERS_TIMEOUT, idle keep-alive connections closed after KEEP_ALIVE_TIMEOUT.
 */
import fp from 'fastify-plugin';
import fastifyRateLimit from '@fastify/rate-limit';
import { Redis, type RedisOptions } from 'ioredis';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  memoryAttemptCounter,
  redisAttemptCounter,
  waitInMinutes,
} from '../auth/attempt-limits.js';
import { httpError } from '../lib/http-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate limits' Redis connection with REDIS_URL, else null (pinged by `/api/ready`). */
    redis: Redis | null;
    /**
     * Attempts on an account per client (decision 0030; auth/attempt-limits.ts): at most
     * AUTH_ACCOUNT_RATE_LIMIT_MAX counted attempts (failed sign-ins and password changes,
     * sign-up and reset requests) per AUTH_ACCOUNT_RATE_LIMIT_WINDOW seconds for one account
     * (`email`) from one client address; other clients of that account are not affected.
     */
    accountAttempts: {
      /**
       * Counts an attempt whose outcome comes later, when it is checked (one step): parallel
       * attempts cannot all pass the check before any is counted (a stress test found 13 of
       * 120 parallel sign-ins checked against a limit of 10).
       * @throws HttpError 429 with `retry-after` (seconds) and the wait in minutes, past the
       *   limit for `email` from this client.
       */
      claim(request: FastifyRequest, reply: FastifyReply, email: string): Promise<void>;
      /**
       * Gives back an attempt counted by `claim` that did not count (answered 429 or 5xx; a
       * password change refused before its password was checked).
       */
      release(request: FastifyRequest, email: string): Promise<void>;
      /** Forgets this client's attempts on `email` (after a successful sign-in). */
      clear(request: FastifyRequest, email: string): Promise<void>;
    };
  }
}

/** A limiter made by @fastify/rate-limit's `createRateLimit`: counts one hit per call. */
type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/**
 * A request must not wait on a Redis that is down: one retry, commands fail at once while
 * disconnected (then `skipOnError` lets the request through), 1 s to connect.
 */
const redisOptions: RedisOptions = {
  lazyConnect: true,
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
  connectTimeout: 1_000,
};

/** The Content-Security-Policy directives for this configuration. */
export function contentSecurityPolicy(options: {
  https: boolean;
  stripe: boolean;
  /** Google sign-in is configured: its users' profile photos come from Google's photo host. */
  google?: boolean;
  /** S3_PUBLIC_URL: `/uploads/…` redirects to this origin, so pictures load from it. */
  uploadsOrigin?: string;
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
        ...(options.uploadsOrigin ? [options.uploadsOrigin] : []),
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

/** `Cache-Control` of a personal answer: no cache, shared or private, may keep it (RFC 9111 §5.2.2). */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';

/** `camelCase` directive names (helmet's style, `contentSecurityPolicy`) to `kebab-case`. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The Content-Security-Policy header value of `directives` (CSP Level 3 §2.2: `name value…`
 * joined by `;`), as helmet writes it: a directive without values is its name alone.
 */
export function serializeCsp(directives: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(directives)
    .map(([name, values]) => [kebab(name), ...values].join(' '))
    .join(';');
}

/**
 * The security headers of a page (name → value), the same every request (no nonces): helmet's
 * defaults written out, with our Content-Security-Policy (`csp`, from `contentSecurityPolicy`)
 * and HSTS on https. Written out rather than run through helmet's middleware, which is made for
 * a request and builds its whole set on each (decision 0051); each value is helmet 8's default
 * and the standard it comes from.
 */
export function pageSecurityHeaders(options: {
  csp: ReturnType<typeof contentSecurityPolicy>;
  https: boolean;
}): Record<string, string> {
  return {
    'content-security-policy': serializeCsp(options.csp.directives),
    // HTML: a window opened by another site cannot reach ours (and the reverse).
    'cross-origin-opener-policy': 'same-origin',
    // Fetch: no other site may embed our answers as images, scripts or frames.
    'cross-origin-resource-policy': 'same-origin',
    // HTML: ask for an origin-keyed agent cluster (its own process, where the browser can).
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(options.https
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    // Old browsers' XSS auditor is itself a source of leaks: off.
    'x-xss-protection': '0',
  };
}

/**
 * The Content-Security-Policy of an answer that is not a page: nothing may load, nothing may
 * frame it. Browsers apply a policy to documents (and workers) only; should a JSON answer, a
 * script or a picture ever be opened as a document, it runs and loads nothing (OWASP REST
 * Security Cheat Sheet, "Security headers").
 */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers of the page set that also matter on a resource (an API answer, a script, a style
 * sheet, a picture): the rest (the SPA's policy, COOP, Origin-Agent-Cluster, DNS prefetching,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection) act on documents
 * only (decision 0025).
 */
const resourceHeaderNames = [
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
];

/**
 * The two header sets of decision 0025, from the page set (`pageSecurityHeaders`):
 * - `page`: every header, for the pages (the SPA's HTML, the API docs' HTML);
 * - `resource`: for everything else that is never a page of ours — `nosniff`, CORP
 *   `same-origin`, the referrer policy, the frame refusal, HSTS on https — with `RESOURCE_CSP`
 *   for the policy. Smaller by about 400 bytes an answer, which on a cached read is a fifth of
 *   the bytes on the wire.
 */
export function securityHeaderSets(page: Readonly<Record<string, string>>): {
  page: Readonly<Record<string, string>>;
  resource: Readonly<Record<string, string>>;
} {
  const resource: Record<string, string> = { 'content-security-policy': RESOURCE_CSP };
  for (const name of resourceHeaderNames) {
    const value = page[name];
    if (value !== undefined) resource[name] = value;
  }
  return { page, resource };
}

/**
 * Whether an answer to `url` is a resource rather than a page: the API (but its HTML docs under
 * `/api/docs`), the hashed build assets and the uploads.
 */
export function isResourceUrl(url: string): boolean {
  if (url.startsWith('/api/')) return !url.startsWith('/api/docs');
  return url.startsWith('/assets/') || url.startsWith('/uploads/');
}

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const https = config.publicUrl.startsWith('https:');
    // Computed once: the headers never depend on the request.
    const sets = securityHeaderSets(
      pageSecurityHeaders({
        https,
        csp: contentSecurityPolicy({
          https,
          stripe: config.payments.provider === 'stripe',
          google: config.google !== undefined,
          ...(config.imageStorage.kind === 's3' && config.imageStorage.publicUrl
            ? { uploadsOrigin: new URL(config.imageStorage.publicUrl).origin }
            : {}),
        }),
      }),
    );
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isResourceUrl(request.url) ? sets.resource : sets.page);
      done();
    });

    const redis = config.redis ? new Redis(config.redis.url, redisOptions) : undefined;
    // The readiness check pings it (routes/system).
    app.decorate('redis', redis ?? null);
    if (redis) {
      redis.on('error', (error) =>
        app.log.warn({ err: error }, 'rate limits: Redis is unreachable; not counting'),
      );
      // Connected before the first request, when it can be; else it keeps trying meanwhile.
      await redis
        .connect()
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'rate limits: Redis is unreachable; not counting'),
        );
      app.addHook('onClose', async () => {
        // quit() waits for a connection that may never come back: only when connected.
        if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
        else redis.disconnect();
      });
    }
    await app.register(fastifyRateLimit, {
      global: false,
      ...(redis && config.redis
        ? { redis, nameSpace: `${config.redis.keyPrefix}rate-limit:`, skipOnError: true }
        : {}),
    });

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
    // Event beacons (route(…, { beacon: true }); decision 0029) have their own counter: a
    // visitor browsing listings must not use up the writes they need to act.
    const beaconLimiter = app.createRateLimit({
      max: config.insights.beaconRateLimitMax,
      timeWindow: 60_000,
      keyGenerator: (request) => `beacon:${request.ip}`,
    });
    // A callback hook, so that a read (most requests) costs one check and no promise.
    app.addHook('onRequest', (request, reply, done) => {
      if (!WRITE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
      const counted = request.routeOptions.config.beacon
        ? enforce(
            beaconLimiter,
            request,
            reply,
            (max, seconds) =>
              `Too many requests: at most ${max} per minute. Try again in ${seconds} seconds.`,
          )
        : enforce(
            writeLimiter,
            request,
            reply,
            (max, seconds) =>
              `Too many requests: at most ${max} changes per minute. Try again in ${seconds} seconds.`,
          );
      counted.then(() => done(), done);
    });

    const attemptWindowSeconds = config.authAccountRateLimit.windowSeconds;
    const attempts =
      redis && config.redis
        ? redisAttemptCounter(
            redis,
            `${config.redis.keyPrefix}account-attempts:`,
            config.authAccountRateLimit.max,
            attemptWindowSeconds,
            (error) =>
              app.log.warn({ err: error }, 'account attempts: Redis is unreachable; not counting'),
          )
        : memoryAttemptCounter(config.authAccountRateLimit.max, attemptWindowSeconds);
    const attemptKey = (request: FastifyRequest, email: string) =>
      `${email.trim().toLowerCase()} ${request.ip}`;
    app.decorate('accountAttempts', {
      async claim(request: FastifyRequest, reply: FastifyReply, email: string) {
        const seconds = await attempts.take(attemptKey(request, email));
        if (seconds === 0) return;
        reply.header('retry-after', String(seconds));
        throw httpError(
          429,
          `Too many failed sign-ins for this account from here. Please wait ${waitInMinutes(seconds)} and try again, or reset your password.`,
        );
      },
      release: (request: FastifyRequest, email: string) =>
        attempts.release(attemptKey(request, email)),
      clear: (request: FastifyRequest, email: string) => attempts.clear(attemptKey(request, email)),
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      if (!request.url.startsWith('/api/')) return done(null, payload);
      const personal =
        request.headers.authorization !== undefined ||
        request.headers.cookie !== undefined ||
        request.url.startsWith('/api/auth/') ||
        request.url.startsWith('/api/jwt') ||
        WRITE_METHODS.has(request.method);
      if (personal) reply.header('cache-control', PERSONAL_CACHE_CONTROL);
      done(null, payload);
    });
  },
  { name: 'security', dependencies: ['error-handler'] },
);
