/**
 * Configuration from environment variables only (DESIGN.md §1), validated once at start-up.
 * A bad value throws ConfigError naming the variable, and the process stops.
 */
import path from 'node:path';
import { z } from 'zod';
import { limits } from '../contract/limits.js';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** TCP port of the one process that serves the SPA and `/api`. */
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be between 0 and 65535' })
    .max(65535, { message: 'must be between 0 and 65535' })
    .default(3000),
  HOST: z.string().min(1, { message: 'must not be empty' }).default('0.0.0.0'),
  /** Embedded database files (`DATA_DIR/db`) and uploads (`DATA_DIR/uploads`). */
  DATA_DIR: z.string().min(1, { message: 'must not be empty' }).default('./data'),
  /** A PostgreSQL server instead of the embedded PGlite database. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  /** Load demo data into an empty database on first start. */
  SEED_DEMO: booleanFromEnv.default(true),
  /**
   * The address users reach the site at (no path): reset links, the Google redirect URI and the
   * trusted origin for sign-in are built from it. Default `http://localhost:${PORT}`.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .refine((value) => ['', '/'].includes(new URL(value).pathname), {
      message: 'must be an origin without a path, e.g. https://second-gear.example',
    })
    .optional(),
  /**
   * Signs sessions' cookies and API tokens (at least 32 characters). Unset: a random secret is
   * generated once and kept in `DATA_DIR/auth-secret` (mode 0600).
   */
  AUTH_SECRET: z.string().min(32, { message: 'must be at least 32 characters long' }).optional(),
  /** Further origins (comma-separated) allowed to call the identity endpoints, e.g. a dev SPA. */
  TRUSTED_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .refine((origins) => origins.every(isOrigin), {
      message: 'must be a comma-separated list of http(s) origins, e.g. http://localhost:5173',
    })
    .optional(),
  /** Google sign-in (OpenID Connect) is offered only when both are set. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** The OpenID Connect issuer for "Continue With Google" (tests point it at a local provider). */
  GOOGLE_ISSUER: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .default('https://accounts.google.com'),
  /** Outgoing mail (password reset), e.g. smtps://user:pass@smtp.example.com:465. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, { message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Second Gear <no-reply@second-gear.local>'),
  /** An operator account ensured at start-up with the admin role (both or neither). */
  ADMIN_EMAIL: z.email({ message: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(limits.passwordMin, { message: `must be at least ${limits.passwordMin} characters long` })
    .max(limits.passwordMax, { message: `must be at most ${limits.passwordMax} characters long` })
    .optional(),
  /** Sign-in, sign-up and password-reset attempts allowed per client IP and path per window. */
  AUTH_RATE_LIMIT_MAX: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .default(10),
  /** Length of that window in seconds. */
  AUTH_RATE_LIMIT_WINDOW: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .default(60),
  /** Write requests (POST, PATCH, PUT, DELETE) allowed per client and minute on `/api` (429 above). */
  WRITE_RATE_LIMIT_MAX: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .default(120),
  /**
   * Trust X-Forwarded-* headers from a reverse proxy (for the client's IP in rate limits and
   * logs): `true`, `false`, or the number of proxy hops.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+)$/, { message: 'must be true, false or a number of hops' })
    .default('false')
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : Number(value))),
  /**
   * Card payments (DESIGN.md §5): `sandbox` (offline, built in) or `stripe`. Default: `stripe`
   * when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set, else `sandbox`.
   */
  PAYMENT_PROVIDER: z
    .enum(['sandbox', 'stripe'], { message: 'must be sandbox or stripe' })
    .optional(),
  /** Stripe's secret API key (server only), e.g. sk_test_… */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, {
      message: 'must be a Stripe secret key (sk_test_… or sk_live_…)',
    })
    .optional(),
  /** Stripe's publishable key (sent to the browser for Stripe Elements), e.g. pk_test_… */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, {
      message: 'must be a Stripe publishable key (pk_test_… or pk_live_…)',
    })
    .optional(),
  /** Signing secret of the `POST /api/stripe/webhook` endpoint (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_]+$/, { message: 'must be a Stripe webhook secret (whsec_…)' })
    .optional(),
  /** Where the Stripe SDK sends its calls; tests point it at a loopback server. */
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
});

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute path of the data directory. */
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  seedDemo: boolean;
  /** The site's origin, e.g. `https://second-gear.example` (no trailing slash). */
  publicUrl: string;
  /** AUTH_SECRET, or undefined to use the generated `DATA_DIR/auth-secret`. */
  authSecret: string | undefined;
  /** Origins trusted for sign-in besides publicUrl (never `*`). */
  trustedOrigins: string[];
  /** Google OpenID Connect client, or undefined when not configured. */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** SMTP transport URL, or undefined to write mail to `DATA_DIR/outbox/`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The operator admin ensured at start-up, or undefined. */
  admin: { email: string; password: string } | undefined;
  /** Rate limit of sign-in, sign-up and password reset: `max` attempts per `windowSeconds`. */
  authRateLimit: { max: number; windowSeconds: number };
  /** Write requests allowed per client and minute on `/api`. */
  writeRateLimitMax: number;
  /** Fastify's trustProxy: whether (or over how many hops) to believe X-Forwarded-For. */
  trustProxy: boolean | number;
  /** The card payment provider (DESIGN.md §5). */
  payments: PaymentsConfig;
};

