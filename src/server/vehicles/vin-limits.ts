/**
 * Per-caller limits on VIN decoding (docs/reliability.md, the fourth attack: 300 new VINs from
 * one account kept the decoder busy for everyone). Each route that decodes a VIN the caller
 * chose counts its calls per signed-in user and per client address, `VIN_DECODE_RATE_LIMIT_MAX`
 * a minute each (@fastify/rate-limit's `createRateLimit`, in Redis when REDIS_URL is set).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from '../auth/guard.js';
import { httpError } from '../lib/http-error.js';

/**
 * A check for one route: counts the call for its user and its address.
 * @param name the route's counter name (`vin-decode`, `vin-history`)
 * @returns a function that resolves, or throws HttpError 429 with `retry-after` (seconds) when
 *   the user or the address made `VIN_DECODE_RATE_LIMIT_MAX` calls in the last minute.
 */
export function vinDecodeLimit(app: FastifyInstance, name: string) {
  const max = app.config.vinDecodeRateLimitMax;
  const perUser = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => `${name}:user:${requireCaller(request).uid}`,
  });
  const perClient = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => `${name}:ip:${request.ip}`,
  });
  return async (request: FastifyRequest): Promise<void> => {
    for (const limiter of [perUser, perClient]) {
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) continue;
      const seconds = Math.max(1, result.ttlInSeconds);
      throw httpError(
        429,
        `Too many VIN look-ups: at most ${max} a minute. Try again in ${seconds} seconds.`,
        seconds,
      );
    }
  };
}
