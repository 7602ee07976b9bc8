/**
 * In-process caches whose entries belong to one invalidation topic (decisions 0022, 0051), on
 * async-cache-dedupe (its memory storage): the public read cache, a caller's own reads and the
 * guard's caller states.
 *
 * - **One load per key at a time.** Concurrent `get`s of one key share one load
 *   (async-cache-dedupe's deduplication); the value is kept `ttlSeconds` unless `keep` refuses
 *   it or it is null.
 * - **Invalidation by reference.** Every entry carries its topic as its reference; a raise of
 *   the topic, here or on another instance (plugins/invalidation.ts), removes them with the
 *   library's `invalidateAll`.
 * - **Nothing read before a write is used after it.** Each load is stamped with the topic's
 *   generation when it began: a load that a raise overtook is not kept, and a `get` that began
 *   after the raise does not take the result of a load that began before it (it loads again,
 *   alone). A client that reads after its write was answered always sees the write.
 */
import { createCache } from 'async-cache-dedupe';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InvalidationTopic } from '../plugins/invalidation.js';

export interface TopicCacheOptions<A extends object, V> {
  topic: InvalidationTopic;
  /** Entries held at most (the least recently used go first). */
  size: number;
  /** How long an entry is kept, in whole seconds (async-cache-dedupe's unit). */
  ttlSeconds: number;
  /** The key of `args`: equal keys share a load and an entry. */
  key(args: A): string;
  /** Loads the value of `args`; null when there is nothing to keep. */
  load(args: A): Promise<V | null>;
  /** Whether a loaded value may be kept (a bound on its size); every value by default. */
  keep?(value: V): boolean;
}

export interface TopicCache<A extends object, V> {
  /**
   * The value of `args`: an entry, the result of a load of the same key in flight that began
   * under the current generation, or a load of its own.
   * @throws what `load` throws.
   */
  get(args: A): Promise<V | null>;
  /** Raises the topic here and on every other instance: every entry goes. */
  invalidate(): void;
  /** `get`s answered without a load of their own since start (for `GET /metrics`). */
  readonly hits: number;
  /** `get`s that loaded. */
  readonly misses: number;
}

interface Stamped<V> {
  /** The topic's generation when the load began. */
  generation: number;
  value: V | null;
}

/** A new cache of `options.topic` in `app` (which must have plugins/invalidation.ts). */
export function topicCache<A extends object, V>(
  app: FastifyInstance,
  options: TopicCacheOptions<A, V>,
): TopicCache<A, V> {
  const { topic } = options;
  const generation = () => app.invalidation.generation(topic);
  /** The arguments whose own `get` ran the load (the others took a shared one). */
  const loaded = new WeakSet<A>();
  let hits = 0;
  let misses = 0;
  const load = async (args: A): Promise<Stamped<V>> => {
    loaded.add(args);
    const startedAt = generation();
    return { generation: startedAt, value: await options.load(args) };
  };
  const cache = createCache({
    storage: { type: 'memory', options: { size: options.size, invalidation: true } },
  }).define(
    'entry',
    {
      serialize: (args: A) => options.key(args),
      // 0 = not kept: nothing, a value refused, or a load overtaken by a raise.
      ttl: ({ generation: startedAt, value }: Stamped<V>) =>
        value !== null && startedAt === generation() && (options.keep?.(value) ?? true)
          ? options.ttlSeconds
          : 0,
      references: () => [topic],
    },
    load,
  );
  app.invalidation.subscribe(topic, () => void cache.invalidateAll(topic));

  return {
    async get(args) {
      const arrivedAt = generation();
      const { generation: startedAt, value } = await cache.entry(args);
      if (loaded.has(args)) {
        misses++;
        return value;
      }
      if (value !== null && startedAt >= arrivedAt) {
        hits++;
        return value;
      }
      // Another request's load that kept nothing, or began before the last raise.
      misses++;
      return options.load(args);
    },
    invalidate: () => app.invalidation.publish(topic),
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
  };
}

/** A request that may fill an {@link AnswerCache} by running its route. */
interface Fill {
  key: string;
  request: FastifyRequest;
  /** Lets the request go on to its route (its hook's `done`), once. */
  run(): void;
}

export interface AnswerCache<E> {
  /**
   * In a route hook of `request`: answers it with `hit(entry)` when the cache holds `key` or
   * another request of `key` is filling it, or calls `run` (the hook's `done`) so that the route
   * answers it; that answer must then be given to `settle`. `hit` must send the reply.
   */
  lookUp(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    hit: (entry: E) => void,
    run: () => void,
  ): void;
  /** Whether `request` runs its route for a `lookUp` and has not been settled. */
  filling(request: FastifyRequest): boolean;
  /**
   * The entry `request`'s route answered (null: nothing to keep: an error, a stream), for the
   * cache and for the requests of the same key that wait for it. Only the first call counts.
   */
  settle(request: FastifyRequest, entry: E | null): void;
  invalidate(): void;
  readonly hits: number;
  readonly misses: number;
}

/**
 * A {@link topicCache} of route answers, filled by the requests themselves: a request that
 * misses runs its route and its answer is settled from an `onSend` hook, while requests of the
 * same key that arrive meanwhile wait for that answer instead of running the route again.
 */
export function answerCache<E>(
  app: FastifyInstance,
  options: Omit<TopicCacheOptions<Fill, E>, 'key' | 'load'>,
): AnswerCache<E> {
  const pending = new WeakMap<FastifyRequest, (entry: E | null) => void>();
  const cache = topicCache<Fill, E>(app, {
    ...options,
    key: (fill) => fill.key,
    load: (fill) =>
      new Promise<E | null>((resolve) => {
        pending.set(fill.request, resolve);
        fill.run();
      }),
  });
  return {
    lookUp(request, reply, key, hit, run) {
      let ran = false;
      const runOnce = () => {
        if (ran) return;
        ran = true;
        run();
      };
      cache.get({ key, request, run: runOnce }).then(
        (entry) => {
          // Its own route answered (or answers) it.
          if (ran) return;
          if (!entry) return runOnce();
          try {
            hit(entry);
          } catch (error) {
            request.log.warn({ err: error }, 'answer cache: could not answer from the cache');
            if (!reply.sent) runOnce();
          }
        },
        (error: unknown) => {
          request.log.warn({ err: error }, 'answer cache: lookup failed');
          runOnce();
        },
      );
    },
    filling: (request) => pending.has(request),
    settle(request, entry) {
      const resolve = pending.get(request);
      if (!resolve) return;
      pending.delete(request);
      resolve(entry);
    },
    invalidate: () => cache.invalidate(),
    get hits() {
      return cache.hits;
    },
    get misses() {
      return cache.misses;
    },
  };
}
