/**
 * Attempts on one account from one client (decision 0030): sign-in failures, password-change
 * failures, sign-up and password-reset requests, counted per (account, client address) in a
 * fixed window. A client past the maximum is refused for that account until the window ends;
 * the account's owner, from any other address, is not (a stranger who knows an e-mail address
 * cannot lock its owner out). Successful sign-ins are never counted and clear the client's
 * failures (OWASP ASVS 5.0 §6.3; OWASP Authentication Cheat Sheet, "Account Lockout").
 *
 * The counting is rate-limiter-flexible's: `RateLimiterRedis` when REDIS_URL is set (one count
 * for every instance behind a balancer, each step one atomic Lua script), else
 * `RateLimiterMemory` in this process. Should Redis fail, an attempt is let through and the
 * error logged, like the write limit (plugins/security.ts).
 */
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/** Counts of one kind of attempt, keyed by account and client. */
export interface AttemptCounter {
  /**
   * Counts an attempt of `key` when it is checked, in one step, so that parallel attempts
   * cannot all pass the check before any of them is counted (rate-limiter-flexible `consume`).
   * @returns 0 when the attempt is within the limit (it may go on), else the seconds until
   *   `key` may try again (at least 1).
   */
  take(key: string): Promise<number>;
  /** Gives back one attempt counted by `take` that turned out not to count (`reward`). */
  release(key: string): Promise<void>;
  /** Forgets `key`'s attempts, after a success (`delete`). */
  clear(key: string): Promise<void>;
}

/**
 * The counter over one rate-limiter-flexible limiter. Store errors (an unreachable Redis) go to
 * `onError` and the attempt is let through.
 */
function attemptCounter(
  limiter: RateLimiterAbstract,
  onError: (error: unknown) => void,
): AttemptCounter {
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (refusal) {
        // A refusal is a RateLimiterRes (past the limit); anything else is the store failing.
        if (refusal instanceof RateLimiterRes) {
          // Never 0: a client told to retry "in 0 seconds" would hammer the server.
          return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        }
        onError(refusal);
        return 0;
      }
    },
    async release(key) {
      try {
        const left = await limiter.reward(key);
        // The window ended in between: `reward` began a new one below zero, which would give
        // an extra attempt; a fresh window starts at the next attempt instead.
        if (left.consumedPoints < 0) await limiter.delete(key);
      } catch (error) {
        onError(error);
      }
    },
    async clear(key) {
      try {
        await limiter.delete(key);
      } catch (error) {
        onError(error);
      }
    },
  };
}

/** An in-process counter: `max` attempts per `windowSeconds` from the first one. */
export function memoryAttemptCounter(max: number, windowSeconds: number): AttemptCounter {
  // Each key is dropped when its window ends (the library's own timer, which does not hold
  // the process open).
  return attemptCounter(new RateLimiterMemory({ points: max, duration: windowSeconds }), () => {});
}

/**
 * A counter in Redis under `prefix` (keys `prefix` + key): `max` attempts per `windowSeconds`
 * from the first one. Redis errors are reported to `onError` and the attempt let through.
 */
export function redisAttemptCounter(
  redis: Redis,
  prefix: string,
  max: number,
  windowSeconds: number,
  onError: (error: unknown) => void,
): AttemptCounter {
  // rate-limiter-flexible joins its prefix and the key with a colon.
  const keyPrefix = prefix.endsWith(':') ? prefix.slice(0, -1) : prefix;
  return attemptCounter(
    new RateLimiterRedis({ storeClient: redis, keyPrefix, points: max, duration: windowSeconds }),
    onError,
  );
}

/** A wait in whole minutes, rounded up: "1 minute", "15 minutes". */
export function waitInMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** JSON media types, as Better Auth's request reader (better-call `getBody`) tells them. */
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;

/** An identity request's body, read once: its fields, or why it cannot be read. */
export type AttemptBody =
  | { fields: Record<string, unknown>; email: string | null }
  | { problem: string; status: 400 | 415 };

/**
 * Reads the body of a sign-in, sign-up or reset request once, as the one version both the
 * per-account count and Better Auth use: the caller forwards `fields` to Better Auth as JSON,
 * so the `email` counted is the `email` Better Auth checks (docs/reliability.md, the fourth
 * attack: a form with `email` twice was counted by its first and checked by its last).
 * JSON (`application/json` and `+json` types) must be an object; a form
 * (`application/x-www-form-urlencoded`) must name each field once.
 * @returns the fields and the e-mail address (trimmed, lower-case; null when missing), or a
 *   problem: 400 for a body that cannot be read or names a field twice, 415 for another type.
 */
export function readAttemptBody(contentType: string | undefined, body: Buffer): AttemptBody {
  const type = (contentType ?? '').toLowerCase();
  let fields: Record<string, unknown>;
  if (JSON_TYPE.test(type)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return { problem: 'The request body is not valid JSON', status: 400 };
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      return { problem: 'The request body must be a JSON object', status: 400 };
    }
    fields = parsed as Record<string, unknown>;
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(body.toString('utf8'));
    fields = {};
    for (const [name, value] of form) {
      if (Object.hasOwn(fields, name)) {
        return { problem: `The form field "${name}" must be sent once`, status: 400 };
      }
      fields[name] = value;
    }
  } else {
    return {
      problem: 'Send the request as application/json or application/x-www-form-urlencoded',
      status: 415,
    };
  }
  const email = fields.email;
  return {
    fields,
    email: typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : null,
  };
}
