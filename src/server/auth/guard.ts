/**
 * Server-side authorisation for every guarded `/api` call (DESIGN.md §3, issue 3). Reuse these
 * in the selling, buying and moderation routes:
 *
 * ```ts
 * app.route({
 *   ...route(promoteProductContract),
 *   preHandler: [app.authenticate, app.requireSelf('uid'), app.requireRole('seller')],
 *   handler: async (request) => { const me = request.caller!.record!; … },
 * });
 * ```
 *
 * - `app.authenticate` — bearer token required (`Authorization: Bearer <token from POST
 *   /api/jwt>`). 401 when missing, malformed, expired, forged, issued for a session that has
 *   ended (sign-out, password reset), or when the identity is gone or its product record is
 *   deleted (a deleted user's token stops working at once). Sets `request.caller`.
 * - `app.authenticateSessionOrBearer` — the same, but a signed-in browser's session cookie also
 *   counts (for calls the registration makes before it has a token: POST /api/users, POST
 *   /api/images). A cookie-authenticated write must come from a trusted origin (403).
 * - `app.requireSelf(param)` — the path parameter `param` must be the caller's uid, else 403.
 * - `app.requireRole(role)` — 'admin' (is_admin), 'seller' or 'buyer' (the record's role); a
 *   caller without a product record holds none. 403 otherwise.
 *
 * Each preHandler answers `{statusCode, error, message}` through the error handler.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { httpError } from '../lib/http-error.js';
import type { Auth } from './better-auth.js';
import { findUserRecord, loadCallerState, type UserRecord } from './records.js';
import { ApiTokenError, type ApiTokenService } from './tokens.js';

/** A role a guarded call may require (spec §6). */
export type Role = 'admin' | 'seller' | 'buyer';

/** Who is calling, set by the authenticate preHandlers. */
export interface Caller {
  /** The identity's id (spec §3 uid). */
  uid: string;
  /** The product record (never a deleted one); null before POST /api/users saved it. */
  record: UserRecord | null;
  /** How the caller proved it: an API token or the identity session cookie. */
  via: 'bearer' | 'session';
  /** The identity session behind the call. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: preHandlerAsyncHookHandler;
    authenticateSessionOrBearer: preHandlerAsyncHookHandler;
    requireSelf(param: string): preHandlerAsyncHookHandler;
    requireRole(role: Role): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** True when the caller holds `role` (spec §6: one user may hold several). */
export function holdsRole(record: UserRecord | null, role: Role): boolean {
  if (!record || record.deletedAt) return false;
  if (role === 'admin') return record.isAdmin;
  return record.role === role;
}

/** Converts Node request headers to Fetch headers (for Better Auth). */
export function toFetchHeaders(raw: FastifyRequest['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  return headers;
}

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface GuardOptions {
  auth: Auth;
  tokens: ApiTokenService;
  /** Origins a cookie-authenticated write may come from (PUBLIC_URL + TRUSTED_ORIGINS). */
  trustedOrigins: string[];
}

export const guardPlugin = fp(
  async (app: FastifyInstance, options: GuardOptions) => {
    app.decorateRequest('caller', null);

    async function fromBearer(request: FastifyRequest, header: string): Promise<Caller> {
      const match = BEARER.exec(header);
      if (!match?.[1]) {
        throw httpError(401, 'The Authorization header must be "Bearer <token>"');
      }
      let claims;
      try {
        claims = await options.tokens.verify(match[1]);
      } catch (error) {
        if (error instanceof ApiTokenError) throw httpError(401, error.message);
        throw error;
      }
      const state = await loadCallerState(app.db, claims.uid, claims.sessionId);
      if (!state.identityExists) throw httpError(401, 'This account no longer exists');
      if (state.record?.deletedAt) throw httpError(401, 'This account has been deleted');
      if (!state.sessionAlive) {
        throw httpError(401, 'Your session has ended; please sign in again');
      }
      return { uid: claims.uid, record: state.record, via: 'bearer', sessionId: claims.sessionId };
    }

    async function fromSession(request: FastifyRequest): Promise<Caller | null> {
      if (!request.headers.cookie) return null;
      const result = await options.auth.api.getSession({
        headers: toFetchHeaders(request.headers),
        query: { disableRefresh: true },
      });
      if (!result) return null;
      if (!SAFE_METHODS.has(request.method)) assertTrustedOrigin(request);
      const record = await findUserRecord(app.db, result.user.id);
      if (record?.deletedAt) throw httpError(401, 'This account has been deleted');
      return { uid: result.user.id, record, via: 'session', sessionId: result.session.id };
    }

    /** Cookie-authenticated writes must come from the site itself (CSRF defence in depth). */
    function assertTrustedOrigin(request: FastifyRequest): void {
      const source = request.headers.origin ?? request.headers.referer;
      let origin: string | null = null;
      try {
        origin = source ? new URL(source).origin : null;
      } catch {
        origin = null;
      }
      if (!origin || !options.trustedOrigins.includes(origin)) {
        throw httpError(403, 'Requests signed in by cookie must come from the site itself');
      }
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (!header) throw httpError(401, 'Sign in required: send "Authorization: Bearer <token>"');
      request.caller = await fromBearer(request, header);
    });

    app.decorate('authenticateSessionOrBearer', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (header) {
        request.caller = await fromBearer(request, header);
        return;
      }
      const caller = await fromSession(request);
      if (!caller) throw httpError(401, 'Sign in required');
      request.caller = caller;
    });

    app.decorate('requireSelf', (param: string): preHandlerAsyncHookHandler => {
      return async (request) => {
        const caller = request.caller;
        if (!caller) throw httpError(401, 'Sign in required');
        const value = (request.params as Record<string, unknown> | undefined)?.[param];
        if (value !== caller.uid) {
          throw httpError(403, `You may only act as yourself: ${param} must be your own user id`);
        }
      };
    });

    app.decorate('requireRole', (role: Role): preHandlerAsyncHookHandler => {
      return async (request) => {
        const caller = request.caller;
        if (!caller) throw httpError(401, 'Sign in required');
        if (!holdsRole(caller.record, role)) {
          throw httpError(403, `This needs the ${role} role`);
        }
      };
    });
  },
  { name: 'guard', dependencies: ['database'] },
);
