/**
 * Server-side authorisation for every guarded `/api` call (decision 0002; the convention is
 * docs/decisions/0008-server-route-conventions-and-test-databases.md). A route declares once who
 * may call it, in its `route()` options:
 *
 * ```ts
 * app.route({
 *   ...route(promoteProductContract, { tags, access: { role: 'seller', self: 'uid' } }),
 *   handler: async (request) => { const me = requireCallerRecord(request); … },
 * });
 * ```
 *
 * and ONE `onRequest` hook (`enforceAccess`, below, attached to every route that declares
 * access) enforces it before the body is parsed or anything is validated: a caller without the
 * right gets 401/403 whatever the request carries, never a 400 about its body. In order:
 *
 * 1. Authentication, by `access.via`:
 *    - `'bearer'` (default) — `Authorization: Bearer <token from POST /api/jwt>`. 401 when
 *      missing, malformed, expired, forged, issued for a session that has ended (sign-out,
 *      password reset), or when the identity is gone or its user record is deleted.
 *    - `'session-or-bearer'` — the same, but a signed-in browser's session cookie also counts
 *      (for calls the registration makes before it has a token: POST /api/users, POST
 *      /api/images). A cookie-authenticated write must come from a trusted origin (403, CSRF
 *      defence in depth); a deleted record is 401.
 *    - `'api-key'` — a business seller's dealer API key in `X-Api-Key` (auth/api-keys.ts;
 *      decision 0046), for the inventory API: 401 without one, or with an unknown or revoked key.
 *    - `'session'` — the identity session cookie alone, for `POST /api/jwt`, which turns it into
 *      a token: 401 without one. The handler decides what the session may have (its own uid, a
 *      live record: 403 otherwise); no origin check, because the answer is readable only by the
 *      site itself (CORS is closed) and nothing is written.
 * 2. `access.self` — the raw path parameter of that name must be the caller's uid, else 403.
 * 3. `access.role` — 'admin' (is_admin), 'seller' or 'buyer' (the record's role); a caller
 *    without a user record holds none. 403 otherwise.
 *
 * Handlers read the caller with `requireCaller(request)` / `requireCallerRecord(request)`.
 * Every refusal answers `{statusCode, error, message}` through the error handler.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError } from '../lib/http-error.js';
import { hooksOf } from '../lib/route.js';
import { topicCache } from '../lib/topic-cache.js';
import type { Auth } from './better-auth.js';
import { findApiKeyCaller } from './api-keys.js';
import { findUserRecord, loadCallerState, type CallerState, type UserRecord } from './records.js';
import { identitySessionOf } from './sessions.js';
import { ApiTokenError, type ApiTokenService } from './tokens.js';

/** A role a guarded call may require (docs/product.md §6). */
export type Role = 'admin' | 'seller' | 'buyer';

/** Who may call a route; declared once per route (`route(contract, { access })`). */
export interface RouteAccess {
  /** How the caller proves who they are (see the module comment); default 'bearer'. */
  via?: 'bearer' | 'session-or-bearer' | 'session' | 'api-key';
  /** The path parameter (e.g. 'uid') that must be the caller's own uid. */
  self?: string;
  /** The role the caller must hold. */
  role?: Role;
}

/** Who is calling, set by the access hook. */
export interface Caller {
  /** The identity's id (docs/product.md §3 uid). */
  uid: string;
  /**
   * The user record; null before POST /api/users saved it. Never a deleted one, except for
   * `via: 'session'` routes, whose handler refuses it.
   */
  record: UserRecord | null;
  /** How the caller proved it: an API token, the identity session cookie or a dealer API key. */
  via: 'bearer' | 'session' | 'api-key';
  /** The identity session behind the call; for an API key, the key's id. */
  sessionId: string;
  /** When the API token of a `bearer` call expires (a live stream ends then). */
  tokenExpiresAt?: Date;
}

