/**
 * Configuration from environment variables only (docs/architecture.md), validated once at start-up.
 * A bad value throws ConfigError naming the variable, and the process stops.
 */
import path from 'node:path';
import { z } from 'zod';
import { limits } from '../contract/limits.js';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const positiveInt = z.coerce
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number' })
  .min(1, { message: 'must be at least 1' });

/** A whole number of 0 or more (0 usually means "off"). */
const nonNegativeInt = z.coerce
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number' })
  .min(0, { message: 'must not be negative' });

/** A TCP port; 0 lets the system choose a free one. */
const portNumber = z.coerce
  .number({ message: 'must be a port number' })
  .int({ message: 'must be a whole number' })
  .min(0, { message: 'must be between 0 and 65535' })
  .max(65535, { message: 'must be between 0 and 65535' });

/** A comma-separated list of http(s) origins, blanks ignored. */
const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  )
  .refine((origins) => origins.every(isOrigin), {
    message: 'must be a comma-separated list of http(s) origins, e.g. http://localhost:5173',
  });

/** A PostgreSQL connection URL (node-postgres's `connectionString`). */
const postgresUrl = /^postgres(ql)?:\/\/.+/;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** TCP port of the one process that serves the SPA and `/api`. */
  PORT: portNumber.default(3000),
  HOST: z.string().min(1, { message: 'must not be empty' }).default('0.0.0.0'),
  /** Embedded database files (`DATA_DIR/db`) and uploads (`DATA_DIR/uploads`, unless S3_BUCKET). */
  DATA_DIR: z.string().min(1, { message: 'must not be empty' }).default('./data'),
  /** A PostgreSQL server instead of the embedded PGlite database. */
  DATABASE_URL: z
    .string()
    .regex(postgresUrl, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  /**
   * Read replicas of DATABASE_URL's server (decision 0050): comma-separated postgres:// URLs of
   * streaming standbys. Public reads (search, category, listing and seller pages, places, the
   * sitemap) go to a healthy one in turn; everything else stays on DATABASE_URL.
   */
  DATABASE_REPLICA_URLS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .refine((urls) => urls.length > 0 && urls.every((url) => postgresUrl.test(url)), {
      message: 'must be a comma-separated list of postgres:// or postgresql:// URLs',
    })
    .optional(),
  /**
   * Seconds after a client's own write during which its public reads go to DATABASE_URL, not a
   * replica (the `sg_primary_until` cookie; decision 0050); 0 = never.
   */
  REPLICA_READ_AFTER_WRITE_SECONDS: nonNegativeInt
    .max(3600, { message: 'must be at most 3600' })
    .default(5),
  /** A replica more than this many seconds behind DATABASE_URL gets no reads until it catches up. */
  REPLICA_MAX_LAG_SECONDS: positiveInt.max(3600, { message: 'must be at most 3600' }).default(10),
  /**
   * A Redis server (`redis://…` or `rediss://…`) shared by every instance: the write and
   * per-account rate limits count there instead of in each process.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, { message: 'must be a redis:// or rediss:// URL' })
    .optional(),
  /** Prefix of every key this deployment writes to Redis (several deployments may share one). */
  REDIS_KEY_PREFIX: z.string().min(1, { message: 'must not be empty' }).default('second-gear:'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  /**
   * Load demo data (with its public admin password) into an empty database on first start.
   * Unset: only on the embedded database with a local PUBLIC_URL.
   */
  SEED_DEMO: booleanFromEnv.optional(),
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
  TRUSTED_ORIGINS: originList.optional(),
  /**
   * Origins (comma-separated) the server may reach although they resolve to a private or
   * loopback address: push services, feeds, photo URLs, SMS and identity stand-ins in tests
   * (src/server/lib/outbound.ts). Everything else outbound must resolve to a public address.
   */
  OUTBOUND_ALLOWED_ORIGINS: originList.optional(),
  /**
   * Web Push VAPID keys (RFC 8292; decision 0045), base64url: the P-256 public key (65 bytes,
   * uncompressed) and private key (32 bytes). Both or neither; without them a pair is generated
   * once and kept in `DATA_DIR/vapid-keys.json` (mode 0600). Several instances must share them.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, { message: 'must be a base64url P-256 public key' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, { message: 'must be a base64url P-256 private key' })
    .optional(),
  /** The contact push services may use (a `mailto:` or `https:` URL); default `mailto:` + MAIL_FROM's address or the site's URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, { message: 'must be a mailto: or https:// URL' })
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
  /**
   * Every other identity request (session checks, sign-out, …) allowed per client IP and 10 s
   * (Better Auth's general limit; 429 above).
   */
  AUTH_SESSION_RATE_LIMIT_MAX: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .default(100),
  /**
   * Live message streams (`GET /api/messages/stream`) one instance keeps open at once; past it a
   * new one is refused with 503 and `retry-after`. 10,000 measured on 2 cores (`npm run
   * bench:streams`, docs/benchmarks.md): about 13–17 KB of memory a stream, a message reaching
   * its recipient's stream in p95 60–100 ms at 50 messages a second on PostgreSQL.
   */
  MESSAGE_STREAMS_MAX: positiveInt.default(10_000),
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
   * Counted attempts on one account (e-mail) from one client address per window (decision
   * 0030): failed sign-ins and password changes, sign-up and password-reset requests; a
   * successful sign-in clears them.
   */
  AUTH_ACCOUNT_RATE_LIMIT_MAX: positiveInt.default(10),
  /** Length of the per-account window in seconds. */
  AUTH_ACCOUNT_RATE_LIMIT_WINDOW: positiveInt.default(900),
  /** Whole request (headers and body) must arrive within this many seconds, else 408. */
  REQUEST_TIMEOUT: positiveInt.default(30),
  /** Request headers must arrive within this many seconds of the connection opening. */
  HEADERS_TIMEOUT: positiveInt.default(10),
  /** An idle keep-alive connection is closed after this many seconds. */
  KEEP_ALIVE_TIMEOUT: positiveInt.default(5),
  /**
   * Seconds an instance keeps serving after SIGTERM while `GET /api/health` answers 503, so that
   * a load balancer stops sending it requests before it closes (docs/deploy.md); 0 = close at once.
   */
  SHUTDOWN_DRAIN_SECONDS: nonNegativeInt.max(300, { message: 'must be at most 300' }).default(0),
  /** Images one account may upload per rolling 24 hours (POST /api/images). */
  UPLOAD_DAILY_MAX_COUNT: positiveInt.default(50),
  /** Bytes of stored images one account may upload per rolling 24 hours. */
  UPLOAD_DAILY_MAX_BYTES: positiveInt.default(50 * 1024 * 1024),
  /** Hours an upload no listing or profile references is kept before the clean-up removes it. */
  UPLOAD_CLEANUP_GRACE_HOURS: positiveInt.default(24),
  /** When the upload clean-up runs (cron, UTC); default hourly at minute 17. */
  UPLOAD_CLEANUP_CRON: z
    .string()
    .regex(/^\S+( \S+){4}$/, { message: 'must be a cron expression with five fields' })
    .default('17 * * * *'),
  /** New categories one seller may add per rolling 24 hours. */
  CATEGORY_DAILY_MAX: positiveInt.default(10),
  /** Open (unpaid, still bookable) orders one buyer may hold at once. */
  BOOKING_OPEN_MAX: positiveInt.default(5),
  /** New bookings one buyer may make per rolling 24 hours. */
  BOOKING_DAILY_MAX: positiveInt.default(20),
  /** Open (pending or countered) offers one buyer may have at once (decision 0034). */
  OFFER_OPEN_MAX: positiveInt.default(5),
  /**
   * Event beacons (a listing view, search impressions; decision 0029) allowed per client and
   * minute (429 above); counted apart from WRITE_RATE_LIMIT_MAX.
   */
  BEACON_RATE_LIMIT_MAX: positiveInt.default(600),
  /**
   * Visitor ids (`POST /api/visitors`) one client address may be issued per hour (429 above):
   * what one address can add to a listing's views in an hour (decision 0029).
   */
  VISITOR_ID_HOURLY_MAX: positiveInt.default(20),
  /**
   * VIN decodes and VIN histories one user, and one client address, may ask for per minute
   * (429 above): the decoder is one thread shared by everyone (decision 0041).
   */
  VIN_DECODE_RATE_LIMIT_MAX: positiveInt.default(30),
  /** How often recorded listing views and impressions are written to the database (ms). */
  INSIGHTS_FLUSH_MS: positiveInt.default(5000),
  /**
   * When the insights rollup and clean-up runs (cron, UTC; default every 10 minutes): recounts
   * today's and yesterday's favourites, conversations and bookings per listing and removes raw
   * views older than 90 days.
   */
  INSIGHTS_ROLLUP_CRON: z
    .string()
    .regex(/^\S+( \S+){4}$/, { message: 'must be a cron expression with five fields' })
    .default('*/10 * * * *'),
  /** Whether this instance runs background jobs (enqueuing works either way). */
  JOB_WORKERS: booleanFromEnv.default(true),
  /**
   * How often an idle job worker looks for new jobs (seconds). Default 2 on a PostgreSQL server;
   * 10 on the embedded database, where every look is a query on the process's own thread (one
   * per queue: about 5 % of a core at 2 s) and the jobs this process adds wake their worker at
   * once (jobs/plugin.ts), so only delayed jobs, retries and cron slots wait for a look.
   */
  JOB_POLL_INTERVAL: positiveInt.optional(),
  /**
   * A new message is mailed to its recipient when it is still unread this many seconds
   * after it was sent (default 5 minutes; at most one such mail per conversation and hour).
   */
  MESSAGE_MAIL_DELAY_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be at least 0' })
    .default(300),
  /**
   * Bearer token that `GET /metrics` (Prometheus text format, plugins/metrics.ts) requires. Unset
   * and no METRICS_PORT: `/metrics` answers 404. At least 16 characters of letters, digits and
   * `-._~+/=` (RFC 6750's token68), so it fits an Authorization header as it is.
   */
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9\-._~+/]+=*$/, {
      message:
        'must be letters, digits and -._~+/ (a bearer token), e.g. from openssl rand -hex 32',
    })
    .min(16, { message: 'must be at least 16 characters long' })
    .max(512, { message: 'must be at most 512 characters long' })
    .optional(),
  /**
   * Serve `/metrics` on this port of its own (and not on PORT), for a scraper on a private
   * network; with METRICS_TOKEN it asks for the token there too. 0 = any free port (tests).
   */
  METRICS_PORT: portNumber.optional(),
  /** Interface of METRICS_PORT; default HOST. */
  METRICS_HOST: z.string().min(1, { message: 'must not be empty' }).optional(),
  /**
   * `json` (one JSON object a line, for a log collector) or `pretty` (readable lines through
   * pino-pretty, a development tool: `npm run dev` sets it; JSON when it is not installed).
   */
  LOG_FORMAT: z.enum(['json', 'pretty'], { message: 'must be json or pretty' }).default('json'),
  /**
   * Days a listing stays on the market after it was listed or last renewed (decision 0027;
   * default 60, like Kleinanzeigen). Its seller is reminded three days before.
   */
  LISTING_TTL_DAYS: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(4, { message: 'must be at least 4' })
    .max(3650, { message: 'must be at most 3650' })
    .default(60),
  /** Cron (UTC) of the listing-expiry job: reminders and expiries (default every 15 minutes). */
  LISTING_EXPIRY_CRON: z.string().min(9).default('*/15 * * * *'),
  /**
   * Days held money waits for the handover before it is released to the seller unless disputed
   * (decision 0042; default 14). Both sides are reminded at 7 and 12 days (scaled down for
   * shorter periods).
   */
  PAYMENT_RELEASE_DAYS: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(2, { message: 'must be at least 2' })
    .max(90, { message: 'must be at most 90' })
    .default(14),
  /**
   * Card payments (decision 0005): `sandbox` (offline, built in) or `stripe`. Default: `stripe`
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
  /**
   * Text messages (phone verification codes; decision 0044): `sandbox` (default) writes each to
   * `DATA_DIR/sms-outbox/` as one JSON file; `twilio` sends through Twilio's Messages API.
   */
  SMS_PROVIDER: z
    .enum(['sandbox', 'twilio'], { message: 'must be sandbox or twilio' })
    .default('sandbox'),
  /** Twilio's Account SID (AC…), for SMS_PROVIDER=twilio. */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, { message: 'must be a Twilio Account SID (AC…)' })
    .optional(),
  /** Twilio's Auth Token (server only). */
  TWILIO_AUTH_TOKEN: z.string().min(16, { message: 'must be a Twilio Auth Token' }).optional(),
  /** The sender: a Twilio number in E.164 (+1…) or a Messaging Service SID (MG…). */
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, {
      message: 'must be a number in E.164 (+15005550006) or a Messaging Service SID (MG…)',
    })
    .optional(),
  /** Where Twilio's API is (default https://api.twilio.com); tests point it at a stand-in. */
  TWILIO_API_BASE: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .default('https://api.twilio.com'),
  /** Verification codes sent to one phone number per rolling 24 hours. */
  SMS_CODES_PER_NUMBER_DAILY: positiveInt.default(5),
  /** Verification codes one account may have sent per rolling 24 hours. */
  SMS_CODES_PER_ACCOUNT_DAILY: positiveInt.default(5),
  /** Verification codes sent on behalf of one client address per hour. */
  SMS_CODES_PER_CLIENT_HOURLY: positiveInt.default(10),
  /**
   * New conversations an account without a verified phone number may start per rolling 24 hours
   * (decision 0044); refused attempts do not count.
   */
  FIRST_CONTACT_DAILY_MAX: positiveInt.default(5),
  /**
   * Proof of work (ALTCHA) asked of sign-up and of an unverified account's first message:
   * `on` (default) or `off` (scripted clients, load tests).
   */
  PROOF_OF_WORK: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  /**
   * The work of one proof of work: its solution is a counter drawn between a third of this and
   * this, so a solver derives that many PBKDF2-SHA-256 keys of 1,000 iterations on average
   * (decision 0044; docs/benchmarks.md has the time in a browser).
   */
  PROOF_OF_WORK_COUNTER_MAX: positiveInt
    .max(1_000_000, { message: 'must be at most 1000000' })
    .default(3000),
  /**
   * Identity checks (decision 0044): `sandbox` (default; a document photo and a selfie, decided by
   * the test document numbers) or `stripe` (Stripe Identity VerificationSessions, with
   * STRIPE_SECRET_KEY and STRIPE_IDENTITY_WEBHOOK_SECRET).
   */
  IDENTITY_PROVIDER: z
    .enum(['sandbox', 'stripe'], { message: 'must be sandbox or stripe' })
    .default('sandbox'),
  /** Signing secret of the `POST /api/stripe/identity-webhook` endpoint (whsec_…). */
  STRIPE_IDENTITY_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_]+$/, { message: 'must be a Stripe webhook secret (whsec_…)' })
    .optional(),
  /**
   * Uploads in this S3(-compatible) bucket instead of `DATA_DIR/uploads` (decision
   * 0023). The other S3_* variables only apply with it.
   */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      message: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    })
    .optional(),
  /** An S3-compatible server (MinIO, Garage, R2, …); unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, { message: 'must be a region name such as us-east-1' })
    .default('us-east-1'),
  /** Both or neither; neither: the SDK's default credential chain (AWS_*, profiles, roles). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Address the bucket as `<endpoint>/<bucket>/…` (most self-hosted servers need it). */
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  /**
   * Where browsers fetch uploads from (the bucket's or a CDN's URL, no trailing slash needed):
   * `/uploads/<name>` then redirects to `<S3_PUBLIC_URL>/uploads/<name>`. Unset: the app
   * streams them from the bucket.
   */
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
});

