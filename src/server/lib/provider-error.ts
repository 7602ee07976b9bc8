/**
 * A service outside this server that a request depends on failed: the payment provider
 * (Stripe) is unreachable, times out or refuses our key. Not the client's fault and not ours,
 * so the error handler answers it as 502 Bad Gateway with a message naming the service, and logs
 * the cause; handlers just let it propagate (decision 0008).
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly statusCode = 502;
  /**
   * @param service what failed, as users should read it, e.g. 'payment provider'
   * @param message what went wrong, for the log (never sent to the client)
   */
  constructor(
    readonly service: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
