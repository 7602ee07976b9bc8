/**
 * The topic caches (lib/topic-cache.ts, decision 0051): async-cache-dedupe keeps and shares
 * loads, and the topic's generation keeps a read that began before a write from being kept or
 * handed to a read that began after it. The app is a stand-in with only the invalidation
 * signals the cache uses.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { InvalidationTopic } from '../plugins/invalidation.js';
import { topicCache } from './topic-cache.js';

/** An app with plugins/invalidation.ts's local half: generations, listeners, publish. */
function appWithSignals(): FastifyInstance {
  const generations = new Map<InvalidationTopic, number>();
  const listeners = new Map<InvalidationTopic, (() => void)[]>();
  return {
    invalidation: {
      generation: (topic: InvalidationTopic) => generations.get(topic) ?? 0,
      subscribe: (topic: InvalidationTopic, listener: () => void) =>
        listeners.set(topic, [...(listeners.get(topic) ?? []), listener]),
      publish(topic: InvalidationTopic) {
        generations.set(topic, (generations.get(topic) ?? 0) + 1);
        for (const listener of listeners.get(topic) ?? []) listener();
      },
    },
  } as unknown as FastifyInstance;
}

/** A load whose results the test hands out one by one, in call order. */
function controlledLoad() {
  const waiting: ((value: string | null) => void)[] = [];
  return {
    calls: () => waiting.length,
    load: ({ key }: { key: string }) => {
      void key;
      return new Promise<string | null>((resolve) => waiting.push(resolve));
    },
    /** Resolves the `index`-th call (0-based) with `value`. */
    answer(index: number, value: string | null) {
      waiting[index]!(value);
    },
  };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('topicCache', () => {
  const options = {
    topic: 'public' as const,
    size: 10,
    ttlSeconds: 60,
    key: (a: { key: string }) => a.key,
  };

  it('keeps a value, and answers the same key from it without loading', async () => {
    const app = appWithSignals();
    let loads = 0;
    const cache = topicCache(app, {
      ...options,
      load: async ({ key }) => `value of ${key} #${++loads}`,
    });
    expect(await cache.get({ key: 'a' })).toBe('value of a #1');
    expect(await cache.get({ key: 'a' })).toBe('value of a #1');
    expect(await cache.get({ key: 'b' })).toBe('value of b #2');
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 2 });
  });

  it('shares one load between concurrent gets of one key', async () => {
    const control = controlledLoad();
    const cache = topicCache(appWithSignals(), { ...options, load: control.load });
    const gets = [cache.get({ key: 'a' }), cache.get({ key: 'a' }), cache.get({ key: 'a' })];
    await settled();
    expect(control.calls()).toBe(1);
    control.answer(0, 'shared');
    expect(await Promise.all(gets)).toEqual(['shared', 'shared', 'shared']);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 2, misses: 1 });
  });

  it('loads again after the topic is raised, here or by another instance', async () => {
    const app = appWithSignals();
    let loads = 0;
    const cache = topicCache(app, { ...options, load: async () => `#${++loads}` });
    expect(await cache.get({ key: 'a' })).toBe('#1');
    cache.invalidate();
    expect(await cache.get({ key: 'a' })).toBe('#2');
    // A raise that came from elsewhere (plugins/invalidation.ts calls the same listeners).
    app.invalidation.publish('public');
    expect(await cache.get({ key: 'a' })).toBe('#3');
    expect(await cache.get({ key: 'a' })).toBe('#3');
  });

  it('neither keeps nor hands on a load that a raise overtook', async () => {
    const app = appWithSignals();
    const control = controlledLoad();
    const cache = topicCache(app, { ...options, load: control.load });
    const before = cache.get({ key: 'a' });
    await settled();
    // A write is answered while the read is in flight; a read that begins after it…
    app.invalidation.publish('public');
    const after = cache.get({ key: 'a' });
    await settled();
    control.answer(0, 'read before the write');
    expect(await before).toBe('read before the write');
    // …does not take the old answer: it loads on its own.
    await settled();
    expect(control.calls()).toBe(2);
    control.answer(1, 'read after the write');
    expect(await after).toBe('read after the write');
    // And the old answer was not kept.
    const next = cache.get({ key: 'a' });
    await settled();
    expect(control.calls()).toBe(3);
    control.answer(2, 'fresh');
    expect(await next).toBe('fresh');
  });

  it('keeps neither null nor what `keep` refuses', async () => {
    let loads = 0;
    const cache = topicCache(appWithSignals(), {
      ...options,
      load: async ({ key }) => (key === 'none' ? null : `${key}-${++loads}`),
      keep: (value) => !value.startsWith('big'),
    });
    expect(await cache.get({ key: 'none' })).toBeNull();
    expect(await cache.get({ key: 'big' })).toBe('big-1');
    expect(await cache.get({ key: 'big' })).toBe('big-2');
    expect(await cache.get({ key: 'small' })).toBe('small-3');
    expect(await cache.get({ key: 'small' })).toBe('small-3');
  });
});
