/** An error with an HTTP status that the error handler answers as `{statusCode, error, message}`. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    /** Seconds the client should wait before trying again (sent as `retry-after`), if any. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * Creates an HttpError, e.g. `throw httpError(404, 'Category not found')`.
 * @param retryAfterSeconds when given, the answer carries `retry-after` with it (429, 503).
 */
export function httpError(
  statusCode: number,
  message: string,
  retryAfterSeconds?: number,
): HttpError {
  return new HttpError(statusCode, message, retryAfterSeconds);
}
