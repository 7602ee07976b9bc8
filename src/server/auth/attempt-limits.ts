/**
 * Attempts on one account from one client (decision 0030): sign-in failures, password-change
 * failures, sign-up and password-reset requests, counted per (account, client address) in a
 * fixed window. A client past the maximum is refused for that account until the window ends;
 * the account's owner, from any other address, is not (a stranger who knows an e-mail address
 * cannot lock its owner out). Successful sign-ins are never counted and clear the client's
 * failures (OWASP ASVS 5.0 §6.3; OWASP Authentication Cheat Sheet, "Account Lockout").
 *
 * Kept in Redis when REDIS_URL is set (one count for every instance behind a balancer), else in
 * this process. Should Redis fail, an attempt is let through and the error logged, like the
 * write limit (plugins/security.ts).
 */
import type { Redis } from 'ioredis';

/** Counts of one kind of attempt, keyed by account and client. */
export interface AttemptCounter {
  /** Seconds until `key` may try again; 0 when it may try now. */
  blockedFor(key: string): Promise<number>;
  /** Counts one attempt of `key`. */
  count(key: string): Promise<void>;
  /** Forgets `key`'s attempts (after a successful sign-in). */
  clear(key: string): Promise<void>;
  /**
   * Checks and counts in one step, so that parallel attempts cannot all pass the check before
   * any of them is counted: counts one attempt of `key` unless it is past the limit.
   * @returns 0 when the attempt was counted (it may go on), else the seconds until `key` may
   *   try again (nothing counted).
   */
  take(key: string): Promise<number>;
  /** Gives back one attempt counted by `take` that turned out not to count (a 429 or 5xx). */
  release(key: string): Promise<void>;
}

/** An in-process counter: `max` attempts per `windowMs` from the first one. */
export function memoryAttemptCounter(max: number, windowMs: number): AttemptCounter {
  const entries = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.endsAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  /** Seconds until `key` may try again; 0 when it may try now. */
  const blocked = (key: string) => {
    const entry = live(key);
    return entry && entry.count >= max ? Math.ceil((entry.endsAt - Date.now()) / 1000) : 0;
  };
  const add = (key: string) => {
    const entry = live(key);
    if (entry) entry.count += 1;
    else {
      // Bounded: past 100,000 keys, the ended windows go first, then the oldest.
      if (entries.size >= 100_000) {
        for (const [old, value] of entries) {
          if (value.endsAt <= Date.now() || entries.size >= 100_000) entries.delete(old);
          if (entries.size < 90_000) break;
        }
      }
      entries.set(key, { count: 1, endsAt: Date.now() + windowMs });
    }
  };
  return {
    async blockedFor(key) {
      return blocked(key);
    },
    async count(key) {
      add(key);
    },
    async clear(key) {
      entries.delete(key);
    },
    async take(key) {
      // Synchronous from check to count: one step for this process.
      const seconds = blocked(key);
      if (seconds === 0) add(key);
      return seconds;
    },
    async release(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
  };
}

/**
 * A counter in Redis under `prefix`: `max` attempts per `windowMs` from the first one. Redis
 * errors are reported to `onError` and the attempt let through.
 */
export function redisAttemptCounter(
  redis: Redis,
  prefix: string,
  max: number,
  windowMs: number,
  onError: (error: unknown) => void,
): AttemptCounter {
  return {
    async blockedFor(key) {
      try {
        const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
        return Number(count ?? 0) >= max && ttl > 0 ? Math.ceil(ttl / 1000) : 0;
      } catch (error) {
        onError(error);
        return 0;
      }
    },
    async count(key) {
      try {
        await redis
          .multi()
          .set(prefix + key, '0', 'PX', windowMs, 'NX')
          .incr(prefix + key)
          .exec();
      } catch (error) {
        onError(error);
      }
    },
    async clear(key) {
      try {
        await redis.del(prefix + key);
      } catch (error) {
        onError(error);
      }
    },
    async take(key) {
      try {
        // INCR is atomic: of parallel attempts exactly the first `max` get a count ≤ max.
        const results = await redis
          .multi()
          .set(prefix + key, '0', 'PX', windowMs, 'NX')
          .incr(prefix + key)
          .pttl(prefix + key)
          .exec();
        const count = Number(results?.[1]?.[1] ?? 0);
        if (count <= max) return 0;
        await redis.decr(prefix + key);
        const ttl = Number(results?.[2]?.[1] ?? windowMs);
        return Math.max(1, Math.ceil(ttl / 1000));
      } catch (error) {
        onError(error);
        return 0;
      }
    },
    async release(key) {
      try {
        await redis.decr(prefix + key);
      } catch (error) {
        onError(error);
      }
    },
  };
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
