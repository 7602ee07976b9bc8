import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryNameKey, normaliseCategoryName } from '#contract/index.js';
import * as apiRoutes from '#contract/route-table.js';
import { apiUrl } from '#contract/routes.js';
import { auditLog, products } from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct, createUser } from '../../test-support/factories.js';
import { messageOf } from '../../test-support/answers.js';

let t: TestApp;
let admin: TestUser;
let seller: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp({ CATEGORY_DAILY_MAX: '4' });
  admin = await registerUser(t.app, { role: 'buyer', admin: true });
  seller = await registerUser(t.app, { role: 'seller' });
  buyer = await registerUser(t.app, { role: 'buyer' });
});
afterAll(() => t.close());

const addCategory = (user: TestUser, name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/categories',
    headers: bearer(user.token),
    payload: { category_name: name },
  });

const categoryNames = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/categories' }))
    .json<{ category_name: string }[]>()
    .map((row) => row.category_name);

describe('category names', () => {
  it('normalises: NFKC, no invisible or bidirectional characters, single spaces', () => {
    expect(normaliseCategoryName('  ｅ-bikes\u200b  and\u202e   scooters ')).toBe(
      'E-bikes and scooters',
    );
    expect(normaliseCategoryName('\u2066\u200d\ufeff')).toBe('');
    expect(categoryNameKey('E-Bikes')).toBe(categoryNameKey('ebike'));
    expect(categoryNameKey('Bus')).not.toBe(categoryNameKey('Bu'));
  });

  it('stores the normalised name and shows it at once', async () => {
    const response = await addCategory(seller, '  motor\u200bcycles   and\tquads ');
    expect(response.statusCode).toBe(201);
    expect(await categoryNames()).toContain('Motorcycles and quads');
  });

  it('refuses a name that is empty once normalised, and measures length after normalising', async () => {
    const empty = await addCategory(seller, '\u200b\u202e ');
    expect(empty.statusCode).toBe(400);
    expect(messageOf(empty)).toContain('Category name is required');
    // U+FDFA is one character that NFKC turns into 18: 3 of them exceed 50 once normalised.
    const long = await addCategory(seller, '\ufdfa\ufdfa\ufdfa');
    expect(long.statusCode).toBe(400);
    expect(messageOf(long)).toContain('at most 50 characters');
  });

  it('refuses a near-duplicate with a message naming the existing category', async () => {
    expect((await addCategory(seller, 'E-Bikes')).statusCode).toBe(201);
    for (const attempt of ['e-bikes', 'EBIKE', 'E Bikes', 'ｅ-ｂｉｋｅｓ']) {
      const response = await addCategory(seller, attempt);
      expect(response.statusCode, attempt).toBe(409);
      expect(messageOf(response)).toBe('A category like this already exists: "E-Bikes"');
    }
  });

  it('caps a seller at CATEGORY_DAILY_MAX new categories a day', async () => {
    const spammer = await registerUser(t.app, { role: 'seller' });
    for (const name of ['Spam one', 'Spam two', 'Spam three', 'Spam four']) {
      expect((await addCategory(spammer, name)).statusCode).toBe(201);
    }
    const fifth = await addCategory(spammer, 'Spam five');
    expect(fifth.statusCode).toBe(429);
    expect(messageOf(fifth)).toBe(
      'You can add at most 4 new categories a day. Please use an existing category or try again tomorrow.',
    );
    expect(await categoryNames()).not.toContain('Spam five');
  });
});

