/**
 * Request ids (decision 0032): every request gets one, echoed in the answer's `x-request-id`
 * header and carried by every log line Fastify writes for it (`reqId`, Fastify's `genReqId`), so
 * an operator can follow one request from the reverse proxy's log to ours.
 *
 * - **Taken from the proxy** when TRUST_PROXY says a proxy stands in front (`true` or at least
 *   one hop): the nearest proxy sets or passes `X-Request-Id`, and its id is kept so both logs
 *   carry the same. A client reaching us directly could choose any id, so without a trusted
 *   proxy the header is ignored.
 * - **Validated**: 1 to 128 characters of letters, digits and `-._:@+=/` (what proxies generate:
 *   UUIDs, hex, base64). Anything else — a log-injection attempt, a megabyte of header — is
 *   replaced by a generated id.
 * - **Generated** otherwise: a random UUID (RFC 9562 version 4).
 *
 * The id is decided once per request (`requestIdOf`, kept by request object): by the server's
 * request listener, which sets the header on every answer, the front door's included, and by
 * Fastify's `genReqId`, which reads the same id for its logger.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

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
 * The `x-request-id` of `request` read from `rawHeaders` (Node builds `request.headers`, a
 * dictionary of every header, on first access; the front door's answers never need it), or
 * undefined when absent or sent more than once (which id would be the proxy's?).
 */
function proxyRequestId(request: IncomingMessage): string | undefined {
  const raw = request.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length !== REQUEST_ID_HEADER.length || name.toLowerCase() !== REQUEST_ID_HEADER) {
      continue;
    }
    if (value !== undefined) return undefined;
    value = raw[i + 1]!;
  }
  return value;
}

/** Decides and remembers the id of each request. */
export interface RequestIds {
  /** The id of `request`: the trusted proxy's when valid, else a new UUID; the same each call. */
  of(request: IncomingMessage): string;
  /**
   * Wraps a server's request listener: each answer carries `x-request-id` (set with `setHeader`
   * before `listener` runs, so `writeHead` merges it into whatever it writes).
   */
  listener(
    listener: (request: IncomingMessage, response: ServerResponse) => void,
  ): (request: IncomingMessage, response: ServerResponse) => void;
}

/** Request ids for a server whose TRUST_PROXY is `trustProxy`. */
export function createRequestIds(trustProxy: boolean | number): RequestIds {
  const trusted = trustsProxyRequestId(trustProxy);
  const ids = new WeakMap<IncomingMessage, string>();
  const of = (request: IncomingMessage): string => {
    let id = ids.get(request);
    if (id !== undefined) return id;
    const given = trusted ? proxyRequestId(request) : undefined;
    id = given !== undefined && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    ids.set(request, id);
    return id;
  };
  return {
    of,
    listener: (listener) => (request, response) => {
      response.setHeader(REQUEST_ID_HEADER, of(request));
      listener(request, response);
    },
  };
}
