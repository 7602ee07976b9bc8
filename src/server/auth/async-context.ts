/**
 * Better Auth's async context, switched on only while Better Auth is working
 * (decision 0022 "Better Auth's async context").
 *
 * Better Auth keeps its per-call state (the endpoint context, the request state, the adapter of
 * a transaction) in three `AsyncLocalStorage`s. On Node 20 the first `run` of any of them turns
 * on an async hook for the whole process, and it stays on: every async resource created after
 * that (each request's parser, ticks, timers and writes, Better Auth or not) pays for
 * propagating the three stores. Measured on the hashed asset (`npm run bench`'s path, PGlite):
 * 7–13 µs of CPU per request over a bare `node:http` server with the hook on, 4–6 µs with it
 * off; 78–90 % of that server's requests/s against 89–95 %.
 *
 * `runInAuthContext` counts the calls into Better Auth in flight. When the last one settles it
 * disables the three storages (`AsyncLocalStorage#disable`), and Node turns the hook off again
 * once no storage is enabled; Better Auth's next `run` turns it back on. Nothing of Better Auth
 * outlives its call here: its background tasks are awaited inside the call (no
 * `advanced.backgroundTasks.handler` is configured, better-auth.ts), so no Better Auth code is
 * left to read a store after the count reaches zero.
 *
 * Every call into Better Auth goes through `runInAuthContext`: `withAuthContext` wraps the
 * instance's `handler` and every `api` endpoint (better-auth.ts `createAuth`), so no caller can
 * forget it. A call that bypassed it would lose its context whenever a counted call settled
 * beside it (async-context.test.ts shows Better Auth then answering no session). The count is
 * per process, like the storages (Better Auth keeps them on `globalThis`, shared by every app of
 * the process).
 *
 * On Node 24, whose `AsyncLocalStorage` needs no hook, disabling costs nothing and saves
 * nothing.
 */
import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/** Better Auth's storages; created (shared with Better Auth) on first use. */
let storages: Promise<AsyncLocalStorage<unknown>[]> | undefined;

let inFlight = 0;
let disables = 0;

/** The three storages Better Auth runs its calls in (the same instances it uses). */
function authStorages(): Promise<AsyncLocalStorage<unknown>[]> {
  storages ??= Promise.all([
    getCurrentAuthContextAsyncLocalStorage(),
    getRequestStateAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ] as Promise<AsyncLocalStorage<unknown>>[]);
  return storages;
}

/**
 * Runs `call`, a call into Better Auth (`auth.handler(…)`, `auth.api.…(…)`), and resolves or
 * rejects as it does. When it is the last call in flight, Better Auth's storages are disabled
 * before this settles.
 */
export async function runInAuthContext<T>(call: () => Promise<T>): Promise<T> {
  const found = await authStorages();
  inFlight += 1;
  try {
    return await call();
  } finally {
    inFlight -= 1;
    if (inFlight === 0) {
      for (const storage of found) storage.disable();
      disables += 1;
    }
  }
}

/** The parts of a Better Auth instance that call into it. */
interface AuthCalls {
  handler: (request: Request) => Promise<Response>;
  api: object;
}

/**
 * `auth` with its `handler` and each of its `api` endpoints run through `runInAuthContext`
 * (endpoints keep their own properties, such as `path`); everything else is `auth`'s own. Each
 * endpoint gets one wrapper, made on first access.
 */
export function withAuthContext<A extends AuthCalls>(auth: A): A {
  const { handler } = auth;
  const wrappers = new WeakMap<object, unknown>();
  const api = new Proxy(auth.api, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      const endpoint = value as (...args: unknown[]) => unknown;
      let wrapper = wrappers.get(endpoint);
      if (wrapper === undefined) {
        wrapper = Object.assign(
          (...args: unknown[]) =>
            runInAuthContext(() => Promise.resolve(endpoint.apply(target, args))),
          endpoint,
        );
        wrappers.set(endpoint, wrapper);
      }
      return wrapper;
    },
  });
  return { ...auth, handler: (request: Request) => runInAuthContext(() => handler(request)), api };
}

/**
 * For tests and diagnostics: the calls into Better Auth in flight, and how many times the last
 * one settling disabled its storages.
 */
export function authContextState(): { inFlight: number; disables: number } {
  return { inFlight, disables };
}

/** For tests: Better Auth's storages (see `runInAuthContext`). */
export const authContextStorages = authStorages;