/**
 * True for an address only this machine reaches (localhost, 127.0.0.0/8, ::1): the demo data's
 * public admin password is harmless there and nowhere else.
 */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host)
  );
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

/** S3_*: uploads in a bucket (storage/s3-image-store.ts). */
export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  region: string;
  /** S3_ENDPOINT, or undefined for AWS itself. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Undefined: the SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** S3_PUBLIC_URL without a trailing slash: `/uploads/…` redirects there; undefined: streamed. */
  publicUrl: string | undefined;
}

/** Where uploads are stored (storage/image-store.ts): `DATA_DIR/uploads`, or a bucket. */
export type ImageStorageConfig = { kind: 'disk'; dir: string } | S3StorageConfig;

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute path of the data directory. */
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * DATABASE_REPLICA_URLS and its settings (decision 0050); undefined: every read on the
   * primary. `readAfterWriteSeconds` and `maxLagSeconds` are REPLICA_READ_AFTER_WRITE_SECONDS and
   * REPLICA_MAX_LAG_SECONDS.
   */
  replicas: ReplicaConfig | undefined;
  /** REDIS_URL: rate limits shared by every instance; undefined = in each process. */
  redis: { url: string; keyPrefix: string } | undefined;
  logLevel: string;
  /** Load demo data into an empty database (default: embedded database on a local URL only). */
  seedDemo: boolean;
  /** The site's origin, e.g. `https://second-gear.example` (no trailing slash). */
  publicUrl: string;
  /** AUTH_SECRET, or undefined to use the generated `DATA_DIR/auth-secret`. */
  authSecret: string | undefined;
  /** Origins trusted for sign-in besides publicUrl (never `*`). */
  trustedOrigins: string[];
  /** OUTBOUND_ALLOWED_ORIGINS: origins outbound requests may reach on private addresses. */
  outboundAllowedOrigins: string[];
  /** VAPID_*: Web Push keys, or undefined to use the generated `DATA_DIR/vapid-keys.json`. */
  vapid: {
    publicKey: string | undefined;
    privateKey: string | undefined;
    subject: string | undefined;
  };
  /**
   * PUBLIC_URL unset: identity requests and cookie-authenticated writes are also trusted from the
   * origin they were made to (same-origin; src/server/auth/origins.ts).
   */
  sameOriginTrusted: boolean;
  /** Google OpenID Connect client, or undefined when not configured. */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** SMTP transport URL, or undefined to write mail to `DATA_DIR/outbox/`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The operator admin ensured at start-up, or undefined. */
  admin: { email: string; password: string } | undefined;
  /** Rate limit of sign-in, sign-up and password reset: `max` attempts per `windowSeconds`. */
  authRateLimit: { max: number; windowSeconds: number };
  /** Better Auth's general limit: identity requests per client IP per 10 s. */
  authSessionRateLimitMax: number;
  /** Write requests allowed per client and minute on `/api`. */
  writeRateLimitMax: number;
  /** Live message streams open at once on this instance. */
  messageStreamsMax: number;
  /** Sign-in, sign-up and reset attempts per account (e-mail): `max` per `windowSeconds`. */
  authAccountRateLimit: { max: number; windowSeconds: number };
  /** Fastify's trustProxy: whether (or over how many hops) to believe X-Forwarded-For. */
  trustProxy: boolean | number;
  /** HTTP timeouts in milliseconds. */
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number };
  /** SHUTDOWN_DRAIN_SECONDS in milliseconds: serving while marked unhealthy before closing. */
  shutdownDrainMs: number;
  /** Per-account upload quota per rolling 24 hours, and the clean-up of unused uploads. */
  uploads: {
    dailyMaxCount: number;
    dailyMaxBytes: number;
    cleanupGraceHours: number;
    cleanupCron: string;
  };
  /** New categories one seller may add per rolling 24 hours. */
  categoryDailyMax: number;
  /** A buyer's caps: open unpaid orders at once, new bookings per rolling 24 hours. */
  bookings: { openMax: number; dailyMax: number; offerOpenMax: number };
  /** Background jobs (src/server/jobs): run handlers here, and the idle polling interval (s). */
  jobs: { workers: boolean; pollIntervalSeconds: number };
  /**
   * `GET /metrics` (plugins/metrics.ts): `token` = METRICS_TOKEN (a bearer token it requires),
   * `port`/`host` = METRICS_PORT/METRICS_HOST (a listener of its own instead of PORT's).
   * Undefined: not served (404).
   */
  metrics: { token: string | undefined; port: number | undefined; host: string } | undefined;
  /** Log lines as JSON (production) or readable through pino-pretty (`npm run dev`). */
  logFormat: 'json' | 'pretty';
  /**
   * Seller insights (decision 0029): beacons per client and minute, how often recorded events are
   * written (ms), and when the rollup and clean-up job runs (cron, UTC).
   */
  /** VIN decodes and histories per user and per client address and minute. */
  vinDecodeRateLimitMax: number;
  insights: {
    beaconRateLimitMax: number;
    visitorIdHourlyMax: number;
    flushMs: number;
    rollupCron: string;
  };
  /** The card payment provider (decision 0005). */
  payments: PaymentsConfig;
  /** Notification e-mail: seconds a new message waits unread before it is mailed. */
  notifications: { messageMailDelaySeconds: number };
  /** Listing expiry (decision 0027): days on the market per listing or renewal, job cron. */
  listings: { ttlDays: number; expiryCron: string };
  /** Protected payment (decision 0042): days before held money is released automatically. */
  protectedPayments: { releaseDays: number };
  /** Where uploads live: `DATA_DIR/uploads` (default) or an S3 bucket (S3_BUCKET). */
  imageStorage: ImageStorageConfig;
  /** Text messages: the provider, and the limits of verification codes sent (decision 0044). */
  sms: SmsConfig;
  /** New conversations per rolling 24 hours of an account without a verified phone number. */
  firstContactDailyMax: number;
  /**
   * Whether sign-up and an unverified account's first message need a proof of work, and the
   * largest counter of a challenge (PROOF_OF_WORK_COUNTER_MAX).
   */
  proofOfWork: { enabled: boolean; counterMax: number };
  /** Who checks identities (IDENTITY_PROVIDER; decision 0044). */
  identity: IdentityConfig;
};

