/**
 * The built-in identity provider (docs/product.md §1 "hosted identity provider", decision 0002), on Better
 * Auth; the choices are recorded in docs/decisions/0002-identity-better-auth.md. In short:
 * - email + password (6–128 characters, docs/product.md §5), argon2id hashes (password.ts, OWASP ASVS 5.0
 *   §11.4.2), sessions in `auth_session` behind an httpOnly, SameSite=Lax cookie (Secure when
 *   PUBLIC_URL is https);
 * - Google through OpenID Connect discovery at GOOGLE_ISSUER (providerId 'google') when a client
 *   id and secret are configured; a Google identity always gets a buyer record (docs/product.md §6);
 * - password reset mailed as `${PUBLIC_URL}/reset-password?token=…`; a reset ends every session;
 * - origin checks against PUBLIC_URL's origin plus TRUSTED_ORIGINS (never `*`), and, with
 *   PUBLIC_URL unset, the origin the request was made to (origins.ts), also in tests (Better
 *   Auth would skip them under NODE_ENV=test);
 * - rate limits kept in the database (`auth_rate_limit`): AUTH_RATE_LIMIT_MAX attempts per
 *   AUTH_RATE_LIMIT_WINDOW seconds per client IP on sign-in, sign-up and reset,
 *   AUTH_SESSION_RATE_LIMIT_MAX (100) per 10 s on the rest.
 */
import { lineBreakPattern, singleLineMessage } from '../../contract/text.js';
import { disposableEmailMessage, isDisposableEmail } from './disposable-email.js';
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { createHash, randomUUID } from 'node:crypto';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { and, eq, isNotNull, like } from 'drizzle-orm';
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
import type { MailService } from '../jobs/send-mail.js';
import { commonPasswordMessage, isCommonPassword } from './common-passwords.js';
import { hashPassword, verifyPassword } from './password.js';
import { requestOriginHeader, trustedOriginsFor } from './origins.js';
import { ensureBuyerRecord } from './records.js';
import { proofOfWorkField } from '../../contract/proof-of-work-texts.js';
import { HttpError } from '../lib/http-error.js';
import type { ProofOfWork } from '../trust/proof-of-work.js';

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
  /** Outgoing mail through the job queue (src/server/jobs/send-mail.ts). */
  mail: MailService;
  log: FastifyBaseLogger;
  /** The proof of work sign-up needs while PROOF_OF_WORK is on (trust/proof-of-work.ts). */
  proofOfWork: ProofOfWork;
}

/** Identifier prefix of password-reset tokens in `auth_verification`. */
const resetIdentifierPrefix = 'reset-password:';

/**
 * How `auth_verification.identifier` is stored: the part before the first
 * `:` (the kind, e.g. `reset-password`) in clear, the secret after it as a SHA-256 digest, so a
 * copy of the table holds no usable reset link, and a user's reset tokens can still be found by
 * kind. Better Auth hashes every lookup the same way.
 */
export function hashVerificationIdentifier(identifier: string): string {
  const colon = identifier.indexOf(':');
  const kind = colon >= 0 ? identifier.slice(0, colon + 1) : '';
  const secret = colon >= 0 ? identifier.slice(colon + 1) : identifier;
  return `${kind}${createHash('sha256').update(secret).digest('base64url')}`;
}

/**
 * Deletes every outstanding password-reset token of `userId` (a reset or a
 * password change ends them all, not only the one used).
 */
export async function deleteResetTokens(db: Database, userId: string): Promise<number> {
  const deleted = await db
    .delete(authVerification)
    .where(
      and(
        like(authVerification.identifier, `${resetIdentifierPrefix}%`),
        eq(authVerification.value, userId),
      ),
    )
    .returning({ id: authVerification.id });
  return deleted.length;
}

/** Our own upload path (`/uploads/<file>`), the only picture a profile may show. */
export const ownUploadPattern = /^\/uploads\/[A-Za-z0-9._-]+$/;

/** Paths whose body carries a new password (sign-up's `password`, the others' `newPassword`). */
const newPasswordPaths = new Set(['/sign-up/email', '/reset-password', '/change-password']);

