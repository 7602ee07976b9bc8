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
import { clientIpHeader, createAuth, type Auth } from '../auth/better-auth.js';
import { guardPlugin } from '../auth/guard.js';
import { requestOrigin, requestOriginHeader, trustedOriginsFor } from '../auth/origins.js';
import { resolveAuthSecret } from '../auth/secret.js';
import { toFetchHeaders } from '../auth/sessions.js';
import { createApiTokenService, type ApiTokenService } from '../auth/tokens.js';
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
    const auth = createAuth({ config, db: app.db, secret, mail: app.mail, log: app.log });
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
        // Sign-in, sign-up and reset requests also count per account.
        preHandler: async (request, reply) => {
          const email = accountAttemptEmail(request);
          if (email) await app.limitAccountAttempt(request, reply, email);
        },
        handler: (request, reply) => forwardToAuth(auth, config.publicUrl, request, reply),
      });
    });
  },
  { name: 'auth', dependencies: ['database', 'error-handler', 'security', 'mail'] },
);

/** Identity paths whose attempts count per account (the body's `email`). */
const ACCOUNT_ATTEMPT_PATHS = new Set([
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
]);

/** The `email` of a sign-in, sign-up or reset request's JSON body, or null. */
function accountAttemptEmail(request: FastifyRequest): string | null {
  if (request.method !== 'POST') return null;
  const pathname = request.url.split('?')[0] ?? '';
  if (!ACCOUNT_ATTEMPT_PATHS.has(pathname) || !Buffer.isBuffer(request.body)) return null;
  try {
    const body = JSON.parse(request.body.toString('utf8')) as { email?: unknown };
    return typeof body.email === 'string' && body.email.trim() !== '' ? body.email : null;
  } catch {
    return null;
  }
}

async function forwardToAuth(
  auth: Auth,
  publicUrl: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const headers = toFetchHeaders(request.headers);
  headers.set(clientIpHeader, request.ip);
  // Always ours, never the client's: Better Auth's trustedOrigins callback reads it.
  const ownOrigin = requestOrigin(request);
  if (ownOrigin) headers.set(requestOriginHeader, ownOrigin);
  else headers.delete(requestOriginHeader);
  const body =
    Buffer.isBuffer(request.body) && request.body.length > 0 ? new Uint8Array(request.body) : null;
  const response = await auth.handler(
    new Request(new URL(request.url, publicUrl), { method: request.method, headers, body }),
  );

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
    message = `Too many attempts. Please wait ${seconds} seconds and try again.`;
  }
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(typeof parsed.code === 'string' ? { code: parsed.code } : {}),
  };
}
