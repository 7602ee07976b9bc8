import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { nextCursorHeader } from '../../contract/index.js';
import { decodeCursor, encodeCursor, keysetPage, parseCursor } from './pagination.js';

const row = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)),
});

/** A reply that only records its headers. */
function fakeReply() {
  const headers: Record<string, string> = {};
  const reply = {
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, headers };
}

describe('keyset cursors', () => {
  it('round-trip a position to the millisecond', () => {
    const position = { createdAt: new Date('2026-03-04T05:06:07.089Z'), id: row(1).id };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it.each([
    ['not base64 of a position', 'abc'],
    ['a bad date', Buffer.from(`yesterday|${row(1).id}`).toString('base64url')],
    [
      'an id that is not a uuid',
      Buffer.from('2026-01-01T00:00:00.000Z|1 or 1=1').toString('base64url'),
    ],
  ])('refuse %s', (_name, text) => {
    expect(decodeCursor(text)).toBeNull();
    expect(() => parseCursor(text)).toThrow(
      'querystring.cursor must be a cursor given by a previous page',
    );
  });

  it('read no cursor as the first page', () => {
    expect(parseCursor(undefined)).toBeNull();
  });
});

describe('keysetPage', () => {
  it('asks for one row more than the page, and names the next page only when there is one', async () => {
    const rows = [row(5), row(4), row(3)];
    const asked: Array<{ limit: number; cursor: unknown }> = [];
    const fetch = async (cursor: unknown, limit: number) => {
      asked.push({ cursor, limit });
      return rows.slice(0, limit);
    };

    const first = fakeReply();
    expect(await keysetPage(first.reply, { limit: 2 }, fetch)).toEqual([row(5), row(4)]);
    expect(asked[0]).toEqual({ cursor: null, limit: 3 });
    const next = first.headers[nextCursorHeader]!;
    expect(decodeCursor(next)).toEqual(row(4));

    const last = fakeReply();
    expect(await keysetPage(last.reply, { limit: 3, cursor: next }, fetch)).toHaveLength(3);
    expect(asked[1]).toEqual({ cursor: row(4), limit: 4 });
    expect(last.headers[nextCursorHeader]).toBeUndefined();
  });
});
