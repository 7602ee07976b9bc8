import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProductSchema, productFormMessages, promoteMessages } from '#contract/index.js';
import { insertProduct } from '../../selling/repository.js';
import { orders, payments, products } from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct, createUser } from '../../test-support/factories.js';
import { messageOf } from '../../test-support/answers.js';

let t: TestApp;
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app, { role: 'seller', name: 'Sam Carter' });
  otherSeller = await registerUser(t.app, { role: 'seller' });
  buyer = await registerUser(t.app, { role: 'buyer' });
  categoryId = (await createCategory(t.database.db, 'Sedan')).id;
});
afterAll(() => t.close());

function validProduct(overrides: Record<string, unknown> = {}) {
  return {
    product_name: 'toyota Corolla 2016 1.8 LE',
    product_description: 'one owner, full service history.',
    product_image: '/uploads/abc123.webp',
    category_id: categoryId,
    condition: 'Good',
    resell_price: 8500.5,
    original_price: 19000,
    year_of_used: 8,
    seller_location: 'austin, TX',
    seller_phone: '+1 512 555 0142',
    ...overrides,
  };
}

const inject = (
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: user ? bearer(user.token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function addProduct(user: TestUser, overrides: Record<string, unknown> = {}) {
  const response = await inject(user, 'POST', '/api/products', validProduct(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ insertedId: string }>().insertedId;
}

async function productRow(id: string) {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
  return row!;
}

describe('the seller flow', () => {
  it('adds a category, adds a product, lists, promotes and deletes it', async () => {
    const category = await inject(seller, 'POST', '/api/categories', {
      category_name: '  electric car ',
    });
    expect(category.statusCode).toBe(201);
    expect(category.json()).toMatchObject({ acknowledged: true });
    const list = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(list.json()).toContainEqual({
      _id: category.json<{ insertedId: string }>().insertedId,
      category_name: 'Electric car',
      holds_vehicles: true,
    });

    const id = await addProduct(seller, {
      category_id: category.json<{ insertedId: string }>().insertedId,
    });
    const mine = await inject(seller, 'GET', '/api/products');
    expect(mine.statusCode).toBe(200);
    expect(mine.json<unknown[]>()[0]).toMatchObject({
      _id: id,
      product_name: 'Toyota Corolla 2016 1.8 LE',
      product_description: 'One owner, full service history.',
      seller_location: 'Austin, TX',
      category_name: 'Electric car',
      resell_price: 8500.5,
      original_price: 19000,
      seller_name: 'Sam Carter',
      seller_email: seller.email,
      seller_uid: seller.uid,
      order_status: false,
      promote: false,
      reported: false,
      reportCount: 0,
    });
    expect((await productRow(id)).resellPriceCents).toBe(850_050);

    const promote = await inject(seller, 'PATCH', `/api/promote-product/${seller.uid}?id=${id}`);
    expect(promote.statusCode).toBe(200);
    expect(promote.json()).toEqual({ message: promoteMessages.promoted, modifiedCount: 1 });
    const again = await inject(seller, 'PATCH', `/api/promote-product/${seller.uid}?id=${id}`);
    expect(again.json()).toEqual({ message: promoteMessages.alreadyPromoted, modifiedCount: 0 });
    const promoted = await t.app.inject({ method: 'GET', url: '/api/promoted-product/' });
    expect(promoted.json<{ _id: string }[]>().map((p) => p._id)).toContain(id);

    const removed = await inject(seller, 'DELETE', `/api/product-delete/${seller.uid}?id=${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ deletedCount: 1 });
    const afterPromoted = await t.app.inject({ method: 'GET', url: '/api/promoted-product/' });
    expect(afterPromoted.json<{ _id: string }[]>().map((p) => p._id)).not.toContain(id);
    const afterMine = await inject(seller, 'GET', '/api/products');
    expect(afterMine.json<{ _id: string }[]>().map((p) => p._id)).not.toContain(id);
    const again404 = await inject(seller, 'DELETE', `/api/product-delete/${seller.uid}?id=${id}`);
    expect(again404.statusCode).toBe(404);
  });

  it('refuses a category name that exists, ignoring case', async () => {
    await inject(seller, 'POST', '/api/categories', { category_name: 'Vintage' });
    const duplicate = await inject(seller, 'POST', '/api/categories', { category_name: 'vINTAGE' });
    expect(duplicate.statusCode).toBe(409);
    expect(messageOf(duplicate)).toBe('A category like this already exists: "Vintage"');
  });

  it('lists only the caller’s own products, newest first', async () => {
    const first = await addProduct(otherSeller);
    const second = await addProduct(otherSeller);
    const response = await inject(otherSeller, 'GET', '/api/products');
    expect(response.json<{ _id: string }[]>().map((p) => p._id)).toEqual([second, first]);
  });
});

describe('PATCH /api/promote-product/{uid}', () => {
  it('refuses a product that is already sold with 409 and a message', async () => {
    const id = await addProduct(seller);
    await t.database.db.update(products).set({ listingStatus: 'sold' }).where(eq(products.id, id));
    const response = await inject(seller, 'PATCH', `/api/promote-product/${seller.uid}?id=${id}`);
    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toBe(promoteMessages.sold);
    expect((await productRow(id)).promote).toBe(false);
  });
});

describe('ownership and roles', () => {
  it('does not let a seller promote or delete another seller’s product', async () => {
    const id = await addProduct(seller);
    const promote = await inject(
      otherSeller,
      'PATCH',
      `/api/promote-product/${otherSeller.uid}?id=${id}`,
    );
    expect(promote.statusCode).toBe(403);
    const remove = await inject(
      otherSeller,
      'DELETE',
      `/api/product-delete/${otherSeller.uid}?id=${id}`,
    );
    expect(remove.statusCode).toBe(403);
    const row = await productRow(id);
    expect(row.promote).toBe(false);
    expect(row.deletedAt).toBeNull();
  });

  it('refuses another seller’s uid in the path', async () => {
    const id = await addProduct(seller);
    for (const [method, url] of [
      ['PATCH', `/api/promote-product/${seller.uid}?id=${id}`],
      ['DELETE', `/api/product-delete/${seller.uid}?id=${id}`],
    ] as const) {
      expect((await inject(otherSeller, method, url)).statusCode).toBe(403);
    }
    expect((await productRow(id)).deletedAt).toBeNull();
  });

  it('answers 401 without a token and 403 for a buyer, changing nothing', async () => {
    const id = await addProduct(seller);
    const calls = [
      ['POST', '/api/categories', { category_name: 'Boats' }],
      ['POST', '/api/products', validProduct()],
      ['GET', '/api/products', undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      expect((await inject(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await inject(buyer, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    for (const [method, path] of [
      ['PATCH', 'promote-product'],
      ['DELETE', 'product-delete'],
    ] as const) {
      expect((await inject(null, method, `/api/${path}/${seller.uid}?id=${id}`)).statusCode).toBe(
        401,
      );
      expect((await inject(buyer, method, `/api/${path}/${buyer.uid}?id=${id}`)).statusCode).toBe(
        403,
      );
    }
    const categories = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(
      categories.json<{ category_name: string }[]>().map((c) => c.category_name),
    ).not.toContain('Boats');
    const row = await productRow(id);
    expect(row.promote).toBe(false);
    expect(row.deletedAt).toBeNull();
  });
});

describe('POST /api/products with bad input', () => {
  it.each([
    ['product_name', productFormMessages.productName],
    ['product_description', productFormMessages.description],
    ['product_image', productFormMessages.image],
    ['seller_location', productFormMessages.location],
    ['seller_phone', productFormMessages.phone],
    ['resell_price', productFormMessages.resellPrice],
    // original_price: required for every category but a car's (car-listing.test.ts).
    ['year_of_used', productFormMessages.yearOfUsed],
    ['category_id', 'params'],
  ])('answers 400 naming %s when it is missing', async (field, message) => {
    const body: Record<string, unknown> = validProduct();
    delete body[field];
    const response = await inject(seller, 'POST', '/api/products', body);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toContain(`body.${field}`);
    if (message !== 'params') expect(messageOf(response)).toContain(message);
  });

  it.each([
    ['a 10-character phone', { seller_phone: '0123456789' }, productFormMessages.phoneMin],
    [
      'a negative price',
      { resell_price: -5 },
      'body.resell_price Resell price must be greater than 0',
    ],
    [
      'a zero price',
      { original_price: 0 },
      'body.original_price Original price must be greater than 0',
    ],
    ['a non-numeric price', { resell_price: 'cheap' }, 'body.resell_price'],
    ['a price in fractions of a cent', { resell_price: 10.005 }, 'two decimals'],
    // Point 7: > 0 and "two decimals" within rounding, yet 0 cents once stored.
    [
      'a sub-cent price',
      { resell_price: 1e-9 },
      'body.resell_price Resell price must be at least 0.01',
    ],
    ['a sub-cent original price', { original_price: 0.004 }, 'must be at least 0.01'],
    [
      'an absurd price',
      { original_price: 1e12 },
      'body.original_price Original price must be at most',
    ],
    [
      'a fractional year',
      { year_of_used: 2.5 },
      'body.year_of_used Year of used must be a whole number',
    ],
    ['a negative year', { year_of_used: -1 }, 'body.year_of_used Year of used must be 0 or more'],
    ['an unknown condition', { condition: 'Mint' }, 'body.condition'],
    ['a 10,000-character name', { product_name: 'x'.repeat(10_000) }, 'body.product_name'],
    ['a malformed category id', { category_id: 'sedan' }, 'body.category_id must be a valid id'],
    ['a javascript: image URL', { product_image: 'javascript:alert(1)' }, 'Invalid URL'],
  ])('answers 400 for %s', async (_name, overrides, message) => {
    const before = (await inject(seller, 'GET', '/api/products')).json<unknown[]>().length;
    const response = await inject(seller, 'POST', '/api/products', validProduct(overrides));
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toContain(message);
    expect((await inject(seller, 'GET', '/api/products')).json()).toHaveLength(before);
  });

  it('answers 400, not 500, for a NUL character the database cannot store', async () => {
    const response = await inject(
      seller,
      'POST',
      '/api/products',
      validProduct({ product_name: 'Honda\u0000Civic' }),
    );
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('The request contains a value that cannot be stored');
  });

  it('answers 400 for an unknown category', async () => {
    const response = await inject(
      seller,
      'POST',
      '/api/products',
      validProduct({ category_id: '7d9f3c4e-1111-4a2b-9c3d-000000000000' }),
    );
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('body.category_id must be an existing category');
  });

  it('defaults the condition to Fair and stores HTML in the name as plain text', async () => {
    const id = await addProduct(seller, {
      condition: undefined,
      product_name: '<img src=x onerror=alert(1)> Honda Civic',
    });
    const row = await productRow(id);
    expect(row.condition).toBe('Fair');
    expect(row.productName).toBe('<img src=x onerror=alert(1)> Honda Civic');
  });

  it('ignores seller_*, order_status, promote and report fields from the body', async () => {
    const id = await addProduct(seller, {
      seller_uid: otherSeller.uid,
      seller_name: 'Someone Else',
      seller_email: 'else@example.com',
      seller_image: '/uploads/else.webp',
      order_status: true,
      promote: true,
      reported: true,
      reportCount: 99,
      createAt: '2001-01-01T00:00:00.000Z',
    });
    const row = await productRow(id);
    expect(row).toMatchObject({ sold: false, promote: false, reported: false, reportCount: 0 });
    expect(row.sellerId).toBe(seller.recordId);
    expect(row.createdAt.getFullYear()).toBeGreaterThan(2001);
  });

  it('rejects malformed JSON and a wrong content type with 4xx', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...bearer(seller.token), 'content-type': 'application/json' },
      payload: '{"product_name": ',
    });
    expect(malformed.statusCode).toBe(400);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...bearer(seller.token), 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...bearer(seller.token), 'content-type': 'application/xml' },
      payload: '<product/>',
    });
    expect(xml.statusCode).toBe(415);
  });
});

describe('insertProduct', () => {
  it('inserts nothing for a seller deleted after the guard let the request in', async () => {
    const gone = await createUser(t.database.db, { deletedAt: new Date() });
    const id = await insertProduct(t.database.db, gone.id, newProductSchema.parse(validProduct()));
    expect(id).toBeNull();
    const rows = await t.database.db.select().from(products).where(eq(products.sellerId, gone.id));
    expect(rows).toEqual([]);
  });
});

describe('DELETE /api/product-delete/{uid}', () => {
  it('keeps what an order and its payment showed after the product is deleted', async () => {
    const db = t.database.db;
    const id = await addProduct(seller);
    const buyerRecord = await createUser(db, { role: 'buyer' });
    const [order] = await db
      .insert(orders)
      .values({
        productId: id,
        buyerId: buyerRecord.id,
        sellerId: seller.recordId,
        customerName: 'Riley',
        customerEmail: 'riley@example.com',
        customerPhone: '01800000000',
        meetingLocation: 'Main St',
        productName: 'Toyota Corolla 2016 1.8 LE',
        productImage: '/uploads/abc123.webp',
        productPriceCents: 850_050,
        productCategory: 'Sedan',
        productCategoryId: categoryId,
        sellerName: 'Sam Carter',
        sellerPhone: '+1 512 555 0142',
        sellerEmail: seller.email,
        sellerImage: '',
        sellerLocation: 'Austin, TX',
        paid: true,
      })
      .returning();
    await db.insert(payments).values({
      orderId: order!.id,
      productId: id,
      buyerId: buyerRecord.id,
      priceCents: 850_050,
      transactionId: 'pi_test_kept',
      email: 'riley@example.com',
    });

    const response = await inject(seller, 'DELETE', `/api/product-delete/${seller.uid}?id=${id}`);
    expect(response.json()).toEqual({ deletedCount: 1 });
    const [kept] = await db.select().from(orders).where(eq(orders.id, order!.id));
    expect(kept).toMatchObject({ productName: 'Toyota Corolla 2016 1.8 LE', paid: true });
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order!.id), eq(payments.productId, id)));
    expect(payment?.priceCents).toBe(850_050);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const malformed = await inject(seller, 'DELETE', `/api/product-delete/${seller.uid}?id=42`);
    expect(malformed.statusCode).toBe(400);
    expect(messageOf(malformed)).toContain('querystring.id');
    const unknown = await inject(
      seller,
      'DELETE',
      `/api/product-delete/${seller.uid}?id=7d9f3c4e-1111-4a2b-9c3d-000000000000`,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('leaves the category listing too', async () => {
    const id = await addProduct(seller);
    await inject(seller, 'DELETE', `/api/product-delete/${seller.uid}?id=${id}`);
    const listing = await t.app.inject({
      method: 'GET',
      url: `/api/category/${categoryId}?limit=100`,
    });
    expect(listing.json<{ _id: string }[]>().map((p) => p._id)).not.toContain(id);
    // The unrelated, factory-made listing of this category is still there.
    const other = await createProduct(t.database.db, {
      categoryId,
      sellerId: seller.recordId,
    });
    // Written straight into the database, past the API writes that invalidate the public cache.
    t.app.publicCache.invalidate();
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/category/${categoryId}?limit=100`,
    });
    expect(again.json<{ _id: string }[]>().map((p) => p._id)).toContain(other.id);
  });
});
