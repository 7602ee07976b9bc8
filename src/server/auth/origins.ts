/**
 * Which origins may call the identity endpoints and send cookie-authenticated writes
 * (decision 0010):
 * - PUBLIC_URL set: its origin plus TRUSTED_ORIGINS, nothing else (the strict list);
 * - PUBLIC_URL unset (a fresh `npm start`, opened at localhost, 127.0.0.1 or the machine's
 *   network address): the same list plus the request's own origin, i.e. a request whose
 *   `Origin` equals the scheme and host it was made to. A cross-site page cannot forge its
 *   browser's `Origin`, so cross-site requests are still refused.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * Header the identity bridge sets (overwriting anything a client sent) to the origin the
 * request was made to, so Better Auth's `trustedOrigins` callback can read it.
 */
export const requestOriginHeader = 'x-second-gear-request-origin';

/** `scheme://host[:port]` the request was made to (honours TRUST_PROXY for the scheme), or null. */
export function requestOrigin(request: FastifyRequest): string | null {
  const host = request.host;
  if (!host) return null;
  try {
    return new URL(`${request.protocol}://${host}`).origin;
  } catch {
    return null;
  }
}

/** The origins trusted everywhere: PUBLIC_URL's plus TRUSTED_ORIGINS. */
export function fixedTrustedOrigins(config: Pick<Config, 'publicUrl' | 'trustedOrigins'>) {
  return [config.publicUrl, ...config.trustedOrigins];
}

/**
 * The origins a given request may come from: the fixed list, plus the request's own origin when
 * PUBLIC_URL is unset (`config.sameOriginTrusted`).
 */
export function trustedOriginsFor(
  config: Pick<Config, 'publicUrl' | 'trustedOrigins' | 'sameOriginTrusted'>,
  ownOrigin: string | null,
): string[] {
  const fixed = fixedTrustedOrigins(config);
  return config.sameOriginTrusted && ownOrigin && !fixed.includes(ownOrigin)
    ? [...fixed, ownOrigin]
    : fixed;
}
