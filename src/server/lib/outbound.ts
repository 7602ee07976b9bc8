/**
 * Every request the server makes to the outside world (push services, dealer feeds and their
 * photos, SMS and identity providers, webhooks) goes through this one client, so none of them
 * can be turned against the machine's own network (server-side request forgery, OWASP ASVS 5.0
 * §1.3.6):
 *
 * - only `http:` and `https:` URLs (`https:` only where the caller asks for it);
 * - every address a host name resolves to must be public unicast (not loopback, private,
 *   link-local, unique-local, CGNAT, multicast, reserved…, as `ipaddr.js` classifies it). The
 *   check runs in the connection's own DNS lookup, so the address checked is the address
 *   connected to: a name that resolves to a public address once and a private one the next time
 *   gains nothing;
 * - origins listed in `OUTBOUND_ALLOWED_ORIGINS` are exempt (a local stand-in in tests, a
 *   provider on the private network in production);
 * - redirects are followed by hand, each hop checked again, at most `maxRedirects`;
 * - a time limit for the whole exchange and a size limit for the answer's body.
 *
 * The HTTP client is undici's (the one Node's own `fetch` is built on).
 */
import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent, fetch, type Dispatcher } from 'undici';

/** Why an outbound request was not made or not finished; `reason` is a sentence for a 4xx. */
export class OutboundError extends Error {
  constructor(
    readonly code:
      | 'bad_url'
      | 'scheme'
      | 'private_address'
      | 'timeout'
      | 'too_large'
      | 'too_many_redirects'
      | 'network',
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'OutboundError';
  }
}

/** One outbound request's options. Units: ms and bytes. */
export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The whole exchange, redirects included (default 10,000 ms). */
  timeoutMs?: number;
  /** The answer's body at most (default 10 MiB); larger is `too_large`. */
  maxBytes?: number;
  /** Redirects followed at most (default 3; 0 returns the 3xx itself). */
  maxRedirects?: number;
  /** Refuse `http:` URLs unless their origin is allowed (push services, payment providers). */
  httpsOnly?: boolean;
}

/** An answer read whole: status, headers, the final URL after redirects, and the body. */
export interface OutboundResponse {
  status: number;
  headers: Headers;
  url: string;
  body: Buffer;
}