/** Read replicas of the PostgreSQL server (decision 0050). */
export interface ReplicaConfig {
  /** The replicas' connection URLs, in order: replica `0`, `1`, … in metrics and readiness. */
  urls: string[];
  /** A client's public reads stay on the primary this long after its own write (seconds). */
  readAfterWriteSeconds: number;
  /** A replica further behind than this gets no reads (seconds). */
  maxLagSeconds: number;
}

/** IDENTITY_PROVIDER: the sandbox, or Stripe Identity with its keys. */
export type IdentityConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string;
      /** Where the Stripe API is (STRIPE_API_BASE); undefined means api.stripe.com. */
      apiBase: string | undefined;
    };

/** SMS_* and TWILIO_*: where text messages go and how many codes may be sent. */
export interface SmsConfig {
  provider:
    | { kind: 'sandbox'; outboxDir: string }
    | { kind: 'twilio'; accountSid: string; authToken: string; from: string; apiBase: string };
  /** Codes per number and per account per rolling 24 hours, per client address per hour. */
  limits: { perNumberDaily: number; perAccountDaily: number; perClientHourly: number };
}

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
 * Makes `env.NODE_ENV` say what `config.nodeEnv` says (production when unset). Libraries pick
 * their build by the variable itself, not by our config: React's server renderer, loaded with
 * the SSR build, ran its development build under `npm start`: 20–60 % slower per page render,
 * with development warnings in the log (decision 0015, "React's production build"). Call it before
 * anything that reads the variable is loaded.
 */