/** A guarded route as the access hook sees it (the route table the authorisation matrix reads). */
export interface GuardedRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route; absent = public. Enforced by the access hook (guard.ts). */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every guarded route registered so far (method and url as Fastify has them). */
    guardedRoutes: GuardedRoute[];
    /**
     * The caller of a public route that answers its owner a little more (e.g. a listing's
     * `expires_at`): the bearer token's caller, or null without an `Authorization` header or
     * with one that would be a 401 on a guarded route (a public answer never fails on a stale
     * token). Such answers skip the public cache: a signed-in request is never cached there
     * (plugins/public-cache.ts) and is answered `no-store` (plugins/security.ts).
     */
    optionalCaller(request: FastifyRequest): Promise<Caller | null>;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** True when the caller holds `role` (docs/product.md §6: one user may hold several). */
export function holdsRole(record: UserRecord | null, role: Role): boolean {
  if (!record || record.deletedAt) return false;
  if (role === 'admin') return record.isAdmin;
  // Every account buys (decision 0042); the seller role is registration's or added later.
  if (role === 'buyer') return record.isBuyer;
  return record.role === 'seller';
}

/**
 * The caller the access hook established.
 * @throws HttpError 401 when there is none: the route declared no `access` (a programming error,
 *   answered as "sign in" rather than trusting an anonymous request).
 */
export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw httpError(401, 'Sign in required');
  return request.caller;
}

/**
 * The caller's live user record. Routes that declare a `role` always have one (the hook refused
 * callers without).
 * @throws HttpError 401 without a caller; 403 when the caller has no live user record yet.
 */
export function requireCallerRecord(request: FastifyRequest): UserRecord {
  const { record } = requireCaller(request);
  if (!record || record.deletedAt) {
    throw httpError(403, 'Save your user record first (POST /api/users)');
  }
  return record;
}

/**
 * How long the guard trusts what it read about a token's subject without reading again (ms;
 * decision 0022). Any API write raises the `callers` invalidation topic on every instance
 * (plugins/invalidation.ts), so sign-out, password change, deletion and role changes made
 * through the API end access at once; this bounds what a change made outside the API (psql)
 * or a session expiring meanwhile can leave: under 5 s.
 */
export const CALLER_STATE_TTL_MS = 4_000;

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface GuardOptions {
  auth: Auth;
  tokens: ApiTokenService;
  /**
   * Origins a cookie-authenticated write may come from (PUBLIC_URL + TRUSTED_ORIGINS, plus the
   * request's own origin when PUBLIC_URL is unset: auth/origins.ts).
   */
  trustedOrigins: (request: FastifyRequest) => string[];
}

