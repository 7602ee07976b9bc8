/**
 * Request ids (decisions 0032, 0051): every request gets one, echoed in the answer's
 * `x-request-id` header and carried by every log line Fastify writes for it (`reqId`), so an
 * operator can follow one request from the reverse proxy's log to ours. Fastify decides it with
 * its documented `genReqId` option (app.ts), and an `onRequest` hook echoes `request.id`.
 *
 * - **Taken from the proxy** when TRUST_PROXY says a proxy stands in front (`true` or at least
 *   one hop): the nearest proxy sets or passes `X-Request-Id`, and its id is kept so both logs
 *   carry the same. A client reaching us directly could choose any id, so without a trusted
 *   proxy the header is ignored.
 * - **Validated**: 1 to 128 characters of letters, digits and `-._:@+=/` (what proxies generate:
 *   UUIDs, hex, base64). Anything else — a log-injection attempt, a megabyte of header, the
 *   header sent twice (Node joins the values with ", ") — is replaced by a generated id.
 *   Fastify's own `requestIdHeader` would take the header's value as it is, so app.ts leaves it
 *   off and `genReqId` reads the header itself.
 * - **Generated** otherwise: a random UUID (RFC 9562 version 4).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header read from a trusted proxy and set on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An acceptable request id: 1–128 characters of letters, digits and `-._:@+=/`. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9\-._:@+=/]{1,128}$/;

/**
 * Whether the configured TRUST_PROXY (`true`, `false` or a hop count, config.ts) means the
 * nearest peer is a proxy whose `x-request-id` may be believed.
 */
export function trustsProxyRequestId(trustProxy: boolean | number): boolean {
  return trustProxy === true || (typeof trustProxy === 'number' && trustProxy >= 1);
}

/**
 * Fastify's `genReqId` for a server whose TRUST_PROXY is `trustProxy`: the trusted proxy's
 * `x-request-id` when it matches {@link REQUEST_ID_PATTERN}, else a new UUID. Fastify calls it
 * once per request, with Node's request.
 */
export function requestIdGenerator(
  trustProxy: boolean | number,
): (request: IncomingMessage) => string {
  if (!trustsProxyRequestId(trustProxy)) return () => randomUUID();
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
  };
}
