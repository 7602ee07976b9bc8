/**
 * Calling a contract route without zod (decision 0007). A route is a row of the generated,
 * zod-free route table (`route-table.ts`: `{name, method, url}` of each `<name>Contract` entry);
 * the types below read its inputs and answers from the contract's schemas through type-only
 * imports, which the build erases. So a caller names a route and gets, checked by the compiler:
 * - `RouteParams<R>`: the path parameters (`:uid` → `{uid: string}`),
 * - `RouteQuery<R>`: the query string, `RouteBody<R>`: the JSON body (the schemas' input types),
 * - `RouteAnswer<R>`: the answer of a 2xx status (the schemas' output types).
 * `apiUrl` builds the concrete URL. The SPA's typed call (src/web/lib/api-client.ts) and the
 * tests use both; the server keeps using the contract entries themselves.
 */
import type { z } from 'zod';
import type * as contract from './index.js';

/** A row of the route table. */
export interface ApiRoute {
  /** The contract entry's name without `Contract`, e.g. `createOrder`. */
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The path in Fastify's syntax, e.g. `/api/order/:id`. */
  readonly url: string;
}

type Contract = typeof contract;

/** The contract entry of a route (`createOrder` → `createOrderContract`). */
export type RouteContract<R extends ApiRoute> = `${R['name']}Contract` extends keyof Contract
  ? Contract[`${R['name']}Contract`]
  : never;

/** The input type of the entry's schema in `field`, or `undefined` when it has none. */
type SchemaInput<R extends ApiRoute, Field extends string> =
  RouteContract<R> extends { readonly [K in Field]: infer Schema extends z.ZodType }
    ? z.input<Schema>
    : undefined;

/** Path parameters, e.g. `{uid: string}` for `/api/user/admin/:uid`; `undefined` for none. */
export type RouteParams<R extends ApiRoute> = SchemaInput<R, 'params'>;
/** Query string fields (`querystring` schema), or `undefined` when the route reads none. */
export type RouteQuery<R extends ApiRoute> = SchemaInput<R, 'querystring'>;
/** The JSON body, or `undefined` when the route reads none (or a multipart body). */
export type RouteBody<R extends ApiRoute> = SchemaInput<R, 'body'>;

type SuccessStatus = 200 | 201 | 202 | 204;
type Responses<R extends ApiRoute> =
  RouteContract<R> extends { readonly response: infer Map } ? Map : never;

/** The parsed JSON of a 2xx answer: the output type of the schema of each success status. */
export type RouteAnswer<R extends ApiRoute> = {
  [Status in keyof Responses<R> & SuccessStatus]: Responses<R>[Status] extends z.ZodType
    ? z.output<Responses<R>[Status]>
    : never;
}[keyof Responses<R> & SuccessStatus];

/** A field that is required when its type has a required key, optional otherwise, absent for none. */
type Slot<Key extends string, T> = [T] extends [undefined]
  ? { [K in Key]?: undefined }
  : object extends T
    ? { [K in Key]?: T }
    : { [K in Key]: T };

/** What a URL of the route needs: `params` and `query`, each required when the contract says so. */
export type RouteUrlInput<R extends ApiRoute> = Slot<'params', RouteParams<R>> &
  Slot<'query', RouteQuery<R>>;

/** Everything a call of the route sends: `params`, `query` and `body`. */
export type RouteInput<R extends ApiRoute> = RouteUrlInput<R> & Slot<'body', RouteBody<R>>;

/** A path parameter or query field as the schemas take it: a scalar, or absent. */
type UrlValue = string | number | boolean | null | undefined;

/** `[input]` when the route needs some input, `[input?]` when all of it is optional. */
export type InputArgs<Input> = object extends Input ? [input?: Input] : [input: Input];

/**
 * The concrete URL of a route: each `:name` of the pattern replaced by `params[name]`
 * (URI-encoded), then the query fields that are not `undefined`, in the order given, e.g.
 * `apiUrl(verifySeller, {params: {uid: 'u1'}, query: {id}})` → `/api/seller-verify/u1?id=…`.
 * @throws TypeError when a path parameter is missing or empty (it would name another route).
 */
export function apiUrl<R extends ApiRoute>(
  route: R,
  ...[input]: InputArgs<RouteUrlInput<R>>
): string {
  const params = (input?.params ?? {}) as Record<string, UrlValue>;
  const path = route.url.replace(/:(\w+)/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`${route.name}: the path parameter ${key} is missing`);
    }
    return encodeURIComponent(String(value));
  });
  const fields = (input?.query ?? {}) as Record<string, UrlValue>;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
