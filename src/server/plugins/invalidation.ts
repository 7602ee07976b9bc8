/**
 * Invalidation signals for the in-process caches (decision 0022), here and on every
 * other instance, and short notes to the other instances (`app.peers`: a new message for their
 * open Server-Sent-Event streams):
 *
 * - Topics: `public` (what the public GETs show: plugins/public-cache.ts), `callers` (what the
 *   guard knows about a token's subject: auth/guard.ts), `private` (a signed-in caller's own
 *   reads: plugins/private-cache.ts) and `sessions` (an identity session may have ended or an
 *   account been deleted: the open live message streams are checked, routes/messages). Each
 *   cache is a `topicCache` (lib/topic-cache.ts) whose entries carry their topic as their
 *   async-cache-dedupe reference: a raise invalidates them.
 * - Every successful write under `/api` (POST, PUT, PATCH, DELETE answered below 400) publishes
 *   `callers` (a sign-out, a password change, a deletion or a role change must end access at
 *   once), `private` (any write may change what some caller's own page shows) and, unless it
 *   is one of the writes that never change a public answer (`quietWritePrefixes`), `public`; and
 *   `sessions` when it is one of the writes that may end a session (`sessionWritePrefixes`).
 *   It does so *before* its answer is sent, and the answer
 *   waits (at most `SIGNAL_WAIT_MS`) until the transport below has taken the signal: a client
 *   that reads through another instance once its write is acknowledged sees the write, not a
 *   cached answer from before it. Code that changes such data outside a request publishes itself
 *   (`app.invalidation.publish`).
 * - Each topic has a generation number, raised by every signal. A cache stamps what it loads
 *   with the generation it began under and drops it when the generation moved meanwhile, so a
 *   read that raced a write never stores the old answer.
 * - Other instances, through one of two transports (payload `<instance> <topic…>` or
 *   `<instance> <note kind> <fields…>`; an instance ignores its own):
 *   - `REDIS_URL` set: Redis pub/sub on the channel `REDIS_KEY_PREFIX + 'invalidation'`, through a
 *     dedicated subscriber connection and a publishing one (ioredis).
 *   - otherwise, on a PostgreSQL server: a dedicated connection LISTENs on
 *     `second_gear_invalidation`, and signals are sent with `pg_notify`.
 *   - on the embedded PGlite database (one process): nobody else to tell.
 *   Delivery takes milliseconds on one network. A lost subscription raises every topic at once
 *   and again once it is back (a signal may have been missed meanwhile); a signal this instance
 *   could not send is made up for by a `*` ("everything may have changed") once it can send
 *   again. Notes (live messages) lost during an outage stay lost: pages refresh their lists when
 *   they regain focus.
 */
import fp from 'fastify-plugin';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export type InvalidationTopic = 'public' | 'callers' | 'private' | 'sessions';
const topics: readonly InvalidationTopic[] = ['public', 'callers', 'private', 'sessions'];

declare module 'fastify' {
  interface FastifyInstance {
    invalidation: {
      /** Raises `topic` here and on every other instance (fire and forget). */
      publish(topic: InvalidationTopic): void;
      /** The current generation of `topic` (starts at 0, only grows). */
      generation(topic: InvalidationTopic): number;
      /** Calls `listener` on every raise of `topic`, local or remote. */
      subscribe(topic: InvalidationTopic, listener: () => void): void;
      /** Which transport reaches the other instances (for logs, tests and the docs). */
      readonly transport: TransportKind;
    };
    /**
     * Notes to the other instances (never to this one), over the same transport; a no-op on
     * PGlite without Redis. `fields` are short ids without spaces: a PostgreSQL notification
     * carries at most 8,000 bytes, so a receiver loads what it needs from the database.
     */
    peers: {
      send(kind: PeerNoteKind, fields: string[]): void;
      on(kind: PeerNoteKind, listener: (fields: string[]) => void): void;
    };
  }
}

/** Kinds of note between instances: `message` = [message id, sender id, recipient id]. */
export type PeerNoteKind = 'message';
const noteKinds: readonly PeerNoteKind[] = ['message'];