/** Which payment provider runs, and Stripe's keys when it is Stripe. */
export type PaymentsConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      /** Undefined: the webhook endpoint is not offered (payments complete via POST /api/payments). */
      webhookSecret: string | undefined;
      /** Host, port and protocol of the Stripe API; undefined means api.stripe.com. */
      apiBase: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
    };

/** Thrown by loadConfig; `message` names every bad variable, e.g. "PORT must be a port number". */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the configuration.
 * @param env the variables to read, `process.env` by default. Empty strings count as unset.
 * @throws ConfigError naming each variable whose value is invalid.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const value = parsed.data;
  const pairProblems = [
    pairProblem(
      'GOOGLE_CLIENT_ID',
      value.GOOGLE_CLIENT_ID,
      'GOOGLE_CLIENT_SECRET',
      value.GOOGLE_CLIENT_SECRET,
    ),
    pairProblem('ADMIN_EMAIL', value.ADMIN_EMAIL, 'ADMIN_PASSWORD', value.ADMIN_PASSWORD),
    pairProblem(
      'STRIPE_SECRET_KEY',
      value.STRIPE_SECRET_KEY,
      'STRIPE_PUBLISHABLE_KEY',
      value.STRIPE_PUBLISHABLE_KEY,
    ),
    value.PAYMENT_PROVIDER === 'stripe' && !value.STRIPE_SECRET_KEY && !value.STRIPE_PUBLISHABLE_KEY
      ? 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set when PAYMENT_PROVIDER is stripe'
      : null,
  ].filter((problem) => problem !== null);
  if (pairProblems.length > 0) {
    throw new ConfigError(`Invalid configuration: ${pairProblems.join('; ')}`);
  }
  return {
    nodeEnv: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    logLevel: value.LOG_LEVEL,
    seedDemo: value.SEED_DEMO,
    publicUrl: new URL(value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).origin,
    authSecret: value.AUTH_SECRET,
    trustedOrigins: (value.TRUSTED_ORIGINS ?? []).map((origin) => new URL(origin).origin),
    google:
      value.GOOGLE_CLIENT_ID && value.GOOGLE_CLIENT_SECRET
        ? {
            clientId: value.GOOGLE_CLIENT_ID,
            clientSecret: value.GOOGLE_CLIENT_SECRET,
            issuer: value.GOOGLE_ISSUER.replace(/\/$/, ''),
          }
        : undefined,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    admin:
      value.ADMIN_EMAIL && value.ADMIN_PASSWORD
        ? { email: value.ADMIN_EMAIL.toLowerCase(), password: value.ADMIN_PASSWORD }
        : undefined,
    authRateLimit: { max: value.AUTH_RATE_LIMIT_MAX, windowSeconds: value.AUTH_RATE_LIMIT_WINDOW },
    writeRateLimitMax: value.WRITE_RATE_LIMIT_MAX,
    trustProxy: value.TRUST_PROXY,
    payments: paymentsConfig(value),
  };
}

/** The payment provider: explicit PAYMENT_PROVIDER, else stripe when both keys are set. */
function paymentsConfig(value: z.infer<typeof envSchema>): PaymentsConfig {
  const stripeKeys =
    value.STRIPE_SECRET_KEY && value.STRIPE_PUBLISHABLE_KEY
      ? { secretKey: value.STRIPE_SECRET_KEY, publishableKey: value.STRIPE_PUBLISHABLE_KEY }
      : undefined;
  const provider = value.PAYMENT_PROVIDER ?? (stripeKeys ? 'stripe' : 'sandbox');
  if (provider === 'sandbox' || !stripeKeys) return { provider: 'sandbox' };
  const base = value.STRIPE_API_BASE ? new URL(value.STRIPE_API_BASE) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return {
    provider: 'stripe',
    ...stripeKeys,
    webhookSecret: value.STRIPE_WEBHOOK_SECRET,
    apiBase: base
      ? {
          host: base.hostname,
          port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
          protocol,
        }
      : undefined,
  };
}

/** "B must be set together with A" when exactly one of a pair is set, else null. */
function pairProblem(nameA: string, a: unknown, nameB: string, b: unknown): string | null {
  if (a !== undefined && b === undefined) return `${nameB} must be set together with ${nameA}`;
  if (a === undefined && b !== undefined) return `${nameA} must be set together with ${nameB}`;
  return null;
}