export function applyNodeEnv(
  config: Pick<Config, 'nodeEnv'>,
  env: NodeJS.ProcessEnv = process.env,
) {
  env.NODE_ENV = config.nodeEnv;
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
  const publicUrl = new URL(value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).origin;
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
    pairProblem(
      'S3_ACCESS_KEY_ID',
      value.S3_ACCESS_KEY_ID,
      'S3_SECRET_ACCESS_KEY',
      value.S3_SECRET_ACCESS_KEY,
    ),
    ...Object.keys(present)
      .filter((name) => name.startsWith('S3_') && name !== 'S3_BUCKET' && !value.S3_BUCKET)
      .map((name) => `S3_BUCKET must be set when ${name} is set`),
    value.DATABASE_REPLICA_URLS && !value.DATABASE_URL
      ? 'DATABASE_REPLICA_URLS needs DATABASE_URL: replicas are standbys of a PostgreSQL server, and the embedded database has none'
      : null,
    ...Object.keys(present)
      .filter((name) => name.startsWith('REPLICA_') && !value.DATABASE_REPLICA_URLS)
      .map((name) => `DATABASE_REPLICA_URLS must be set when ${name} is set`),
    value.DATABASE_REPLICA_URLS?.some((url) => sameServer(url, value.DATABASE_URL))
      ? 'DATABASE_REPLICA_URLS must not name the DATABASE_URL server itself'
      : null,
    value.HEADERS_TIMEOUT > value.REQUEST_TIMEOUT
      ? 'HEADERS_TIMEOUT must not be longer than REQUEST_TIMEOUT'
      : null,
    value.METRICS_PORT !== undefined &&
    value.METRICS_PORT !== 0 &&
    value.METRICS_PORT === value.PORT
      ? 'METRICS_PORT must differ from PORT (unset it to serve /metrics on PORT with METRICS_TOKEN)'
      : null,
    value.SMS_PROVIDER === 'twilio' &&
    !(value.TWILIO_ACCOUNT_SID && value.TWILIO_AUTH_TOKEN && value.TWILIO_FROM)
      ? 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set when SMS_PROVIDER is twilio'
      : null,
    value.IDENTITY_PROVIDER === 'stripe' &&
    !(value.STRIPE_SECRET_KEY && value.STRIPE_IDENTITY_WEBHOOK_SECRET)
      ? 'STRIPE_SECRET_KEY and STRIPE_IDENTITY_WEBHOOK_SECRET must be set when IDENTITY_PROVIDER is stripe'
      : null,
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
    replicas: value.DATABASE_REPLICA_URLS
      ? {
          urls: value.DATABASE_REPLICA_URLS,
          readAfterWriteSeconds: value.REPLICA_READ_AFTER_WRITE_SECONDS,
          maxLagSeconds: value.REPLICA_MAX_LAG_SECONDS,
        }
      : undefined,
    redis: value.REDIS_URL
      ? { url: value.REDIS_URL, keyPrefix: value.REDIS_KEY_PREFIX }
      : undefined,
    logLevel: value.LOG_LEVEL,
    seedDemo: value.SEED_DEMO ?? (!value.DATABASE_URL && isLocalUrl(publicUrl)),
    publicUrl,
    authSecret: value.AUTH_SECRET,
    trustedOrigins: (value.TRUSTED_ORIGINS ?? []).map((origin) => new URL(origin).origin),
    outboundAllowedOrigins: (value.OUTBOUND_ALLOWED_ORIGINS ?? []).map(
      (origin) => new URL(origin).origin,
    ),
    vapid: {
      publicKey: value.VAPID_PUBLIC_KEY,
      privateKey: value.VAPID_PRIVATE_KEY,
      subject: value.VAPID_SUBJECT,
    },
    sameOriginTrusted: value.PUBLIC_URL === undefined,
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
    authSessionRateLimitMax: value.AUTH_SESSION_RATE_LIMIT_MAX,
    writeRateLimitMax: value.WRITE_RATE_LIMIT_MAX,
    messageStreamsMax: value.MESSAGE_STREAMS_MAX,
    authAccountRateLimit: {
      max: value.AUTH_ACCOUNT_RATE_LIMIT_MAX,
      windowSeconds: value.AUTH_ACCOUNT_RATE_LIMIT_WINDOW,
    },
    trustProxy: value.TRUST_PROXY,
    timeouts: {
      requestMs: value.REQUEST_TIMEOUT * 1000,
      headersMs: value.HEADERS_TIMEOUT * 1000,
      keepAliveMs: value.KEEP_ALIVE_TIMEOUT * 1000,
    },
    shutdownDrainMs: value.SHUTDOWN_DRAIN_SECONDS * 1000,
    uploads: {
      dailyMaxCount: value.UPLOAD_DAILY_MAX_COUNT,
      dailyMaxBytes: value.UPLOAD_DAILY_MAX_BYTES,
      cleanupGraceHours: value.UPLOAD_CLEANUP_GRACE_HOURS,
      cleanupCron: value.UPLOAD_CLEANUP_CRON,
    },
    categoryDailyMax: value.CATEGORY_DAILY_MAX,
    bookings: {
      openMax: value.BOOKING_OPEN_MAX,
      dailyMax: value.BOOKING_DAILY_MAX,
      offerOpenMax: value.OFFER_OPEN_MAX,
    },
    jobs: {
      workers: value.JOB_WORKERS,
      pollIntervalSeconds: value.JOB_POLL_INTERVAL ?? (value.DATABASE_URL ? 2 : 10),
    },
    metrics:
      value.METRICS_TOKEN !== undefined || value.METRICS_PORT !== undefined
        ? {
            token: value.METRICS_TOKEN,
            port: value.METRICS_PORT,
            host: value.METRICS_HOST ?? value.HOST,
          }
        : undefined,
    logFormat: value.LOG_FORMAT,
    vinDecodeRateLimitMax: value.VIN_DECODE_RATE_LIMIT_MAX,
    insights: {
      beaconRateLimitMax: value.BEACON_RATE_LIMIT_MAX,
      visitorIdHourlyMax: value.VISITOR_ID_HOURLY_MAX,
      flushMs: value.INSIGHTS_FLUSH_MS,
      rollupCron: value.INSIGHTS_ROLLUP_CRON,
    },
    payments: paymentsConfig(value),
    notifications: { messageMailDelaySeconds: value.MESSAGE_MAIL_DELAY_SECONDS },
    listings: { ttlDays: value.LISTING_TTL_DAYS, expiryCron: value.LISTING_EXPIRY_CRON },
    protectedPayments: { releaseDays: value.PAYMENT_RELEASE_DAYS },
    imageStorage: imageStorageConfig(value, path.resolve(value.DATA_DIR)),
    sms: {
      provider:
        value.SMS_PROVIDER === 'twilio'
          ? {
              kind: 'twilio',
              accountSid: value.TWILIO_ACCOUNT_SID!,
              authToken: value.TWILIO_AUTH_TOKEN!,
              from: value.TWILIO_FROM!,
              apiBase: value.TWILIO_API_BASE.replace(/\/$/, ''),
            }
          : { kind: 'sandbox', outboxDir: path.join(path.resolve(value.DATA_DIR), 'sms-outbox') },
      limits: {
        perNumberDaily: value.SMS_CODES_PER_NUMBER_DAILY,
        perAccountDaily: value.SMS_CODES_PER_ACCOUNT_DAILY,
        perClientHourly: value.SMS_CODES_PER_CLIENT_HOURLY,
      },
    },
    firstContactDailyMax: value.FIRST_CONTACT_DAILY_MAX,
    proofOfWork: {
      enabled: value.PROOF_OF_WORK === 'on',
      counterMax: value.PROOF_OF_WORK_COUNTER_MAX,
    },
    identity:
      value.IDENTITY_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: value.STRIPE_SECRET_KEY!,
            webhookSecret: value.STRIPE_IDENTITY_WEBHOOK_SECRET!,
            apiBase: value.STRIPE_API_BASE,
          }
        : { provider: 'sandbox' },
  };
}