/** How signals reach the other instances: Redis pub/sub, PostgreSQL NOTIFY, or nobody. */
export type TransportKind = 'redis' | 'postgres' | 'none';

/** The PostgreSQL notification channel that carries signals between instances. */
export const INVALIDATION_CHANNEL = 'second_gear_invalidation';

/** The Redis pub/sub channel that carries them with REDIS_URL (`keyPrefix` = REDIS_KEY_PREFIX). */
export const redisInvalidationChannel = (keyPrefix: string) => `${keyPrefix}invalidation`;

/**
 * How long a write's answer waits for the transport to take its signals (ms). Past it the answer
 * goes anyway: an unreachable Redis or PostgreSQL listener must not stall every write (the
 * signal is then made up for by `*` on reconnection, and the cache entries expire within 60 s).
 */
export const SIGNAL_WAIT_MS = 500;

/**
 * Writes that never change what a public route answers: signing in and out, API tokens,
 * conversations, favourites, saved searches and notification settings. Everything else under
 * `/api` raises `public` (over-invalidating costs a refill, never correctness).
 */
export const quietWritePrefixes = [
  '/api/auth/sign-in',
  '/api/auth/sign-out',
  '/api/jwt',
  '/api/conversations',
  '/api/favourites',
  '/api/saved-searches',
  '/api/notification-settings',
];

/**
 * Writes that may end an identity session or delete an account, which raise `sessions` too: the
 * identity endpoints (sign-out, password change and reset, session revocation, deletion) but
 * signing in and up (`sessionKeepingPrefixes`), the profile's (deletion, password change) and an
 * admin's user delete. Checking every live stream's session after every write (`callers`) cost
 * 10,000 session lookups per message sent at 10,000 streams (decision 0022); a session ended any
 * other way is still found by the streams' periodic check within seconds.
 */
export const sessionWritePrefixes = ['/api/auth/', '/api/profile', '/api/user-delete/'];
/** Identity writes that start a session and end none. */
export const sessionKeepingPrefixes = ['/api/auth/sign-in', '/api/auth/sign-up'];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What a request's answer tells the caches (see the module comment): `none` for a read, a
 * refused or failed write, one outside `/api` or an event beacon; `quiet` for a write that never
 * changes a public answer (`quietWritePrefixes`); `public` for every other successful write.
 */
export function writeKindOf(
  request: FastifyRequest,
  statusCode: number,
): 'none' | 'quiet' | 'public' {
  if (
    !WRITE_METHODS.has(request.method) ||
    statusCode >= 400 ||
    !request.url.startsWith('/api/') ||
    // An event beacon (a listing view, impressions) changes nothing any cache holds.
    request.routeOptions.config.beacon
  ) {
    return 'none';
  }
  return quietWritePrefixes.some((prefix) => request.url.startsWith(prefix)) ? 'quiet' : 'public';
}

/** A way to reach the other instances. */
interface Transport {
  /** Sends `body` (without the sender prefix) to every other instance; false if it could not. */
  notify(body: string): Promise<boolean>;
  close(): Promise<void>;
}

/** What a transport calls back. */
interface TransportEvents {
  /** Another instance's payload (the sender prefix already checked and removed). */
  receive(words: string[]): void;
  /** The subscription was lost or regained: signals may have been missed. */
  gap(): void;
  /** The transport can send again (after a start or a reconnection). */
  ready(): void;
}

