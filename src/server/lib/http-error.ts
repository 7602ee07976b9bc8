/** An error with an HTTP status that the error handler answers as `{statusCode, error, message}`. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Creates an HttpError, e.g. `throw httpError(404, 'Category not found')`. */
export function httpError(statusCode: number, message: string): HttpError {
  return new HttpError(statusCode, message);
}
