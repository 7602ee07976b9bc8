/**
 * Turns a contract entry of src/contract (imported through src/contract/index.js) into Fastify
 * route options: method, url, the schema (params, querystring, body, response) used for
 * validation, serialisation and OpenAPI, and who may call the route (`config.access`, enforced
 * by the access hook of src/server/auth/guard.ts).
 *
 * A route is guarded exactly when its contract says so: a contract that declares a 401 answer
 * needs an `access` declaration, and a route with one must declare 401 (and 403 when it checks a
 * role or the caller's uid), so the OpenAPI document and the authorisation matrix
 * (src/server/auth/authorisation-matrix.test.ts) never disagree with the guard. A mismatch
 * throws when the route is built, i.e. at start-up.
 */
import type { ZodType } from 'zod';
import type { RouteAccess } from '../auth/guard.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An event beacon (`route(…, { beacon: true })`): see `RouteOptions.beacon`. */
    beacon?: boolean;
  }
}

interface Contract {
  method: string;
  url: string;
  summary?: string;
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  headers?: ZodType;
  response: Record<number, ZodType>;
}

type RouteOf<C extends Contract> = {
  method: C['method'];
  url: C['url'];
  schema: {
    summary?: string;
    tags?: string[];
    params: C['params'];
    querystring: C['querystring'];
    body: C['body'];
    headers: C['headers'];
    response: C['response'];
  };
  config: { access?: RouteAccess; publicCache?: boolean; privateCache?: boolean; beacon?: boolean };
  bodyLimit?: number;
};

export interface RouteOptions {
  /** OpenAPI tags (the area, e.g. 'selling'). */
  tags?: string[];
  /** Who may call the route; absent = public. */
  access?: RouteAccess;
  /**
   * The answer is the same for every anonymous caller: ETag/304, a shared `Cache-Control` and the
   * in-process cache of plugins/public-cache.ts. Only for public GETs.
   */
  publicCache?: boolean;
  /**
   * The caller's own answer is kept in this process until the next write (plugins/
   * private-cache.ts): for guarded GETs that depend on nothing but the caller and the URL.
   */
  privateCache?: boolean;
  /**
   * A public write that only records an event for later counting (a listing view, search
   * impressions; decision 0029): it changes no answer any cache holds, so it raises no
   * invalidation topic (plugins/invalidation.ts), and it is counted by the beacon rate limit
   * instead of the write limit (plugins/security.ts), so browsing never uses up a visitor's
   * writes. Only for public POSTs.
   */
  beacon?: boolean;
  /**
   * The largest request body (bytes). By default {@link smallBodyLimit} for public writes
   * (beacons and other anonymous routes: their bodies are a few fields) and the app's 1 MiB
   * (app.ts) for guarded ones; a public route with a big body (a provider's webhook) says so.
   */
  bodyLimit?: number;
}

/**
 * The body limit of public (anonymous) writes, beacons among them (bytes). A view beacon's body
 * is ~40 bytes, an impressions beacon's under 3 KiB; with 1 MiB, anonymous bodies of nested
 * arrays cost the server seconds of parsing (docs/reliability.md, the fourth attack).
 */
export const smallBodyLimit = 8 * 1024;

/**
 * Fastify route options of `contract`, to spread into `app.route({...route(c, o), handler})`.
 * @throws Error when the contract's 401/403 answers and `access` disagree (see above).
 */
export function route<C extends Contract>(contract: C, options: RouteOptions = {}): RouteOf<C> {
  const { method, url, ...parts } = contract;
  const { tags = [], access, publicCache, privateCache, beacon } = options;
  const bodyLimit =
    options.bodyLimit ?? (method !== 'GET' && (beacon || !access) ? smallBodyLimit : undefined);
  const declares = (status: number) => contract.response[status] !== undefined;
  const name = `${method} ${url}`;
  if (declares(401) && !access) {
    throw new Error(`${name}: its contract declares 401 but the route declares no access`);
  }
  if (access && !declares(401)) {
    throw new Error(`${name}: the route is guarded but its contract does not declare 401`);
  }
  if (access && (access.role || access.self) && !declares(403)) {
    throw new Error(`${name}: the route checks role or uid but its contract does not declare 403`);
  }
  // Only the parts a contract declares: an `undefined` key would read as "declared but empty".
  const schema = Object.fromEntries(
    Object.entries({ ...parts, tags }).filter(([, value]) => value !== undefined),
  );
  if (publicCache && (access || method !== 'GET')) {
    throw new Error(`${name}: only a public GET can be publicly cached`);
  }
  if (privateCache && (!access || method !== 'GET')) {
    throw new Error(`${name}: only a guarded GET can be privately cached`);
  }
  if (beacon && (access || method !== 'POST')) {
    throw new Error(`${name}: only a public POST can be a beacon`);
  }
  const config = {
    ...(access ? { access } : {}),
    ...(beacon ? { beacon } : {}),
    ...(publicCache ? { publicCache } : {}),
    ...(privateCache ? { privateCache } : {}),
  };
  return {
    method,
    url,
    schema,
    config,
    ...(bodyLimit !== undefined ? { bodyLimit } : {}),
  } as RouteOf<C>;
}

/**
 * The hooks of one lifecycle stage of a route (`routeOptions.onRequest`, `.onSend`, …) as an
 * array, whatever Fastify holds there (none, one, or several), for `onRoute` hooks that add their
 * own before or after them.
 */
export function hooksOf<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