export const invalidationPlugin = fp(
  async (app: FastifyInstance) => {
    const generations = new Map<InvalidationTopic, number>(topics.map((topic) => [topic, 0]));
    const listeners = new Map<InvalidationTopic, (() => void)[]>(
      topics.map((topic) => [topic, []]),
    );
    const raise = (topic: InvalidationTopic) => {
      generations.set(topic, (generations.get(topic) ?? 0) + 1);
      for (const listener of listeners.get(topic) ?? []) listener();
    };
    const raiseAll = () => topics.forEach(raise);

    const peerListeners = new Map<PeerNoteKind, ((fields: string[]) => void)[]>();
    let remote: Transport | null = null;
    // A signal we could not send: the others get `*` once we can send again.
    let missedSending = false;
    const events: TransportEvents = {
      receive(words) {
        const [kind, ...fields] = words;
        if (kind === '*') return raiseAll();
        if (noteKinds.includes(kind as PeerNoteKind)) {
          for (const listener of peerListeners.get(kind as PeerNoteKind) ?? []) listener(fields);
          return;
        }
        for (const word of words) {
          if (topics.includes(word as InvalidationTopic)) raise(word as InvalidationTopic);
        }
      },
      gap: raiseAll,
      ready() {
        if (!missedSending || !remote) return;
        missedSending = false;
        void send('*');
      },
    };
    const opened = await openTransport(app, events);
    remote = opened.transport;

    /** Sends `body` to the others; remembers a failure, to make up for it later. */
    const send = async (body: string): Promise<void> => {
      if (!remote) return;
      if (!(await remote.notify(body))) missedSending = true;
    };

    /** Raises `list` here, then sends them in one payload; resolves once sent or given up on. */
    const publishTopics = (list: InvalidationTopic[]): Promise<void> => {
      list.forEach(raise);
      return send(list.join(' '));
    };

    app.decorate('invalidation', {
      publish: (topic: InvalidationTopic) => void publishTopics([topic]),
      generation: (topic: InvalidationTopic) => generations.get(topic) ?? 0,
      subscribe(topic: InvalidationTopic, listener: () => void) {
        listeners.get(topic)?.push(listener);
      },
      transport: opened.kind,
    });

    app.decorate('peers', {
      send: (kind: PeerNoteKind, fields: string[]) => void send(`${kind} ${fields.join(' ')}`),
      on(kind: PeerNoteKind, listener: (fields: string[]) => void) {
        peerListeners.set(kind, [...(peerListeners.get(kind) ?? []), listener]);
      },
    });

    // Before the answer leaves (onSend, not onResponse): see the module comment.
    app.addHook('onSend', (request, reply, payload, done) => {
      const kind = writeKindOf(request, reply.statusCode);
      if (kind === 'none') return done(null, payload);
      const list: InvalidationTopic[] =
        kind === 'quiet' ? ['callers', 'private'] : ['callers', 'private', 'public'];
      const url = request.url;
      if (
        sessionWritePrefixes.some((prefix) => url.startsWith(prefix)) &&
        !sessionKeepingPrefixes.some((prefix) => url.startsWith(prefix))
      ) {
        list.push('sessions');
      }
      const sent = publishTopics(list);
      if (!remote) return done(null, payload);
      let timer: NodeJS.Timeout | undefined;
      const givenUp = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, SIGNAL_WAIT_MS);
      });
      void Promise.race([sent, givenUp]).then(() => {
        clearTimeout(timer);
        done(null, payload);
      });
    });

    app.addHook('onClose', async () => remote?.close());
  },
  { name: 'invalidation', dependencies: ['database'] },
);

/** The transport for this configuration: Redis with REDIS_URL, else PostgreSQL, else none. */
async function openTransport(
  app: FastifyInstance,
  events: TransportEvents,
): Promise<{ kind: TransportKind; transport: Transport | null }> {
  const instance = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const fromOthers = (payload: string) => {
    const [sender, ...words] = payload.split(' ');
    if (sender !== instance && words.length > 0) events.receive(words);
  };
  const redis = app.config.redis;
  if (redis) {
    const transport = await redisTransport(app, redis, instance, { ...events, fromOthers });
    return { kind: 'redis', transport };
  }
  const url = app.database.url;
  if (app.database.kind === 'postgres' && url) {
    const transport = await postgresTransport(app, url, instance, { ...events, fromOthers });
    return { kind: 'postgres', transport };
  }
  return { kind: 'none', transport: null };
}

type TransportHooks = TransportEvents & { fromOthers(payload: string): void };