/** The outbound client: `request` for whole answers, `fetch` for SDKs that take a fetch. */
export interface OutboundClient {
  /**
   * Makes one request under the rules above and reads the answer's body whole.
   * Throws `OutboundError` for a refused URL or address, a time-out, an answer over
   * `maxBytes`, too many redirects, or a network failure; any HTTP status is an answer.
   */
  request(url: string | URL, options?: OutboundRequest): Promise<OutboundResponse>;
  /**
   * A `fetch` under the same address rules (no size limit: the caller streams), for libraries
   * documented to take one (Stripe's `createFetchHttpClient`, for example).
   */
  fetch: typeof globalThis.fetch;
  /** Closes the connection pools (at shutdown). */
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 3;

/** True when `address` (IPv4 or IPv6 text) is public unicast, the only kind we may reach. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A DNS lookup that fails unless every address the name resolves to is public. */
function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused !== undefined || addresses.length === 0) {
      const failure: NodeJS.ErrnoException = new OutboundError(
        'private_address',
        `${hostname} resolves to a private or reserved address`,
      );
      failure.code = 'EOUTBOUNDPRIVATE';
      return callback(failure, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

/**
 * Builds the server's outbound client.
 * `allowedOrigins`: origins (`scheme://host[:port]`) exempt from the address check, from
 * `OUTBOUND_ALLOWED_ORIGINS`.
 */
export function createOutboundClient(options: {
  allowedOrigins: readonly string[];
}): OutboundClient {
  const allowed = new Set(options.allowedOrigins.map((origin) => new URL(origin).origin));
  const publicAgent = new Agent({ connect: { lookup: publicOnlyLookup } });
  const allowedAgent = new Agent();

  function check(url: URL, httpsOnly: boolean): Dispatcher {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new OutboundError('scheme', `${url.protocol} URLs are not fetched`);
    }
    if (url.username !== '' || url.password !== '') {
      throw new OutboundError('bad_url', 'URLs with credentials are not fetched');
    }
    if (allowed.has(url.origin)) return allowedAgent;
    if (httpsOnly && url.protocol !== 'https:') {
      throw new OutboundError('scheme', 'only https:// URLs are fetched here');
    }
    // A literal address is checked here; a name is checked in the connection's DNS lookup.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(host) && !isPublicAddress(host)) {
      throw new OutboundError('private_address', `${host} is a private or reserved address`);
    }
    if (host === 'localhost' || host.endsWith('.localhost')) {
      throw new OutboundError('private_address', `${host} is a private or reserved address`);
    }
    return publicAgent;
  }

  function parse(input: string | URL): URL {
    try {
      return new URL(input);
    } catch {
      throw new OutboundError('bad_url', 'not a valid URL');
    }
  }

  /** Maps undici's failures to ours; the lookup's refusal arrives as the error's cause. */
  function translate(error: unknown, signal: AbortSignal): OutboundError {
    if (error instanceof OutboundError) return error;
    if (signal.aborted) return new OutboundError('timeout', 'the request timed out');
    let cause: unknown = error;
    for (let depth = 0; depth < 4 && cause instanceof Error; depth += 1) {
      if (cause instanceof OutboundError) return cause;
      cause = cause.cause;
    }
    return new OutboundError('network', 'the request failed');
  }

  async function readBody(
    body: ReadableStream<Uint8Array> | null,
    maxBytes: number,
  ): Promise<Buffer> {
    if (body === null) return Buffer.alloc(0);
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new OutboundError('too_large', `the answer is larger than ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks);
  }

  async function request(
    input: string | URL,
    requestOptions: OutboundRequest = {},
  ): Promise<OutboundResponse> {
    const timeoutMs = requestOptions.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const maxBytes = requestOptions.maxBytes ?? DEFAULT_MAX_BYTES;
    const maxRedirects = requestOptions.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    const signal = AbortSignal.timeout(timeoutMs);
    let url = parse(input);
    let method = requestOptions.method ?? 'GET';
    let body = requestOptions.body;
    try {
      for (let hop = 0; ; hop += 1) {
        const dispatcher = check(url, requestOptions.httpsOnly ?? false);
        const response = await fetch(url, {
          method,
          headers: requestOptions.headers,
          body,
          redirect: 'manual',
          signal,
          dispatcher,
        });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location && maxRedirects > 0) {
          await response.body?.cancel();
          if (hop >= maxRedirects) {
            throw new OutboundError('too_many_redirects', 'too many redirects');
          }
          url = parse(new URL(location, url));
          if (
            response.status === 303 ||
            ((response.status === 301 || response.status === 302) && method === 'POST')
          ) {
            method = 'GET';
            body = undefined;
          }
          continue;
        }
        const bytes = await readBody(response.body as ReadableStream<Uint8Array> | null, maxBytes);
        return {
          status: response.status,
          headers: response.headers as unknown as Headers,
          url: url.toString(),
          body: bytes,
        };
      }
    } catch (error) {
      throw translate(error, signal);
    }
  }

  const guardedFetch: typeof globalThis.fetch = async (input, init) => {
    const url = parse(input instanceof Request ? input.url : input);
    const dispatcher = check(url, false);
    try {
      const response = await fetch(url, {
        ...(init as Parameters<typeof fetch>[1]),
        redirect: 'manual',
        dispatcher,
      });
      return response as unknown as Response;
    } catch (error) {
      throw translate(error, init?.signal ?? new AbortController().signal);
    }
  };

  return {
    request,
    fetch: guardedFetch,
    async close() {
      await Promise.all([publicAgent.close(), allowedAgent.close()]);
    },
  };
}
