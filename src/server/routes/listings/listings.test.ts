/** The listing endpoint, the seller's contact, editing and the availability toggle. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, listingMessages, type Listing } from '#contract/index.js';
import { products } from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory } from '../../test-support/factories.js';

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

const car = {
  product_name: 'Toyota Corolla 2016 1.8 LE',
  product_description: 'One owner, full service history.',
  product_image: '/uploads/cover.webp',
  product_images: ['/uploads/cover.webp', '/uploads/side.webp', '/uploads/inside.webp'],
  category_id: '',
  condition: 'Good',
  resell_price: 8500,
  original_price: 19000,
  year_of_used: 8,
  seller_location: 'Austin, TX',
  seller_phone: '+1 512 555 0142',
  make: 'Toyota',
  model: 'Corolla',
  model_year: 2016,
  mileage_km: 155_100,
  fuel_type: 'Petrol',
  transmission: 'Automatic',
  body_type: 'Sedan',
  color: 'Silver',
  vin: '2t1c8tn72gd453768',
};

const inject = (
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: user ? bearer(user.token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function addCar(overrides: Record<string, unknown> = {}, as = seller) {
  const response = await inject(as, 'POST', '/api/products', {
    ...car,
    category_id: categoryId,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ insertedId: string }>().insertedId;
}

async function rowOf(id: string) {
  const [row] = await t.app.db.select().from(products).where(eq(products.id, id));
  return row!;
}

describe('GET /api/product/{id}', () => {
  it('answers every field, the seller card and the other listings, without contact details', async () => {
    const other = await addCar({ product_name: 'Honda Civic 2018', product_images: undefined });
    const id = await addCar();
    const response = await inject(null, 'GET', `/api/product/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const listing = response.json<Listing>();
    expect(listing).toMatchObject({
      _id: id,
      product_name: car.product_name,
      product_image: '/uploads/cover.webp',
      product_images: car.product_images,
      make: 'Toyota',
      model: 'Corolla',
      model_year: 2016,
      mileage_km: 155_100,
      fuel_type: 'Petrol',
      transmission: 'Automatic',
      body_type: 'Sedan',
      color: 'Silver',
      vin: '2T1C8TN72GD453768',
      resell_price: 8500,
      category_name: 'Sedan',
      category_holds_vehicles: true,
      seller_name: 'Sam Carter',
      seller_verified: false,
      unavailable: false,
      order_status: false,
      seller_listing_count: 2,
    });
    expect(listing.seller_listings.map((item) => item._id)).toEqual([other]);
    expect(Date.parse(listing.seller_member_since)).not.toBeNaN();
    expect(listing).not.toHaveProperty('seller_phone');
    expect(listing).not.toHaveProperty('seller_email');
  });

  it('answers 404 for an unknown or removed listing and 400 for a bad id', async () => {
    const unknown = await inject(null, 'GET', '/api/product/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const id = await addCar();
    await t.app.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, id));
    expect((await inject(null, 'GET', `/api/product/${id}`)).statusCode).toBe(404);
    const bad = await inject(null, 'GET', '/api/product/nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/id/);
  });

  it('gives the seller’s phone and e-mail to signed-in users only', async () => {
    const id = await addCar();
    expect((await inject(null, 'GET', `/api/product/${id}/contact`)).statusCode).toBe(401);
    const response = await inject(buyer, 'GET', `/api/product/${id}/contact`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ seller_phone: car.seller_phone, seller_email: seller.email });
  });
});

describe('POST /api/products with photos and vehicle details', () => {
  it('defaults product_images to the cover and refuses bad vehicle values', async () => {
    const id = await addCar({ product_images: undefined, make: '', vin: null });
    const row = await rowOf(id);
    expect(row.productImages).toEqual([car.product_image]);
    expect(row.make).toBeNull();
    for (const [field, value, message] of [
      ['vin', 'IOQ45678901234567', listingMessages.vin],
      ['fuel_type', 'Steam', 'fuel_type'],
      ['model_year', 1700, 'model_year'],
      ['mileage_km', -1, 'mileage_km'],
      [
        'product_images',
        Array.from({ length: limits.productImagesMax + 1 }, (_, i) => `/uploads/${i}.webp`),
        'product_images',
      ],
      ['product_images', ['/uploads/other.webp'], listingMessages.imagesCover],
      ['product_images', ['https://evil.example/a.webp'], 'product_images'],
    ] as const) {
      const response = await inject(seller, 'POST', '/api/products', {
        ...car,
        category_id: categoryId,
        [field]: value,
      });
      expect(response.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
  });
});

describe('PATCH /api/product/{id}', () => {
  it('lets the owner edit fields and photos', async () => {
    const id = await addCar();
    const response = await inject(seller, 'PATCH', `/api/product/${id}`, {
      resell_price: 7999.99,
      product_name: 'toyota Corolla LE',
      product_images: ['/uploads/side.webp', '/uploads/cover.webp'],
      mileage_km: 160_000,
      color: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ modifiedCount: 1 });
    const row = await rowOf(id);
    expect(row).toMatchObject({
      resellPriceCents: 799_999,
      productName: 'Toyota Corolla LE',
      productImage: '/uploads/side.webp',
      productImages: ['/uploads/side.webp', '/uploads/cover.webp'],
      mileageKm: 160_000,
      color: null,
      make: 'Toyota',
    });
    const listing = (await inject(null, 'GET', `/api/product/${id}`)).json<Listing>();
    expect(listing.resell_price).toBe(7999.99);
  });

  it('is 403 for another seller and changes nothing; 401 without a token; 403 for a buyer', async () => {
    const id = await addCar();
    // The VIN decoding job fills `vinDecoded` in the background after creation, at any moment
    // during this test: the seller's fields are what the refused edits must leave alone.
    const sellerFields = async () => {
      const { vinDecoded: _decoded, ...fields } = await rowOf(id);
      return fields;
    };
    const before = await sellerFields();
    const body = { resell_price: 1 };
    const foreign = await inject(otherSeller, 'PATCH', `/api/product/${id}`, body);
    expect(foreign.statusCode).toBe(403);
    expect((await inject(null, 'PATCH', `/api/product/${id}`, body)).statusCode).toBe(401);
    expect((await inject(buyer, 'PATCH', `/api/product/${id}`, body)).statusCode).toBe(403);
    expect(await sellerFields()).toEqual(before);
  });

  it('validates like creation', async () => {
    const id = await addCar();
    for (const body of [
      { resell_price: 0 },
      { product_name: '   ' },
      { vin: 'SHORT' },
      { product_images: [] },
      { seller_phone: '123' },
      { category_id: 'nope' },
    ]) {
      const response = await inject(seller, 'PATCH', `/api/product/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknownCategory = await inject(seller, 'PATCH', `/api/product/${id}`, {
      category_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownCategory.statusCode).toBe(400);
    expect((await rowOf(id)).resellPriceCents).toBe(850_000);
  });

  it('keeps the price of a sold listing', async () => {
    const id = await addCar();
    await t.app.db.update(products).set({ listingStatus: 'sold' }).where(eq(products.id, id));
    const response = await inject(seller, 'PATCH', `/api/product/${id}`, { resell_price: 100 });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(listingMessages.soldPrice);
    expect((await rowOf(id)).resellPriceCents).toBe(850_000);
    const same = await inject(seller, 'PATCH', `/api/product/${id}`, {
      resell_price: 8500,
      color: 'Grey',
    });
    expect(same.statusCode).toBe(200);
  });

  it('answers 404 for a removed listing', async () => {
    const id = await addCar();
    await t.app.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, id));
    expect((await inject(seller, 'PATCH', `/api/product/${id}`, { color: 'Red' })).statusCode).toBe(
      404,
    );
  });
});

describe('PATCH /api/product/{id}/availability', () => {
  it('takes a listing off the market (hidden from the category page, not bookable) and back', async () => {
    const id = await addCar();
    const inCategory = async () =>
      (await inject(buyer, 'GET', `/api/category/${categoryId}?limit=100`))
        .json<{ _id: string }[]>()
        .some((item) => item._id === id);
    expect(await inCategory()).toBe(true);

    const foreign = await inject(otherSeller, 'PATCH', `/api/product/${id}/availability`, {
      unavailable: true,
    });
    expect(foreign.statusCode).toBe(403);
    expect((await rowOf(id)).unavailable).toBe(false);

    const off = await inject(seller, 'PATCH', `/api/product/${id}/availability`, {
      unavailable: true,
    });
    expect(off.json()).toEqual({ modifiedCount: 1 });
    expect(await inCategory()).toBe(false);
    const listing = (await inject(null, 'GET', `/api/product/${id}`)).json<Listing>();
    expect(listing.unavailable).toBe(true);
    const booking = await inject(buyer, 'POST', '/api/orders', {
      product_info: { product_id: id },
      customer_info: { customer_phone: '+1 512 555 0100', meeting_location: 'Austin' },
    });
    expect(booking.statusCode, booking.body).toBe(409);

    const back = await inject(seller, 'PATCH', `/api/product/${id}/availability`, {
      unavailable: false,
    });
    expect(back.json()).toEqual({ modifiedCount: 1 });
    expect(await inCategory()).toBe(true);
  });
});
