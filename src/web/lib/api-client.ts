/**
 * The SPA's one fetch wrapper for `/api` calls (DESIGN.md §2, spec §7). It sends and reads JSON,
 * and turns every non-2xx answer into an `ApiError` whose `message` is the server's `message`
 * (errors are `{ statusCode, error, message }`, src/contract/errors.ts).
 */

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

/** Local-storage key of the API bearer token (spec §3 Token, §9). */
export const ACCESS_TOKEN_KEY = 'access-token';

/**
 * Headers that authenticate a call. The accounts issue fills this in: spec §7 says every call of
 * the shared client carries `Authorization: Bearer <localStorage 'access-token'>`, and spec §8
 * says a 401/403 logs the user out and navigates to /login (to be handled where this client is
 * used, not here).
 */
function authorizationHeaders(): Record<string, string> {
  return {};
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Serialised as JSON. */
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
  const headers: Record<string, string> = { accept: 'application/json', ...authorizationHeaders() };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  const body: unknown = text ? parseJson(text) : undefined;
  if (!response.ok) {
    throw new ApiError(response.status, errorMessage(body, response));
  }
  return { data: body as T, headers: response.headers };
}

/** Calls the API with GET and returns only the parsed body. */
export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await apiRequest<T>(path, { signal })).data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorMessage(body: unknown, response: Response): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return `Request failed: ${response.status} ${response.statusText}`.trim();
}
