import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { limits, nextCursorHeader } from '#contract/index.js';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import {
  createBlog,
  createCategory,
  createProduct,
  createUser,
} from '../../test-support/factories.js';
import { messageOf } from '../../test-support/answers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/categories', () => {
  it('lists categories sorted by name, case-insensitively', async () => {
    for (const name of ['Suv', 'motorcycle', 'Electric car'])
      await createCategory(t.database.db, name);
    const response = await get('/api/categories');
    expect(response.statusCode).toBe(200);
    const names = response.json<{ category_name: string }[]>().map((c) => c.category_name);
    expect(names).toEqual(['Electric car', 'motorcycle', 'Suv']);
    expect(Object.keys(response.json<object[]>()[0]!).sort()).toEqual([
      '_id',
      'category_name',
      'holds_vehicles',
    ]);
  });
});

describe('GET /api/promoted-product/', () => {
  it('lists promoted, unsold, live products newest first with price in dollars', async () => {
    const db = t.database.db;
    const seller = await createUser(db);
    const category = await createCategory(db);
    const refs = { categoryId: category.id, sellerId: seller.id };
    const day = 24 * 60 * 60 * 1000;
    const older = await createProduct(db, refs, {
      promote: true,
      resellPriceCents: 1_234_550,
      createdAt: new Date(Date.now() - 2 * day),
    });
    const newer = await createProduct(db, refs, {
      promote: true,
      createdAt: new Date(Date.now() - day),
    });
    await createProduct(db, refs, { promote: true, sold: true });
    await createProduct(db, refs, { promote: true, deletedAt: new Date() });
    await createProduct(db, refs, { promote: false });

    const response = await get('/api/promoted-product/');
    expect(response.statusCode).toBe(200);
    const list = response.json<{ _id: string; resell_price: number }[]>();
    expect(list.map((p) => p._id)).toEqual([newer.id, older.id]);
    expect(list[1]).toEqual({
      _id: older.id,
      product_image: older.productImage,
      product_name: older.productName,
      resell_price: 12345.5,
    });
  });
});

describe('GET /api/promoted-product/ at scale', () => {
  it('answers the newest limits.promotedMax promoted products, not all of them', async () => {
    const db = t.database.db;
    const seller = await createUser(db);
    const category = await createCategory(db);
    const base = Date.now() - 1000 * 60 * 60;
    for (let i = 0; i < limits.promotedMax + 2; i++) {
      await createProduct(
        db,
        { categoryId: category.id, sellerId: seller.id },
        { promote: true, createdAt: new Date(base + i * 1000) },
      );
    }
    // Written straight into the database, past the API writes that invalidate the public cache.
    t.app.publicCache.invalidate();
    const list = (await get('/api/promoted-product/')).json<{ _id: string }[]>();
    expect(list).toHaveLength(limits.promotedMax);
  });
});

describe('GET /api/blogs', () => {
  it('lists the questions and answers', async () => {
    await createBlog(t.database.db, 'How do I check a car’s history?', 'Ask for the logbook.');
    const response = await get('/api/blogs');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual(
      expect.objectContaining({
        question: 'How do I check a car’s history?',
        answer: 'Ask for the logbook.',
      }),
    );
  });
});

