/**
 * A keyword can never break search or alerts (decision 0012, decision 0014). PostgreSQL's
 * `unaccent` turns some letters into punctuation (`ʼ` U+02BC → `'`, `ː` → `:`, `ŉ` → `'n`);
 * handed to `to_tsquery` as text, that was a syntax error: a 500 on `/api/search`, and one saved
 * search with such a keyword failed the alert matcher for every new listing. The keyword's
 * tsquery is now built from quoted lexemes (`sg_prefix_tsquery`, migration 0022), and the matcher
 * matches each saved search on its own when the one-statement match fails.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '#contract/index.js';
import { savedSearches } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct, createUser } from '../../test-support/factories.js';
import { recordMatches } from '../../saved-searches/repository.js';
import { prefixQuery } from '../../search/repository.js';
import { queryRows } from '../../db/rows.js';

let t: TestApp;
let categoryId = '';
let sellerId = '';

/** The letters `unaccent` folds into tsquery syntax (apostrophes, colons). */
const breaking = ['ʼ', 'ː', 'ʹ', 'ʻ', 'ʽ', 'ˈ', 'ŉ'];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  sellerId = (await createUser(db, { status: 'verified' })).id;
  categoryId = (await createCategory(db, 'Keyword cars')).id;
  await createProduct(db, { categoryId, sellerId }, { productName: 'Toyota Corolla Axio' });
  await createProduct(db, { categoryId, sellerId }, { productName: 'Dʼartagnan special' });
});
afterAll(() => t.close());

const search = (q: string) => {
  t.app.publicCache.invalidate();
  return t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
};

describe('a keyword that unaccent folds into punctuation', () => {
  it.each(breaking)('GET /api/search?q=%s answers 200', async (letter) => {
    for (const q of [letter, `toyota ${letter}`, `${letter}${letter}x`, `a${letter}b:*`]) {
      const response = await search(q);
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
    }
  });

  it('still finds what the words name, apostrophes and all', async () => {
    const names = async (q: string) => {
      const response = await search(q);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SearchResult>().items.map((item) => item.product_name);
    };
    expect(await names('toyota ʼ')).toEqual(['Toyota Corolla Axio']);
    expect(await names('dʼartag')).toEqual(['Dʼartagnan special']);
    expect(await names("d'artagnan")).toEqual(['Dʼartagnan special']);
  });

  it('every code point of every block, as a keyword word, makes a valid tsquery', async () => {
    // Every letter, number, punctuation and symbol (the words a keyword can hold, and what
    // separates them), through the same function the search uses, 4,000 per statement.
    const texts: string[] = [];
    let chunk = '';
    for (let code = 0x20; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (!/[\p{L}\p{N}\p{P}\p{S}\p{M}]/u.test(char)) continue;
      chunk += `${char}x${char} `;
      if (chunk.length > 40) {
        const query = prefixQuery(chunk);
        if (query) texts.push(query);
        chunk = '';
      }
    }
    for (let at = 0; at < texts.length; at += 4000) {
      const batch = texts.slice(at, at + 4000);
      const result = await queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from jsonb_array_elements_text(${JSON.stringify(batch)}::jsonb) as q(text)
            where to_tsvector('simple', 'toyota') @@ sg_prefix_tsquery(q.text) is not null`,
      );
      expect(Number(result[0]!.n)).toBe(batch.length);
    }
  });

  it('fuzz: every punctuation, symbol and modifier letter of every block, 0 5xx', async () => {
    // Every code point of general category P, S or Lm, grouped by 128-code-point range (every
    // Unicode block starts on a multiple of 16 and is in one or more of these), each group sent
    // as keywords of at most 100 characters: alone, glued to letters, and between words.
    const groups = new Map<number, string[]>();
    for (let code = 0x20; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (!/[\p{P}\p{S}\p{Lm}]/u.test(char)) continue;
      const group = groups.get(code >> 7) ?? [];
      group.push(char);
      groups.set(code >> 7, group);
    }
    const failures: string[] = [];
    let requests = 0;
    for (const chars of groups.values()) {
      for (let at = 0; at < chars.length; at += 20) {
        const some = chars.slice(at, at + 20);
        for (const q of [`toyota ${some.join('')}`, some.map((c) => `a${c}b`).join(' ')]) {
          const response = await search(q.slice(0, 100));
          requests++;
          if (response.statusCode >= 500) failures.push(`${JSON.stringify(q)}: ${response.body}`);
        }
      }
    }
    expect(requests).toBeGreaterThan(900);
    expect(failures.slice(0, 5)).toEqual([]);
  }, 600_000);
});

describe('the alert matcher with a saved search whose keyword the database cannot use', () => {
  async function saved(userId: string, keyword: string) {
    const [row] = await t.app.db
      .insert(savedSearches)
      .values({
        userId,
        name: `Keyword ${keyword}`,
        query: { q: keyword },
        keyword,
        tsQuery: prefixQuery(keyword),
        alert: 'instant',
      })
      .returning({ id: savedSearches.id });
    return row!.id;
  }

  it("records the others' matches when one keyword folds into punctuation", async () => {
    const db = t.database.db;
    const [one, two] = [(await createUser(db)).id, (await createUser(db)).id];
    const bad = await saved(one, 'ʼ');
    const good = await saved(two, 'corolla');
    const product = await createProduct(
      db,
      { categoryId, sellerId },
      {
        productName: 'Toyota Corolla Fielder',
      },
    );
    // As the `saved-search-match` job does: in one transaction.
    const matches = await db.transaction((tx) => recordMatches(tx, [product.id]));
    expect(matches.map((match) => match.savedSearchId)).toContain(good);
    expect(matches.map((match) => match.savedSearchId)).not.toContain(bad);
  });

  it('matches each saved search on its own when one of them fails, so the others still match', async () => {
    const db = t.database.db;
    const [one, two] = [(await createUser(db)).id, (await createUser(db)).id];
    await saved(one, 'boomword');
    const good = await saved(two, 'fielder');
    // A keyword the database refuses, whatever the reason: this test database's keyword
    // function fails for it (the others' keywords still work).
    await db.execute(sql`alter function sg_prefix_tsquery(text) rename to sg_prefix_tsquery_real`);
    await db.execute(sql`
      create function sg_prefix_tsquery(text) returns tsquery language plpgsql immutable as $$
      begin
        if $1 like '%boomword%' then raise exception 'refused keyword'; end if;
        return sg_prefix_tsquery_real($1);
      end $$`);
    try {
      const product = await createProduct(
        db,
        { categoryId, sellerId },
        {
          productName: 'Toyota Fielder boomword',
        },
      );
      const matches = await db.transaction((tx) => recordMatches(tx, [product.id]));
      expect(matches.map((match) => match.savedSearchId)).toContain(good);
      expect(matches.every((match) => match.savedSearchId !== undefined)).toBe(true);
    } finally {
      await db.execute(sql`drop function sg_prefix_tsquery(text)`);
      await db.execute(
        sql`alter function sg_prefix_tsquery_real(text) rename to sg_prefix_tsquery`,
      );
    }
  });
});