/** Builds the Better Auth options; exported for the tests that inspect them. */
export function authOptions({ config, db, secret, mail, log, proofOfWork }: AuthDependencies) {
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
    // The request's own origin (set by the bridge, plugins/auth.ts) counts only when PUBLIC_URL
    // is unset (auth/origins.ts).
    trustedOrigins: (request?: Request) =>
      trustedOriginsFor(config, request?.headers.get(requestOriginHeader) ?? null),
    emailAndPassword: {
      enabled: true,
      // Off: see onExistingUserSignUp below.
      autoSignIn: false,
      minPasswordLength: limits.passwordMin,
      maxPasswordLength: limits.passwordMax,
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: resetTokenLifetimeSeconds,
      // The mail is queued, not sent, so the answer takes the same time
      // whether or not the address has an account (one insert either way).
      async sendResetPassword({ user, token }) {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mail.enqueue({
          key: `password-reset:${hashVerificationIdentifier(token)}`,
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
      },
      // The other outstanding reset links die with the old password.
      async onPasswordReset({ user }) {
        await deleteResetTokens(db, user.id);
      },
      // OWASP ASVS 6.3.8: sign-up does not say an address is taken. With
      // autoSignIn off, Better Auth answers a new and a taken address alike (200, no session,
      // the password hashed either way); the owner of a taken address is told by mail instead.
      // The SPA signs in after signing up (docs/spec-deviations.md).
      async onExistingUserSignUp({ user }) {
        await mail.enqueue({
          key: `sign-up-attempt:${user.id}:${randomUUID()}`,
          to: user.email,
          subject: 'Someone tried to register with your e-mail address',
          text: [
            `Hello ${user.name},`,
            '',
            'Someone tried to create a Second Gear account with this e-mail address, which',
            'already has one. If it was you, log in instead, or reset your password:',
            '',
            `${config.publicUrl}/login`,
            '',
            'If it was not you, ignore this message: nothing has changed.',
          ].join('\n'),
        });
      },
    },
    verification: {
      modelName: 'auth_verification',
      storeIdentifier: { default: { hash: async (id: string) => hashVerificationIdentifier(id) } },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (newPasswordPaths.has(ctx.path)) {
          const password = ctx.path === '/sign-up/email' ? body.password : body.newPassword;
          // Shorter ones get Better Auth's (docs/product.md §5) message about the length instead.
          if (
            typeof password === 'string' &&
            password.length >= limits.passwordMin &&
            isCommonPassword(password)
          ) {
            throw new APIError('BAD_REQUEST', {
              message: commonPasswordMessage,
              code: 'PASSWORD_TOO_COMMON',
            });
          }
        }
        // Throwaway inboxes cannot sign up (decision 0044).
        if (
          ctx.path === '/sign-up/email' &&
          typeof body.email === 'string' &&
          isDisposableEmail(body.email)
        ) {
          throw new APIError('BAD_REQUEST', {
            message: disposableEmailMessage,
            code: 'DISPOSABLE_EMAIL',
          });
        }
        // The display-name rules of the profile hold for the identity's name too, whichever
        // endpoint sets it: one line, at most displayNameMax characters once trimmed, and
        // stored trimmed (docs/reliability.md, the fourth attack).
        let trimmedName: string | undefined;
        if (
          (ctx.path === '/update-user' || ctx.path === '/sign-up/email') &&
          typeof body.name === 'string'
        ) {
          trimmedName = body.name.trim();
          if (lineBreakPattern.test(trimmedName)) {
            throw new APIError('BAD_REQUEST', {
              message: `name ${singleLineMessage}`,
              code: 'NAME_NOT_ONE_LINE',
            });
          }
          if (trimmedName.length > limits.displayNameMax) {
            throw new APIError('BAD_REQUEST', {
              message: `name must be at most ${limits.displayNameMax} characters`,
              code: 'NAME_TOO_LONG',
            });
          }
        }
        if (
          (ctx.path === '/update-user' || ctx.path === '/sign-up/email') &&
          body.image !== undefined &&
          body.image !== null &&
          body.image !== '' &&
          !(typeof body.image === 'string' && ownUploadPattern.test(body.image))
        ) {
          throw new APIError('BAD_REQUEST', {
            message: 'image must be a picture uploaded to this site (/uploads/…)',
            code: 'INVALID_IMAGE',
          });
        }
        // A password change always ends the other sessions.
        if (ctx.path === '/change-password') {
          return { context: { body: { ...body, revokeOtherSessions: true } } };
        }
        let nextBody = body;
        if (trimmedName !== undefined && trimmedName !== body.name) {
          nextBody = { ...nextBody, name: trimmedName };
        }
        // Sign-up carries a solved proof of work while PROOF_OF_WORK is on (decision 0044),
        // checked last, after the cheap checks above, and spent at once (a replay is refused).
        // The field is Second Gear's, not Better Auth's: it is taken out of the body either way.
        if (ctx.path === '/sign-up/email') {
          const { [proofOfWorkField]: payload, ...rest } = nextBody;
          if (proofOfWork.enabled) {
            try {
              await proofOfWork.spend(
                db,
                typeof payload === 'string' ? payload : payload === undefined ? undefined : '-',
              );
            } catch (error) {
              if (!(error instanceof HttpError)) throw error;
              throw new APIError('BAD_REQUEST', {
                message: error.message,
                code: 'PROOF_OF_WORK_REFUSED',
              });
            }
          }
          nextBody = rest;
        }
        return nextBody === body ? undefined : { context: { body: nextBody } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password') return;
        const returned = ctx.context.returned;
        if (returned instanceof APIError || returned instanceof Error) return;
        const userId = ctx.context.session?.user.id ?? ctx.context.newSession?.user.id;
        if (userId) await deleteResetTokens(db, userId);
      }),
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'auth_rate_limit',
      window: 10,
      max: config.authSessionRateLimitMax,
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
          // docs/product.md §6: Google sign-in always creates a buyer.
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

/**
 * Creates the identity provider. Better Auth keeps each call's state in its own
 * `AsyncLocalStorage`s, left as Better Auth manages them (decision 0031).
 */
export function createAuth(dependencies: AuthDependencies) {
  return betterAuth(authOptions(dependencies));
}

export type Auth = ReturnType<typeof createAuth>;
