/**
 * The built-in identity provider (spec §1 "hosted identity provider", DESIGN.md §3), on Better
 * Auth; the choices are recorded in docs/decisions/0002-identity-better-auth.md. In short:
 * - email + password (6–128 characters, spec §5), argon2id hashes (password.ts, OWASP ASVS 5.0
 *   §11.4.2), sessions in `auth_session` behind an httpOnly, SameSite=Lax cookie (Secure when
 *   PUBLIC_URL is https);
 * - Google through OpenID Connect discovery at GOOGLE_ISSUER (providerId 'google') when a client
 *   id and secret are configured; a Google identity always gets a buyer record (spec §6);
 * - password reset mailed as `${PUBLIC_URL}/reset-password?token=…`; a reset ends every session;
 * - origin checks against PUBLIC_URL's origin plus TRUSTED_ORIGINS only (never `*`), also in
 *   tests (Better Auth would skip them under NODE_ENV=test);
 * - rate limits kept in the database (`auth_rate_limit`): AUTH_RATE_LIMIT_MAX attempts per
 *   AUTH_RATE_LIMIT_WINDOW seconds per client IP on sign-in, sign-up and reset, 100 per 10 s on
 *   the rest.
 */
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { limits } from '../../contract/limits.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import {
  authAccount,
  authRateLimit,
  authSession,
  authUser,
  authVerification,
  users,
} from '../db/schema.js';
import type { Mailer } from '../lib/mailer.js';
import { hashPassword, verifyPassword } from './password.js';
import { ensureBuyerRecord } from './records.js';

/**
 * Request header carrying the client IP that Fastify determined (`request.ip`). The bridge
 * (plugins/auth.ts) always overwrites it, so a client cannot choose its rate-limit bucket.
 */
export const clientIpHeader = 'x-second-gear-client-ip';

/** Provider id of Google sign-in (callback path `/api/auth/callback/google`). */
export const googleProviderId = 'google';

/** How long a password-reset link stays valid (seconds). */
export const resetTokenLifetimeSeconds = 60 * 60;

export interface AuthDependencies {
  config: Config;
  db: Database;
  /** The server secret (secret.ts). */
  secret: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Builds the Better Auth options; exported for the tests that inspect them. */
export function authOptions({ config, db, secret, mailer, log }: AuthDependencies) {
  const strictRule = { window: config.authRateLimit.windowSeconds, max: config.authRateLimit.max };
  const google = config.google;
  return {
    appName: 'Second Gear',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        auth_user: authUser,
        auth_session: authSession,
        auth_account: authAccount,
        auth_verification: authVerification,
        auth_rate_limit: authRateLimit,
      },
    }),
    user: { modelName: 'auth_user' },
    session: { modelName: 'auth_session' },
    account: { modelName: 'auth_account' },
    verification: { modelName: 'auth_verification' },
    trustedOrigins: [config.publicUrl, ...config.trustedOrigins],
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: limits.passwordMin,
      maxPasswordLength: limits.passwordMax,
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: resetTokenLifetimeSeconds,
      async sendResetPassword({ user, token }) {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        const sending = mailer.send({
          to: user.email,
          subject: 'Reset your Second Gear password',
          text: [
            `Hello ${user.name},`,
            '',
            'Someone asked to reset the password of your Second Gear account.',
            `To choose a new password, open this link within an hour:`,
            '',
            link,
            '',
            'If it was not you, ignore this message: your password stays as it is.',
          ].join('\n'),
        });
        // Over SMTP the answer must not wait for the mail server: its delay would tell whether
        // the address has an account. Filing into the outbox is quick and tests read it at once.
        if (mailer.kind === 'smtp') {
          sending.catch((error: unknown) =>
            log.error({ err: error }, 'password reset mail failed'),
          );
        } else {
          await sending;
        }
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'auth_rate_limit',
      window: 10,
      max: 100,
      customRules: {
        '/sign-in/*': strictRule,
        '/sign-up/*': strictRule,
        '/request-password-reset': strictRule,
        '/reset-password': strictRule,
        '/reset-password/*': strictRule,
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      cookiePrefix: 'second-gear',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      disableCSRFCheck: false,
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
    },
    databaseHooks: {
      session: {
        create: {
          // A user an admin deleted cannot sign in again (their product record is soft-deleted).
          async before(session) {
            const deleted = await db
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.uid, session.userId), isNotNull(users.deletedAt)))
              .limit(1);
            if (deleted.length > 0) {
              throw new APIError('FORBIDDEN', {
                message: 'This account has been deleted',
                code: 'ACCOUNT_DELETED',
              });
            }
          },
        },
      },
      account: {
        create: {
          // Spec §6: Google sign-in always creates a buyer.
          async after(account) {
            if (account.providerId === googleProviderId)
              await ensureBuyerRecord(db, account.userId);
          },
        },
      },
    },
    plugins: google
      ? [
          genericOAuth({
            config: [
              {
                providerId: googleProviderId,
                name: 'Google',
                discoveryUrl: `${google.issuer}/.well-known/openid-configuration`,
                requireIdTokenVerification: true,
                clientId: google.clientId,
                clientSecret: google.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
    telemetry: { enabled: false },
    logger: {
      // Not 'warn'/'error': at those levels Better Auth also prints every client error (a wrong
      // password, a foreign origin) to the console, past this logger.
      level: 'info',
      log(level, message, ...args) {
        log[level]({ detail: args.length > 0 ? args : undefined }, `identity: ${message}`);
      },
    },
  } satisfies BetterAuthOptions;
}

/** Creates the identity provider. */
export function createAuth(dependencies: AuthDependencies) {
  return betterAuth(authOptions(dependencies));
}

export type Auth = ReturnType<typeof createAuth>;