/**
 * Redis pub/sub on `redisInvalidationChannel(keyPrefix)`: a subscriber connection (named
 * `<keyPrefix>invalidation:<instance>` in CLIENT LIST) and a publisher
 * (`<keyPrefix>invalidation-publisher:<instance>`). Neither blocks start-up
 * or a request while Redis is down: both reconnect on their own (ioredis's back-off, at most
 * 2 s apart), the subscriber subscribes again and reports a gap, a publish fails at once.
 */
async function redisTransport(
  app: FastifyInstance,
  redis: { url: string; keyPrefix: string },
  instance: string,
  hooks: TransportHooks,
): Promise<Transport> {
  const channel = redisInvalidationChannel(redis.keyPrefix);
  const common = {
    lazyConnect: true,
    connectTimeout: 1_000,
    retryStrategy: (times: number) => Math.min(times * 100, 2_000),
  };
  const subscriber = new Redis(redis.url, {
    ...common,
    // Subscribed by hand on every `ready`, so that the gap is reported once it really listens.
    autoResubscribe: false,
    connectionName: `${redis.keyPrefix}invalidation:${instance}`.replace(/\s/g, '_'),
  });
  const publisher = new Redis(redis.url, {
    ...common,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: `${redis.keyPrefix}invalidation-publisher:${instance}`.replace(/\s/g, '_'),
  });
  let listening = false;
  let closing = false;
  let warned = false;
  const warn = (error: unknown, what: string) => {
    // ioredis reports every failed reconnection attempt: say it once per outage.
    if (warned) return;
    warned = true;
    app.log.warn({ err: error }, `invalidation: ${what}`);
  };

  subscriber.on('message', (from: string, payload: string) => {
    if (from === channel) hooks.fromOthers(payload);
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        listening = true;
        warned = false;
        hooks.gap();
      },
      (error: unknown) => {
        warn(error, 'could not subscribe in Redis; reconnecting');
        subscriber.disconnect(true);
      },
    );
  });
  subscriber.on('close', () => {
    if (!listening || closing) return;
    listening = false;
    app.log.warn('invalidation: lost the Redis subscription; every cache starts afresh');
    hooks.gap();
  });
  subscriber.on('error', (error: unknown) => warn(error, 'Redis is unreachable'));
  publisher.on('error', (error: unknown) => warn(error, 'Redis is unreachable'));
  publisher.on('ready', () => hooks.ready());

  await Promise.all(
    [subscriber, publisher].map((client) =>
      client.connect().catch((error: unknown) => warn(error, 'Redis is unreachable')),
    ),
  );

  return {
    async notify(body) {
      try {
        await publisher.publish(channel, `${instance} ${body}`);
        return true;
      } catch (error) {
        warn(error, 'could not publish in Redis');
        return false;
      }
    },
    async close() {
      closing = true;
      for (const client of [subscriber, publisher]) {
        // quit() waits for a connection that may never come back: only when connected.
        if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
        else client.disconnect();
      }
    },
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY on `INVALIDATION_CHANNEL`: a dedicated connection that LISTENs (and
 * sends our notifications); reopened a second after it is lost.
 */
async function postgresTransport(
  app: FastifyInstance,
  url: string,
  instance: string,
  hooks: TransportHooks,
): Promise<Transport> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const reconnectLater = (error: unknown) => {
    app.log.warn({ err: error }, 'invalidation: could not listen for other instances');
    if (!closed) retry = setTimeout(() => void connect().catch(reconnectLater), 1000);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === INVALIDATION_CHANNEL && message.payload) {
        hooks.fromOthers(message.payload);
      }
    });
    next.on('error', (error) => {
      if (client === next) {
        client = null;
        hooks.gap();
      }
      void next.end().catch(() => undefined);
      reconnectLater(error);
    });
    await next.connect();
    await next.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    client = next;
    hooks.gap();
    hooks.ready();
  };
  await connect();

  return {
    async notify(body) {
      if (!client) return false;
      try {
        await client.query('SELECT pg_notify($1, $2)', [
          INVALIDATION_CHANNEL,
          `${instance} ${body}`,
        ]);
        return true;
      } catch (error) {
        app.log.warn({ err: error }, 'invalidation: notify failed');
        return false;
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