describe('GET /api/category/{id}', () => {
  it('lists the live products of the category newest first, with card fields', async () => {
    const db = t.database.db;
    const seller = await createUser(db, { displayName: 'Rahim Motors', status: 'verified' });
    const category = await createCategory(db, 'Pickup truck');
    const other = await createCategory(db, 'Van');
    const refs = { categoryId: category.id, sellerId: seller.id };
    const first = await createProduct(db, refs, { createdAt: new Date('2026-01-01T10:00:00Z') });
    const second = await createProduct(db, refs, {
      createdAt: new Date('2026-02-01T10:00:00Z'),
      sold: true,
    });
    await createProduct(db, refs, { deletedAt: new Date() });
    await createProduct(db, { categoryId: other.id, sellerId: seller.id });

    const response = await get(`/api/category/${category.id}`);
    expect(response.statusCode).toBe(200);
    const list = response.json<Record<string, unknown>[]>();
    expect(list.map((p) => p._id)).toEqual([second.id, first.id]);
    expect(list[0]).toMatchObject({
      category_name: 'Pickup truck',
      seller_name: 'Rahim Motors',
      seller_uid: seller.uid,
      seller_verified: true,
      seller_rating: { average: null, count: 0 },
      order_status: true,
      resell_price: 8500,
      original_price: 19000,
      createAt: '2026-02-01T10:00:00.000Z',
    });
    expect(list[0]).not.toHaveProperty('seller_phone');
    expect(list[0]).not.toHaveProperty('seller_email');
    expect(response.headers[nextCursorHeader]).toBeUndefined();
  });

  it('pages through a long category with limit and cursor, without gaps or repeats', async () => {
    const db = t.database.db;
    const seller = await createUser(db);
    const category = await createCategory(db);
    const sameTime = new Date('2026-03-01T00:00:00Z');
    const ids = new Set<string>();
    for (let i = 0; i < 7; i++) {
      // Several rows share a creation time: the cursor must still order them by id.
      const row = await createProduct(
        db,
        { categoryId: category.id, sellerId: seller.id },
        {
          createdAt: i < 4 ? sameTime : new Date(sameTime.getTime() + i * 1000),
        },
      );
      ids.add(row.id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const response = await get(
        `/api/category/${category.id}?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.statusCode).toBe(200);
      seen.push(...response.json<{ _id: string }[]>().map((p) => p._id));
      cursor = response.headers[nextCursorHeader] as string | undefined;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(ids);
  });

  it('answers 404 for an unknown category and 400 for a malformed id', async () => {
    const unknown = await get('/api/category/7d9f3c4e-1111-4a2b-9c3d-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Category not found',
    });
    for (const bad of ['abc', '1', "1'%20or%20'1'='1", 'x'.repeat(99), '%F0%9F%9A%97']) {
      const response = await get(`/api/category/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(messageOf(response)).toContain('params.id');
    }
    // Fastify refuses path parameters over 100 characters before routing.
    const huge = await get(`/api/category/${'x'.repeat(300)}`);
    expect(huge.statusCode).toBe(414);
    expect(huge.json()).toMatchObject({ statusCode: 414 });
  });

  it('rejects bad paging input with 400 naming the parameter', async () => {
    const category = await createCategory(t.database.db);
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=2.5', 'limit'],
      ['cursor=!!', 'cursor'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ]) {
      const response = await get(`/api/category/${category.id}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(messageOf(response), query).toContain(`querystring.${field}`);
    }
  });
});

describe('GET /api/seller-verify/{sellerUid}', () => {
  it('tells whether the seller is verified', async () => {
    const db = t.database.db;
    const verified = await createUser(db, { status: 'verified' });
    const unverified = await createUser(db);
    expect((await get(`/api/seller-verify/${verified.uid}`)).json()).toEqual({ isVerified: true });
    expect((await get(`/api/seller-verify/${unverified.uid}`)).json()).toEqual({
      isVerified: false,
    });
  });

  it('answers 404 for an unknown or deleted seller and 400 for a malformed uid', async () => {
    const db = t.database.db;
    const deleted = await createUser(db, { status: 'verified' });
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    expect((await get(`/api/seller-verify/${deleted.uid}`)).statusCode).toBe(404);
    expect((await get('/api/seller-verify/nobody-here')).statusCode).toBe(404);
    expect((await get('/api/seller-verify/has%20space')).statusCode).toBe(400);
    expect((await get(`/api/seller-verify/${'a'.repeat(65)}`)).statusCode).toBe(400);
  });
});

describe('unknown API routes', () => {
  it('answer a JSON 404, never the SPA', async () => {
    const response = await get('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
