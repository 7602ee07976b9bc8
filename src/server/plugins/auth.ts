/**
 * Mounts the identity provider (src/server/auth/better-auth.ts) and the guard:
 * - `app.auth` (Better Auth), `app.apiTokens` (API bearer tokens) and the guard (guard.ts: the
 *   access hook that enforces every route's `access` declaration);
 * - `/api/auth/*`: a catch-all route that hands the raw request to Better Auth as a Fetch
 *   Request and sends its Response back (Better Auth's Fastify integration), rewriting error
 *   answers to our `{statusCode, error, message}` shape (plus Better Auth's `code`) and a 429
 *   into a message that says how long to wait (with a standard `retry-after` header);
 * - `GET /api/auth-config` → `{google}`.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { authConfigContract } from '../../contract/index.js';
import { readAttemptBody, waitInMinutes } from '../auth/attempt-limits.js';
import { clientIpHeader, createAuth, type Auth } from '../auth/better-auth.js';
import { guardPlugin } from '../auth/guard.js';
import { requestOrigin, requestOriginHeader, trustedOriginsFor } from '../auth/origins.js';
import { resolveAuthSecret } from '../auth/secret.js';
import { toFetchHeaders } from '../auth/sessions.js';
import { createApiTokenService, type ApiTokenService } from '../auth/tokens.js';
import { httpError } from '../lib/http-error.js';
import { route } from '../lib/route.js';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    apiTokens: ApiTokenService;
  }
}

/** Largest request body the identity endpoints accept (bytes); their JSON bodies are tiny. */
const AUTH_BODY_LIMIT = 64 * 1024;

/** Response headers Fastify computes itself. */
const SKIPPED_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'transfer-encoding',
  'connection',
]);

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const secret = resolveAuthSecret(config);
    const auth = createAuth({
      config,
      db: app.db,
      secret,
      mail: app.mail,
      log: app.log,
      proofOfWork: app.proofOfWork,
    });
    const tokens = createApiTokenService(secret, config.publicUrl);
    app.decorate('auth', auth);
    app.decorate('apiTokens', tokens);

    await app.register(guardPlugin, {
      auth,
      tokens,
      trustedOrigins: (request) => trustedOriginsFor(config, requestOrigin(request)),
    });

    app.route({
      ...route(authConfigContract, { tags: ['accounts'] }),
      handler: async () => ({ google: config.google !== undefined }),
    });

    // Own encapsulated context: Better Auth reads the raw body itself.
    await app.register(async (bridge) => {
      bridge.removeAllContentTypeParsers();
      bridge.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: AUTH_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      bridge.route({
        method: ['GET', 'POST'],
        url: '/api/auth/*',
        schema: { hide: true },
        // Sign-in failures, sign-up and reset requests also count per account and client
        // (decision 0030), whatever the body's encoding.
        handler: async (request, reply) => {
          const attempt = accountAttempt(request);
          if (!attempt) return forwardToAuth(auth, config.publicUrl, request, reply);
          if (attempt.email === null) {
            // Nothing to count: Better Auth refuses it (a missing e-mail) without a password check.
            return forwardToAuth(auth, config.publicUrl, request, reply, undefined, attempt.body);
          }
          const { email } = attempt;
          // Counted before it is forwarded (parallel attempts cannot pass the limit together);
          // given back when it did not count, forgotten with the rest on a successful sign-in.
          await app.accountAttempts.claim(request, reply, email);
          let answered = false;
          try {
            return await forwardToAuth(
              auth,
              config.publicUrl,
              request,
              reply,
              async (status) => {
                answered = true;
                if (status === 429 || status >= 500) {
                  await app.accountAttempts.release(request, email);
                } else if (attempt.kind === 'sign-in' && status < 400) {
                  await app.accountAttempts.clear(request, email);
                }
              },
              attempt.body,
            );
          } catch (error) {
            if (!answered) await app.accountAttempts.release(request, email);
            throw error;
          }
        },
      });
    });
  },
  {
    name: 'auth',
    dependencies: ['database', 'error-handler', 'security', 'mail', 'proof-of-work'],
  },
);

/** Identity paths whose attempts count per account and client, and what they are. */
const ACCOUNT_ATTEMPT_PATHS = new Map<string, 'sign-in' | 'request'>([
  ['/api/auth/sign-in/email', 'sign-in'],
  ['/api/auth/sign-up/email', 'request'],
  ['/api/auth/request-password-reset', 'request'],
]);

/**
 * The account a sign-in, sign-up or reset request is about and the kind of attempt, or null for
 * other identity requests. The body is read once (`readAttemptBody`) and `body` is what Better
 * Auth is then handed (as JSON), so the count and the check read one and the same `email`; the
 * path is the canonical one (plugins/request-target.ts: no fragment, no dot segments).
 * @throws HttpError 400 (unreadable body, a field named twice) or 415 (another content type).
 */
function accountAttempt(
  request: FastifyRequest,
): { email: string | null; kind: 'sign-in' | 'request'; body: string } | null {
  if (request.method !== 'POST') return null;
  const kind = ACCOUNT_ATTEMPT_PATHS.get(request.url.split('?')[0] ?? '');
  if (!kind) return null;
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const read = readAttemptBody(request.headers['content-type'], raw);
  if ('problem' in read) throw httpError(read.status, read.problem);
  return { email: read.email, kind, body: JSON.stringify(read.fields) };
}

async function forwardToAuth(
  auth: Auth,
  publicUrl: string,
  request: FastifyRequest,
  reply: FastifyReply,
  beforeAnswer?: (status: number) => Promise<void>,
  /** The body to hand Better Auth as JSON instead of the raw one (an attempt's, read once). */
  jsonBody?: string,
): Promise<FastifyReply> {
  const headers = toFetchHeaders(request.headers);
  if (jsonBody !== undefined) {
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
  }
  headers.set(clientIpHeader, request.ip);
  // Always ours, never the client's: Better Auth's trustedOrigins callback reads it.
  const ownOrigin = requestOrigin(request);
  if (ownOrigin) headers.set(requestOriginHeader, ownOrigin);
  else headers.delete(requestOriginHeader);
  const body =
    jsonBody !== undefined
      ? jsonBody
      : Buffer.isBuffer(request.body) && request.body.length > 0
        ? new Uint8Array(request.body)
        : null;
  const response = await auth.handler(
    new Request(new URL(request.url, publicUrl), { method: request.method, headers, body }),
  );
  await beforeAnswer?.(response.status);

  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (!SKIPPED_HEADERS.has(name)) reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);

  const text = await response.text();
  if (response.status < 400) return reply.send(text === '' ? null : text);
  return reply.type('application/json; charset=utf-8').send(errorAnswer(response, text, reply));
}

/** Rewrites a Better Auth error answer to `{statusCode, error, message, code?}`. */
function errorAnswer(response: Response, text: string, reply: FastifyReply) {
  const statusCode = response.status;
  let parsed: { message?: unknown; code?: unknown } = {};
  try {
    parsed = text ? (JSON.parse(text) as typeof parsed) : {};
  } catch {
    parsed = {};
  }
  let message =
    typeof parsed.message === 'string' && parsed.message !== ''
      ? parsed.message
      : (STATUS_CODES[statusCode] ?? 'Error');
  if (statusCode === 429) {
    const seconds = Number(response.headers.get('x-retry-after')) || 60;
    reply.header('retry-after', String(seconds));
    message = `Too many attempts. Please wait ${waitInMinutes(seconds)} and try again.`;
  }
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(typeof parsed.code === 'string' ? { code: parsed.code } : {}),
  };
}