describe('admin category management', () => {
  async function categoryWithListings(name: string, listings: number) {
    const { id } = await createCategory(t.app.db, name);
    const owner = await createUser(t.app.db, { role: 'seller' });
    for (let i = 0; i < listings; i++) {
      await createProduct(t.app.db, { categoryId: id, sellerId: owner.id });
    }
    // Written straight into the database, past the API writes that invalidate the public cache.
    t.app.publicCache.invalidate();
    return id;
  }

  it('is for admins only: 401 without a token, 403 for another uid or a non-admin', async () => {
    const id = await categoryWithListings('Guarded', 0);
    const calls = (uid: string) =>
      [
        { method: 'GET', url: apiUrl(apiRoutes.listAdminCategories, { params: { uid: uid } }) },
        {
          method: 'PATCH',
          url: apiUrl(apiRoutes.renameCategory, { params: { uid: uid }, query: { id: id } }),
          payload: { category_name: 'X' },
        },
        {
          method: 'PATCH',
          url: apiUrl(apiRoutes.setCategoryKind, { params: { uid: uid }, query: { id: id } }),
          payload: { kind: 'parts' },
        },
        {
          method: 'PATCH',
          url: apiUrl(apiRoutes.mergeCategory, {
            params: { uid: uid },
            query: { id: id, into: id },
          }),
        },
        {
          method: 'DELETE',
          url: apiUrl(apiRoutes.deleteCategory, { params: { uid: uid }, query: { id: id } }),
        },
      ] as const;
    for (const call of calls(admin.uid)) {
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
      const foreign = await t.app.inject({ ...call, url: call.url.replace(admin.uid, seller.uid) });
      expect(foreign.statusCode).toBe(401);
    }
    for (const user of [seller, buyer]) {
      for (const call of calls(user.uid)) {
        const response = await t.app.inject({ ...call, headers: bearer(user.token) });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      }
    }
    for (const call of calls(seller.uid)) {
      const response = await t.app.inject({ ...call, headers: bearer(admin.token) });
      expect(response.statusCode, `admin as another uid: ${call.url}`).toBe(403);
    }
    expect(await categoryNames()).toContain('Guarded');
  });

  it('lists categories with their live listing counts', async () => {
    const created = await addCategory(await registerUser(t.app, { role: 'seller' }), 'Counted');
    const owner = await createUser(t.app.db, { role: 'seller' });
    for (let i = 0; i < 2; i++) {
      await createProduct(t.app.db, {
        categoryId: created.json<{ insertedId: string }>().insertedId,
        sellerId: owner.id,
      });
    }
    const response = await t.app.inject({
      method: 'GET',
      url: apiUrl(apiRoutes.listAdminCategories, { params: { uid: admin.uid } }),
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual(
      expect.objectContaining({
        category_name: 'Counted',
        listingCount: 2,
        createdBy: 'Test User',
      }),
    );
  });

  it('renames, refusing a near-duplicate of another category, and audits it', async () => {
    const id = await categoryWithListings('Lawn mowers', 0);
    await categoryWithListings('Tractors', 0);
    const rename = (name: string) =>
      t.app.inject({
        method: 'PATCH',
        url: apiUrl(apiRoutes.renameCategory, { params: { uid: admin.uid }, query: { id: id } }),
        headers: bearer(admin.token),
        payload: { category_name: name },
      });
    const clash = await rename('tractor');
    expect(clash.statusCode).toBe(409);
    expect(messageOf(clash)).toBe('A category like this already exists: "Tractors"');
    expect((await rename('garden  machines')).json()).toEqual({ modifiedCount: 1 });
    expect((await rename('Garden machines')).json()).toEqual({ modifiedCount: 0 });
    expect(await categoryNames()).toContain('Garden machines');
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(entry).toMatchObject({
      action: 'category.rename',
      targetType: 'category',
      details: { previousName: 'Lawn mowers', name: 'Garden machines' },
    });
  });

  it('sets what a category holds, seen by the catalogue and search, and audits it', async () => {
    const id = await categoryWithListings('Roof boxes', 1);
    const setKind = (kind: string) =>
      t.app.inject({
        method: 'PATCH',
        url: apiUrl(apiRoutes.setCategoryKind, { params: { uid: admin.uid }, query: { id: id } }),
        headers: bearer(admin.token),
        payload: { kind },
      });
    const list = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: apiUrl(apiRoutes.listAdminCategories, { params: { uid: admin.uid } }),
          headers: bearer(admin.token),
        })
      ).json<{ _id: string; kind: string }[]>();
    expect((await list()).find((row) => row._id === id)?.kind).toBe('vehicles');
    const bad = await setKind('boats');
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toMatch(/kind/);
    expect((await setKind('parts')).json()).toEqual({ modifiedCount: 1 });
    expect((await setKind('parts')).json()).toEqual({ modifiedCount: 0 });
    expect((await list()).find((row) => row._id === id)?.kind).toBe('parts');
    const catalogue = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(
      catalogue.json<{ _id: string; holds_vehicles: boolean }[]>().find((row) => row._id === id),
    ).toMatchObject({ holds_vehicles: false });
    const parts = await t.app.inject({ method: 'GET', url: '/api/search?kind=parts' });
    expect(parts.json<{ facets: { category: { value: string }[] } }>().facets.category).toEqual([
      expect.objectContaining({ value: id }),
    ]);
    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'category.kind',
        details: { modifiedCount: 1, kind: 'parts' },
      }),
    ]);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: apiUrl(apiRoutes.setCategoryKind, {
        params: { uid: admin.uid },
        query: { id: '00000000-0000-4000-8000-000000000000' },
      }),
      headers: bearer(admin.token),
      payload: { kind: 'parts' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('merges, moving every listing, and removes the merged category', async () => {
    const from = await categoryWithListings('Autos', 3);
    const into = await categoryWithListings('Cars and vans', 1);
    const merged = await t.app.inject({
      method: 'PATCH',
      url: apiUrl(apiRoutes.mergeCategory, {
        params: { uid: admin.uid },
        query: { id: from, into: into },
      }),
      headers: bearer(admin.token),
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toEqual({ modifiedCount: 3, deletedCount: 1 });
    const listing = await t.app.inject({
      method: 'GET',
      url: apiUrl(apiRoutes.listCategoryProducts, { params: { id: into } }),
    });
    expect(listing.json()).toHaveLength(4);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: apiUrl(apiRoutes.listCategoryProducts, { params: { id: from } }),
        })
      ).statusCode,
    ).toBe(404);
    expect(await categoryNames()).not.toContain('Autos');
    // The name is free again.
    expect((await addCategory(seller, 'Autos')).statusCode).toBe(201);
    const self = await t.app.inject({
      method: 'PATCH',
      url: apiUrl(apiRoutes.mergeCategory, {
        params: { uid: admin.uid },
        query: { id: into, into: into },
      }),
      headers: bearer(admin.token),
    });
    expect(self.statusCode).toBe(409);
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, from));
    expect(entry).toMatchObject({ action: 'category.merge', details: { modifiedCount: 3, into } });
  });

  it('deletes only an empty category, audited; 0 on a repeat', async () => {
    const full = await categoryWithListings('Boats', 1);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: apiUrl(apiRoutes.deleteCategory, { params: { uid: admin.uid }, query: { id: full } }),
      headers: bearer(admin.token),
    });
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(
      'This category still has 1 listing: merge it into another category instead',
    );
    // A deleted listing does not keep a category alive.
    await t.app.db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.categoryId, full));
    const remove = () =>
      t.app.inject({
        method: 'DELETE',
        url: apiUrl(apiRoutes.deleteCategory, { params: { uid: admin.uid }, query: { id: full } }),
        headers: bearer(admin.token),
      });
    expect((await remove()).json()).toEqual({ deletedCount: 1 });
    expect((await remove()).json()).toEqual({ deletedCount: 0 });
    expect(await categoryNames()).not.toContain('Boats');
    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, full));
    expect(entries.map((entry) => entry.action)).toEqual(['category.delete']);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: apiUrl(apiRoutes.deleteCategory, {
        params: { uid: admin.uid },
        query: { id: '00000000-0000-4000-8000-000000000000' },
      }),
      headers: bearer(admin.token),
    });
    expect(unknown.statusCode).toBe(404);
  });
});
