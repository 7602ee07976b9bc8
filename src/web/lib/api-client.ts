/**
 * The SPA's one typed call to the API (docs/architecture.md, docs/product.md §7; decision 0007): name a route of the
 * contract, give its path parameters, query and body, get its answer — all typed from the
 * contract's schemas, without shipping zod (src/contract/routes.ts):
 *
 *     const order = await apiCall(apiRoutes.getOrder, { params: { id }, signal });
 *
 * It sends and reads JSON, adds the bearer token, and turns every non-2xx answer into an
 * `ApiError` whose `message` is the server's (errors are `{statusCode, error, message}`,
 * src/contract/errors.ts). The identity provider's own calls (/api/auth/*) do not go through it
 * (lib/auth/identity-client.ts), and the calls made with the session cookie (`auth: 'session'`)
 * never log anybody out: a wrong password is an answer to show.
 */
import { nextCursorHeader } from '../../contract/paths';
import {
  apiUrl,
  type ApiRoute,
  type InputArgs,
  type RouteAnswer,
  type RouteInput,
} from '../../contract/routes';
import { readAccessToken } from './access-token';

/** Thrown for a non-2xx answer; `status` is the HTTP status, `message` the server's message. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** True for an ApiError with the given status (e.g. 404 for an unknown id). */
export function isApiError(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && (statuses.length === 0 || statuses.includes(error.status));
}

/**
 * How the shared client reaches the signed-in state without importing it (the auth provider
 * connects itself with `connectAuth`), so that this module stays free of React.
 */
export interface AuthConnection {
  /** A valid API token for the signed-in user (refreshed first if it has run out), or null. */
  getAccessToken(): Promise<string | null>;
  /** docs/product.md §8 Global: a 401/403 from an authenticated call logs the user out and goes to /login. */
  onUnauthorized(): void;
}

let connection: AuthConnection | null = null;

/** Lets the auth provider serve tokens and handle 401/403; returns the disconnect function. */
export function connectAuth(auth: AuthConnection): () => void {
  connection = auth;
  return () => {
    if (connection === auth) connection = null;
  };
}

/**
 * How calls reach the server: the browser's `fetch` with the page's relative URLs, or, while the
 * server renders a page (src/web/entry-server.tsx), a function that answers from the server
 * itself without a network round trip.
 */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/** Replaces the transport (server rendering); returns the function that puts the old one back. */
export function setApiTransport(next: ApiTransport): () => void {
  const previous = transport;
  transport = next;
  return () => {
    transport = previous;
  };
}

/** What a call sends besides the route's own input. */
export interface CallOptions {
  signal?: AbortSignal;
  /**
   * `bearer` (default, docs/product.md §7): `Authorization: Bearer <access-token>`, and a 401/403 logs the
   * user out. `session`: only the identity's session cookie (`POST /api/jwt`, `GET
   * /api/auth-config`); a 401/403 is only an answer.
   */
  auth?: 'bearer' | 'session';
  /** A multipart body (e.g. `POST /api/images`), for routes whose contract has no JSON body. */
  form?: FormData;
}

/** The route's input (`params`, `query`, `body`) and the call's options. */
export type CallInput<R extends ApiRoute> = RouteInput<R> & CallOptions;

/** A successful answer: the parsed JSON body and the response headers. */
interface Answer<R extends ApiRoute> {
  data: RouteAnswer<R>;
  headers: Headers;
}

/**
 * Calls a contract route and returns its answer.
 * @throws ApiError on a non-2xx answer; the fetch TypeError when the network fails; TypeError
 *   when a path parameter is missing.
 */
export async function apiCall<R extends ApiRoute>(
  route: R,
  ...args: InputArgs<CallInput<R>>
): Promise<RouteAnswer<R>> {
  return (await send(route, args[0])).data;
}

/** A page of a cursor-paginated list (decision 0003). */
export interface ApiPage<Item> {
  items: Item[];
  /** The cursor of the next page (`x-next-cursor`), or null on the last page. */
  nextCursor: string | null;
}

type ItemOf<R extends ApiRoute> = RouteAnswer<R> extends (infer Item)[] ? Item : never;

/**
 * Calls a paginated contract route (its query has `cursor`) and returns one page: the items and
 * the next page's cursor from the `x-next-cursor` header.
 * @throws as `apiCall`.
 */
export async function apiPage<R extends ApiRoute>(
  route: R,
  ...args: InputArgs<CallInput<R>>
): Promise<ApiPage<ItemOf<R>>> {
  const { data, headers } = await send(route, args[0]);
  return { items: data as ItemOf<R>[], nextCursor: headers.get(nextCursorHeader) };
}

async function send<R extends ApiRoute>(
  route: R,
  input: CallInput<R> | undefined,
): Promise<Answer<R>> {
  const { signal, auth = 'bearer', form } = input ?? {};
  const body = (input as { body?: unknown } | undefined)?.body;
  const url = apiUrl(route, input as never);
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = auth === 'bearer' ? await bearerToken() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await transport(url, {
    method: route.method,
    headers,
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    signal,
  });
  const parsed = await readBody(response);
  if (!response.ok) {
    // docs/product.md §8 Global. Only for calls that carried a token: a visitor has nobody to log out.
    if ((response.status === 401 || response.status === 403) && token) {
      connection?.onUnauthorized();
    }
    throw new ApiError(response.status, errorMessage(parsed, response));
  }
  return { data: parsed as RouteAnswer<R>, headers: response.headers };
}

/**
 * Opens a streaming answer (Server-Sent Events, e.g. `GET /api/messages/stream`) with the bearer
 * token and returns the raw response for the caller to read; an error answer throws ApiError.
 * @throws ApiError on a non-2xx answer; the fetch's own errors (network, abort).
 */
export async function apiStream<R extends ApiRoute>(
  route: R,
  ...args: InputArgs<CallInput<R>>
): Promise<Response> {
  const input = args[0];
  const token = await bearerToken();
  const response = await fetch(apiUrl(route, input as never), {
    headers: {
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    signal: input?.signal,
  });
  if (!response.ok) {
    if (response.status === 401) connection?.onUnauthorized();
    throw new ApiError(response.status, errorMessage(await readBody(response), response));
  }
  return response;
}

/**
 * The token for `Authorization: Bearer …`: docs/product.md §7 says every call of the shared client carries
 * the `access-token` from local storage; the auth provider renews it first when it has run out.
 */
async function bearerToken(): Promise<string | null> {
  return connection ? connection.getAccessToken() : readAccessToken();
}

/** The parsed JSON body of a response (undefined when empty or not JSON). */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The server's `message` of an error answer, or a generic text with the status. */
export function errorMessage(
  body: unknown,
  response: Pick<Response, 'status' | 'statusText'>,
): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return `Request failed: ${response.status} ${response.statusText}`.trim();
}