/** Uploads in S3_BUCKET when it is set, else in `DATA_DIR/uploads`. */
function imageStorageConfig(value: z.infer<typeof envSchema>, dataDir: string): ImageStorageConfig {
  if (!value.S3_BUCKET) return { kind: 'disk', dir: path.join(dataDir, 'uploads') };
  return {
    kind: 's3',
    bucket: value.S3_BUCKET,
    region: value.S3_REGION,
    endpoint: value.S3_ENDPOINT,
    forcePathStyle: value.S3_FORCE_PATH_STYLE,
    credentials:
      value.S3_ACCESS_KEY_ID && value.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: value.S3_ACCESS_KEY_ID, secretAccessKey: value.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: value.S3_PUBLIC_URL?.replace(/\/+$/, ''),
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

/** Whether two PostgreSQL URLs name the same host and port (5432 when none is given). */
function sameServer(a: string, b: string | undefined): boolean {
  if (!b) return false;
  try {
    const [x, y] = [new URL(a), new URL(b)];
    return x.hostname === y.hostname && (x.port || '5432') === (y.port || '5432');
  } catch {
    return false;
  }
}

/** "B must be set together with A" when exactly one of a pair is set, else null. */
function pairProblem(nameA: string, a: unknown, nameB: string, b: unknown): string | null {
  if (a !== undefined && b === undefined) return `${nameB} must be set together with ${nameA}`;
  if (a === undefined && b !== undefined) return `${nameA} must be set together with ${nameB}`;
  return null;
}
