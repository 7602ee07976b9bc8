/**
 * The open live message streams of one instance (live.ts), without sockets: a message reaches
 * the streams of its two parties only, a user's and a session's streams are found without the
 * others, the instance's one timer ends streams at their deadline and keeps quiet ones alive,
 * and a client that stops reading is cut instead of piling up memory. The clock is the test's.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '#contract/index.js';
import { LiveStreams, type StreamSink } from './live.js';

/** A sink that records what was written; `reading: false` keeps every byte waiting. */
class FakeSink implements StreamSink {
  readonly chunks: string[] = [];
  writableLength = 0;
  writableEnded = false;
  destroyed = false;
  constructor(private readonly reading = true) {}
  write(chunk: string): boolean {
    this.chunks.push(chunk);
    if (!this.reading) this.writableLength += Buffer.byteLength(chunk);
    return this.reading;
  }
  end(): void {
    this.writableEnded = true;
  }
  destroy(): void {
    this.destroyed = true;
  }
  /** The `message` events written, parsed. */
  messages(): (Message & { mine: boolean })[] {
    return this.chunks
      .filter((chunk) => chunk.startsWith('event: message\n'))
      .map((chunk) => JSON.parse(chunk.slice(chunk.indexOf('data: ') + 6)) as Message);
  }
}

const message: Message = {
  _id: 'm1',
  conversation_id: 'c1',
  text: 'Is it still for sale?',
  mine: true,
  sent_at: '2026-11-29T10:00:00.000Z',
  kind: 'text',
  at: null,
  warnings: [],
};

function setUp(maxBufferedBytes = 1024) {
  let clock = 1_000_000;
  const streams = new LiveStreams({ keepAliveMs: 25_000, maxBufferedBytes, now: () => clock });
  return {
    streams,
    advance: (ms: number) => (clock += ms),
    open: (
      userId: string,
      sessionId: string,
      options: { endsIn?: number; sink?: FakeSink } = {},
    ) => {
      const sink = options.sink ?? new FakeSink();
      let ended = 0;
      streams.open({
        userId,
        sessionId,
        endsAt: clock + (options.endsIn ?? 3_600_000),
        sink,
        onEnd: () => ended++,
      });
      return { sink, ended: () => ended };
    },
  };
}

describe('LiveStreams', () => {
  it("hands a message to both parties' streams only, the recipient's with its warnings", () => {
    const { streams, open } = setUp();
    const sender = open('alice', 's-a');
    const recipient = [open('bob', 's-b1'), open('bob', 's-b2')];
    const bystander = open('carol', 's-c');
    const warnings = [{ kind: 'payment_outside', text: 'Never pay outside the site.' }] as never;
    streams.publish(message, warnings, 'alice', 'bob');
    expect(sender.sink.messages()).toMatchObject([{ _id: 'm1', mine: true, warnings: [] }]);
    for (const { sink } of recipient) {
      expect(sink.messages()).toMatchObject([{ _id: 'm1', mine: false, warnings }]);
    }
    expect(bystander.sink.messages()).toEqual([]);
  });

  it("counts a user's streams and ends a session's streams, not the user's others", () => {
    const { streams, open } = setUp();
    const phone = open('bob', 'phone');
    const laptop = [open('bob', 'laptop'), open('bob', 'laptop')];
    open('carol', 'carol-session');
    expect(streams.countOf('bob')).toBe(3);
    expect(streams.size).toBe(4);
    expect(streams.sessions().sort()).toEqual(['carol-session', 'laptop', 'phone']);

    streams.endSession('laptop');
    expect(laptop.map(({ sink, ended }) => [sink.writableEnded, ended()])).toEqual([
      [true, 1],
      [true, 1],
    ]);
    expect(phone.sink.writableEnded).toBe(false);
    expect(streams.countOf('bob')).toBe(1);
    expect(streams.size).toBe(2);
    expect(streams.sessions().sort()).toEqual(['carol-session', 'phone']);
    expect(streams.listens('bob')).toBe(true);

    streams.endAll();
    expect(streams.size).toBe(0);
    expect(streams.listens('bob')).toBe(false);
    expect(phone.ended()).toBe(1);
  });

  it('ends a stream at its deadline on the tick after it, and keeps quiet streams alive', () => {
    const { streams, open, advance } = setUp();
    const short = open('alice', 's-a', { endsIn: 2_000 });
    const long = open('bob', 's-b');
    advance(1_999);
    streams.tick();
    expect(short.ended()).toBe(0);
    advance(1);
    streams.tick();
    expect(short.ended()).toBe(1);
    expect(short.sink.writableEnded).toBe(true);

    // The first keep-alive comes between half and all of the 25 s, then every 25 s of quiet.
    advance(25_000);
    streams.tick();
    expect(long.sink.chunks).toEqual([': keep-alive\n\n']);
    advance(24_000);
    streams.tick();
    expect(long.sink.chunks).toHaveLength(1);
    advance(1_000);
    streams.tick();
    expect(long.sink.chunks).toHaveLength(2);
  });

  it('sends no keep-alive to a stream that has just carried a message', () => {
    const { streams, open, advance } = setUp();
    const stream = open('bob', 's-b');
    advance(24_000);
    streams.publish(message, [], 'alice', 'bob');
    advance(12_000);
    streams.tick();
    expect(stream.sink.chunks.filter((chunk) => chunk.startsWith(':'))).toEqual([]);
  });

  it('cuts a stream whose client stops reading once more than the bound waits for it', () => {
    const { streams, open } = setUp(4 * 1024);
    const stalled = open('bob', 's-b', { sink: new FakeSink(false) });
    const reading = open('bob', 's-b2');
    const long = { ...message, text: 'x'.repeat(1_500) };
    for (let i = 0; i < 10; i++) streams.publish(long, [], 'alice', 'bob');
    expect(stalled.sink.destroyed).toBe(true);
    expect(stalled.ended()).toBe(1);
    // It took what fit, then nothing more.
    expect(stalled.sink.chunks.length).toBeLessThan(10);
    expect(stalled.sink.writableLength).toBeGreaterThan(4 * 1024);
    expect(reading.sink.messages()).toHaveLength(10);
    expect(streams.countOf('bob')).toBe(1);
  });
});