export const guardPlugin = fp(
  async (app: FastifyInstance, options: GuardOptions) => {
    app.decorateRequest('caller', null);
    app.decorate('guardedRoutes', [] as GuardedRoute[]);

    // A token's subject as last read, per uid and session: most guarded calls of a signed-in
    // page need no database round trip to authenticate, and the calls a page makes at once share
    // one read (lib/topic-cache.ts). Frozen: shared by requests.
    const callerStates = topicCache<{ uid: string; sessionId: string }, CallerState>(app, {
      topic: 'callers',
      size: 10_000,
      ttlSeconds: CALLER_STATE_TTL_MS / 1000,
      key: ({ uid, sessionId }) => `${uid} ${sessionId}`,
      async load({ uid, sessionId }) {
        const state = await loadCallerState(app.db, uid, sessionId);
        if (state.record) Object.freeze(state.record);
        return Object.freeze(state);
      },
    });

    /** loadCallerState through the cache; a read that raced a write is not kept. */
    async function callerStateOf(uid: string, sessionId: string): Promise<CallerState> {
      return (await callerStates.get({ uid, sessionId }))!;
    }

    async function fromBearer(header: string): Promise<Caller> {
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
      const state = await callerStateOf(claims.uid, claims.sessionId);
      if (!state.identityExists) throw httpError(401, 'This account no longer exists');
      if (state.record?.deletedAt) throw httpError(401, 'This account has been deleted');
      if (!state.sessionAlive) {
        throw httpError(401, 'Your session has ended; please sign in again');
      }
      return {
        uid: claims.uid,
        record: state.record,
        via: 'bearer',
        sessionId: claims.sessionId,
        tokenExpiresAt: claims.expiresAt,
      };
    }

    /** The caller of the identity session cookie, or null without one. Deleted records kept. */
    async function fromSession(request: FastifyRequest): Promise<Caller | null> {
      const session = await identitySessionOf(options.auth, request.headers);
      if (!session) return null;
      const record = await findUserRecord(app.db, session.uid);
      return { uid: session.uid, record, via: 'session', sessionId: session.sessionId };
    }

    app.decorate('optionalCaller', async (request: FastifyRequest): Promise<Caller | null> => {
      const header = request.headers.authorization;
      if (!header) return null;
      try {
        return await fromBearer(header);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 401) return null;
        throw error;
      }
    });

    /** Cookie-authenticated writes must come from the site itself (CSRF defence in depth). */
    function assertTrustedOrigin(request: FastifyRequest): void {
      const source = request.headers.origin ?? request.headers.referer;
      let origin: string | null = null;
      try {
        origin = source ? new URL(source).origin : null;
      } catch {
        origin = null;
      }
      if (!origin || !options.trustedOrigins(request).includes(origin)) {
        throw httpError(403, 'Requests signed in by cookie must come from the site itself');
      }
    }

    /** A dealer API key's caller (auth/api-keys.ts). @throws HttpError 401 */
    async function fromApiKey(request: FastifyRequest): Promise<Caller> {
      const key = request.headers['x-api-key'];
      if (typeof key !== 'string' || key === '') {
        throw httpError(401, 'Send your dealer API key in the X-Api-Key header');
      }
      const found = await findApiKeyCaller(app.db, key);
      if (!found) throw httpError(401, 'This API key is not valid or has been revoked');
      return {
        uid: found.record.uid,
        record: found.record,
        via: 'api-key',
        sessionId: found.keyId,
      };
    }

    /** Step 1: who is calling, by `via`. @throws HttpError 401/403 */
    async function authenticate(request: FastifyRequest, via: RouteAccess['via']) {
      if (via === 'api-key') return fromApiKey(request);
      const header = request.headers.authorization;
      if (via === 'session') {
        const caller = await fromSession(request);
        if (!caller) throw httpError(401, 'Sign in first: no identity session');
        return caller;
      }
      if (header) return fromBearer(header);
      if (via !== 'session-or-bearer') {
        throw httpError(401, 'Sign in required: send "Authorization: Bearer <token>"');
      }
      const caller = await fromSession(request);
      if (!caller) throw httpError(401, 'Sign in required');
      if (!SAFE_METHODS.has(request.method)) assertTrustedOrigin(request);
      if (caller.record?.deletedAt) throw httpError(401, 'This account has been deleted');
      return caller;
    }

    /**
     * The one access hook, an onRequest hook: it runs after routing (path parameters are known,
     * raw) and before the body is read or validated.
     */
    async function enforceAccess(request: FastifyRequest): Promise<void> {
      const access = request.routeOptions.config.access;
      if (!access) return;
      const caller = await authenticate(request, access.via);
      request.caller = caller;
      if (access.self !== undefined) {
        const value = (request.params as Record<string, unknown> | undefined)?.[access.self];
        if (value !== caller.uid) {
          throw httpError(
            403,
            `You may only act as yourself: ${access.self} must be your own user id`,
          );
        }
      }
      if (access.role !== undefined && !holdsRole(caller.record, access.role)) {
        throw httpError(403, `This needs the ${access.role} role`);
      }
    }

    // Attached to each route that declares access, after the hooks other plugins attached to
    // it before (the write rate limit of plugins/security.ts counts refused requests too), and
    // recorded in the route table.
    app.addHook('onRoute', (routeOptions) => {
      const access = routeOptions.config?.access;
      if (!access) return;
      routeOptions.onRequest = [
        ...hooksOf(routeOptions.onRequest),
        enforceAccess,
      ] as typeof routeOptions.onRequest;
      for (const method of [routeOptions.method].flat()) {
        app.guardedRoutes.push({ method, url: routeOptions.url ?? routeOptions.path, access });
      }
    });
  },
  { name: 'guard', dependencies: ['database', 'invalidation'] },
);
