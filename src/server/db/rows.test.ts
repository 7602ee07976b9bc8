import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, rowsOf } from './rows.js';

describe('the rows of a raw statement', () => {
  it('are the driver result’s rows, as PGlite and node-postgres answer them', async () => {
    const result = { rows: [{ n: 3, word: 'three' }], fields: [] };
    expect(rowsOf<{ n: number; word: string }>(result)).toEqual([{ n: 3, word: 'three' }]);
    const seen: unknown[] = [];
    const executor = {
      execute: (query: unknown) => {
        seen.push(query);
        return Promise.resolve(result);
      },
    };
    const statement = sql`select 3 as n, 'three' as word`;
    expect(await queryRows<{ n: number }>(executor, statement)).toEqual(result.rows);
    expect(seen).toEqual([statement]);
  });

  it('refuse what is not a query result', () => {
    expect(() => rowsOf({})).toThrow(TypeError);
    expect(() => rowsOf(undefined)).toThrow(/no rows array/);
    expect(() => rowsOf({ rows: 'x' })).toThrow(/no rows array/);
  });
});
