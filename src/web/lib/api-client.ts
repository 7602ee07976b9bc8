/**
 * The SPA's one fetch wrapper for `/api` calls (DESIGN.md §2, spec §7). It sends and reads JSON,
 * adds the bearer token, and turns every non-2xx answer into an `ApiError` whose `message` is the
 * server's `message` (errors are `{ statusCode, error, message }`, src/contract/errors.ts).
 * The identity provider's own calls (/api/auth/*, /api/jwt) do not go through it
 * (features/auth/api/identity-client.ts): a wrong password must not log anybody out.
 */
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
 * How the shared client reaches the signed-in state without importing a feature (imports flow
 * lib → features → app): the auth provider connects itself with `connectAuth`.
 */
export interface AuthConnection {
  /** A valid API token for the signed-in user (refreshed first if it has run out), or null. */
  getAccessToken(): Promise<string | null>;
  /** Spec §8 Global: a 401/403 from an authenticated call logs the user out and goes to /login. */
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
 * Headers that authenticate a call: spec §7 says every call of the shared client carries
 * `Authorization: Bearer <localStorage 'access-token'>`.
 */
async function authorizationHeaders(): Promise<Record<string, string>> {
  const token = connection ? await connection.getAccessToken() : readAccessToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Serialised as JSON, except FormData (multipart, e.g. an image upload), sent as it is. */
  body?: unknown;
  signal?: AbortSignal;
}

/** A successful answer: the parsed JSON body and the response headers (e.g. `x-next-cursor`). */
export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/**
 * Calls the API and returns the body and headers.
 * @throws ApiError on a non-2xx answer; the fetch TypeError when the network fails.
 */
export async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiResponse<T>> {
  const auth = await authorizationHeaders();
  const headers: Record<string, string> = { accept: 'application/json', ...auth };
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: isForm
      ? (options.body as FormData)
      : options.body === undefined
        ? undefined
        : JSON.stringify(options.body),
    signal: options.signal,
  });
  const body = await readBody(response);
  if (!response.ok) {
    // Spec §8 Global. Only for calls that carried a token: a visitor has nobody to log out.
    if ((response.status === 401 || response.status === 403) && auth.authorization) {
      connection?.onUnauthorized();
    }
    throw new ApiError(response.status, errorMessage(body, response));
  }
  return { data: body as T, headers: response.headers };
}

/** Calls the API with GET and returns only the parsed body. */
export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await apiRequest<T>(path, { signal })).data;
}

/** The parsed JSON body of a response (undefined when empty or not JSON). */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? parseJson(text) : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The server's `message` of an error answer, or a generic text with the status. */
export function errorMessage(body: unknown, response: Response): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return `Request failed: ${response.status} ${response.statusText}`.trim();
}
