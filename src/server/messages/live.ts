/**
 * Live delivery of new messages to the open pages of their recipients (Server-Sent Events,
 * `GET /api/messages/stream`; decision 0022). A message is published after its transaction
 * commits, to both parties (the sender's other tabs too). With several instances (Redis pub/sub,
 * or PostgreSQL NOTIFY without Redis) the others are told too (`app.peers`,
 * plugins/invalidation.ts: the message id and both parties' ids); each one that holds a stream of
 * either party loads the message and hands it to its own streams. A page also refreshes its lists
 * when it regains focus.
 *
 * Built to hold 10,000 streams on one instance (decision 0022, "Live message streams at scale";
 * bench/message-streams.ts): streams are indexed by user and by identity session, so a message
 * reaches its parties, a user's streams are counted and a session's streams are ended without
 * looking at the others; one timer per instance (`tick`) sends the keep-alive comments and ends
 * streams at their deadline, instead of two timers per stream; and a stream whose client has
 * stopped reading is cut once `maxBufferedBytes` wait in memory for it.
 */
import type { Message, MessageWarning } from '#contract/index.js';

/** What a stream writes to: the hijacked `http.ServerResponse` (any `Writable` will do). */
export interface StreamSink {
  write(chunk: string): boolean;
  end(): void;
  destroy(): void;
  /** Bytes accepted by `write` and not yet handed to the operating system. */
  readonly writableLength: number;
  readonly writableEnded: boolean;
  readonly destroyed: boolean;
}

/** Timings and bounds of the streams of one instance. */
export interface LiveStreamsOptions {
  /** A comment line this long after a stream's last write keeps proxies from closing it (ms). */
  keepAliveMs: number;
  /**
   * Bytes that may wait in memory for one stream (written, not yet taken by the socket); past
   * it the client has stopped reading, and the stream is cut (it reconnects when it reads again).
   */
  maxBufferedBytes: number;
  /** The clock (ms); tests pass their own. */
  now?: () => number;
}

/** One open stream: whose, on which identity session, until when. */
export class LiveStream {
  /** When the next keep-alive comment is due (ms, the registry's clock). */
  keepAliveAt: number;
  private ended = false;

  constructor(
    private readonly registry: LiveStreams,
    readonly userId: string,
    readonly sessionId: string,
    /** When the stream ends (ms, the registry's clock): `max_seconds` or the token's expiry. */
    readonly endsAt: number,
    private readonly sink: StreamSink,
    /** Called once, when the stream ends for whatever reason. */
    private readonly onEnd: () => void,
    firstKeepAliveAt: number,
  ) {
    this.keepAliveAt = firstKeepAliveAt;
  }

  /**
   * Writes one Server-Sent-Events chunk; cuts the stream (destroys the socket) when more than
   * `maxBufferedBytes` now wait for a client that does not read.
   */
  write(chunk: string): void {
    if (this.ended) return;
    this.sink.write(chunk);
    this.keepAliveAt = this.registry.now() + this.registry.keepAliveMs;
    if (this.sink.writableLength > this.registry.maxBufferedBytes) {
      this.sink.destroy();
      this.end();
    }
  }

  /** Ends the stream (idempotent): leaves the registry, ends the answer, calls `onEnd`. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.registry.remove(this);
    if (!this.sink.writableEnded && !this.sink.destroyed) this.sink.end();
    this.onEnd();
  }
}

function addTo<K>(map: Map<K, Set<LiveStream>>, key: K, stream: LiveStream): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(stream);
}

function removeFrom<K>(map: Map<K, Set<LiveStream>>, key: K, stream: LiveStream): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(stream);
  if (set.size === 0) map.delete(key);
}

/** The open streams of one instance, by user and by identity session. */
export class LiveStreams {
  readonly keepAliveMs: number;
  readonly maxBufferedBytes: number;
  readonly now: () => number;
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly bySession = new Map<string, Set<LiveStream>>();
  private count = 0;

  constructor(options: LiveStreamsOptions) {
    this.keepAliveMs = options.keepAliveMs;
    this.maxBufferedBytes = options.maxBufferedBytes;
    this.now = options.now ?? Date.now;
  }

  /**
   * Registers a stream of `userId` on `sessionId` that writes to `sink` and ends at `endsAt`
   * (this registry's clock). Its first keep-alive comes after a random part of the second half
   * of `keepAliveMs`, so streams opened together do not all send theirs in the same tick.
   */
  open(options: {
    userId: string;
    sessionId: string;
    endsAt: number;
    sink: StreamSink;
    onEnd?: () => void;
  }): LiveStream {
    const now = this.now();
    const stream = new LiveStream(
      this,
      options.userId,
      options.sessionId,
      options.endsAt,
      options.sink,
      options.onEnd ?? (() => undefined),
      now + this.keepAliveMs * (0.5 + Math.random() / 2),
    );
    addTo(this.byUser, stream.userId, stream);
    addTo(this.bySession, stream.sessionId, stream);
    this.count++;
    return stream;
  }

  /** Takes `stream` out (`LiveStream.end` does; nothing else needs to). */
  remove(stream: LiveStream): void {
    const set = this.byUser.get(stream.userId);
    if (!set?.has(stream)) return;
    removeFrom(this.byUser, stream.userId, stream);
    removeFrom(this.bySession, stream.sessionId, stream);
    this.count--;
  }

  /** Open streams in all. */
  get size(): number {
    return this.count;
  }

  /** Open streams of `userId`. */
  countOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Whether `userId` has an open stream here. */
  listens(userId: string): boolean {
    return this.byUser.has(userId);
  }

  /** The identity sessions with an open stream here (each once). */
  sessions(): string[] {
    return [...this.bySession.keys()];
  }

  /** Ends every stream of `sessionId`. */
  endSession(sessionId: string): void {
    for (const stream of [...(this.bySession.get(sessionId) ?? [])]) stream.end();
  }

  /** Ends every stream (the server is closing). */
  endAll(): void {
    for (const set of [...this.byUser.values()]) for (const stream of [...set]) stream.end();
  }

  /**
   * Hands `message` (as its sender sees it) to every stream of the two parties, serialised once
   * per party; the recipient's copy carries `warnings`, the scam warnings stored with it (decision
   * 0028), the sender's none.
   */
  publish(
    message: Message,
    warnings: MessageWarning[],
    senderId: string,
    recipientId: string,
  ): void {
    for (const [userId, mine] of [
      [senderId, true],
      [recipientId, false],
    ] as const) {
      const streams = this.byUser.get(userId);
      if (!streams) continue;
      const copy = { ...message, mine, warnings: mine ? [] : warnings };
      const chunk = `event: message\ndata: ${JSON.stringify(copy)}\n\n`;
      // A Set may lose its current entry while iterated (a stream cut for not reading).
      for (const stream of streams) stream.write(chunk);
    }
  }

  /**
   * The instance's one timer, every second or so: ends the streams past their deadline and sends
   * a keep-alive comment on those that have been quiet for `keepAliveMs`.
   */
  tick(): void {
    const now = this.now();
    // Maps and Sets may lose their current entry while iterated: no copies needed.
    for (const set of this.byUser.values()) {
      for (const stream of set) {
        if (now >= stream.endsAt) stream.end();
        else if (now >= stream.keepAliveAt) stream.write(': keep-alive\n\n');
      }
    }
  }
}
