/**
 * Time to sell: fixed data with known percentiles, the `null` case under five sales, the
 * comparables' rules (model, year, mileage, the last 12 months, the price's position in its fair
 * band), and a synthetic market whose selling times per price position the estimate recovers
 * within 15 %.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, type products } from '../../db/schema.js';
import { registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct } from '../../test-support/factories.js';
import { timeToSell } from '../../insights/sales.js';
import { messageOf } from '../../test-support/answers.js';

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app, { role: 'seller', name: 'Tess Seller' });
  buyer = await registerUser(t.app, { role: 'buyer', name: 'Tom Buyer' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

const DAY = 86_400_000;
let sale = 0;

/**
 * A listing listed `listedDaysAgo` days ago; sold `sellDays` after it was listed (through a paid
 * order, at its asking price) when `sellDays` is given, else still for sale.
 */
async function car(
  overrides: Partial<typeof products.$inferInsert>,
  listedDaysAgo: number,
  sellDays?: number,
) {
  const db = t.database.db;
  const createdAt = new Date(Date.now() - listedDaysAgo * DAY);
  const product = await createProduct(
    db,
    { categoryId, sellerId: seller.recordId },
    { createdAt, sold: sellDays !== undefined, ...overrides },
  );
  if (sellDays === undefined) return product;
  const paidAt = new Date(createdAt.getTime() + sellDays * DAY);
  const [order] = await db
    .insert(orders)
    .values({
      productId: product.id,
      buyerId: buyer.recordId,
      sellerId: seller.recordId,
      customerName: 'Tom Buyer',
      customerEmail: 'tom@example.com',
      customerPhone: '01700000000',
      meetingLocation: 'Dhaka',
      productName: product.productName,
      productImage: product.productImage,
      productPriceCents: product.resellPriceCents,
      productCategory: 'Cars',
      productCategoryId: categoryId,
      sellerName: 'Tess Seller',
      sellerPhone: '01700000000',
      sellerEmail: 'tess@example.com',
      sellerImage: '/uploads/tess.webp',
      sellerLocation: 'Dhaka',
      paid: true,
      createdAt: paidAt,
    })
    .returning();
  await db.insert(payments).values({
    orderId: order!.id,
    productId: product.id,
    buyerId: buyer.recordId,
    priceCents: product.resellPriceCents,
    transactionId: `txn-time-to-sell-${++sale}`,
    email: 'tom@example.com',
    createdAt: paidAt,
  });
  return product;
}

const ask = (query: string) => t.app.inject({ method: 'GET', url: `/api/time-to-sell?${query}` });

describe('GET /api/time-to-sell', () => {
  it('answers the median and quartiles of days from listing to sold on fixed data', async () => {
    const base = { make: 'Fixedmake', model: 'Alpha', modelYear: 2015, mileageKm: 100_000 };
    // Five sold comparables (spellings, years and mileages within the rules) taking 10–50 days,
    // all at the factory's $8,500.
    for (const [i, days] of [10, 20, 30, 40, 50].entries()) {
      await car(
        {
          ...base,
          make: i % 2 ? 'FIXEDMAKE' : 'Fixedmake',
          modelYear: 2013 + i,
          mileageKm: 80_000 + i * 10_000,
        },
        60 + i,
        days,
      );
    }
    // Not comparable: another model, too far in year or mileage, sold 13 months ago, unsold.
    await car({ ...base, model: 'Beta' }, 40, 1);
    await car({ ...base, modelYear: 2018 }, 40, 1);
    await car({ ...base, mileageKm: 200_000 }, 40, 1);
    await car(base, 500, 100);
    await car(base, 5);
    const response = await ask(
      'make=fixedmake&model=alpha&model_year=2015&mileage_km=100000&price=8500',
    );
    expect(response.statusCode).toBe(200);
    // The fair band is $8,500–$8,500 (every comparable listed in the last 12 months is at
    // $8,500): $8,500 is within it, like every sale.
    expect(response.json()).toEqual({ count: 5, median_days: 30, p25_days: 20, p75_days: 40 });
  });

  it('says nothing under five sales, and gives the count', async () => {
    const base = { make: 'Raremake', model: 'Solo', modelYear: 2010, mileageKm: 150_000 };
    for (const days of [12, 24, 36, 48]) await car(base, 80, days);
    const response = await ask('make=Raremake&model=Solo&model_year=2010&price=10000');
    expect(response.json()).toEqual({
      count: 4,
      median_days: null,
      p25_days: null,
      p75_days: null,
    });
  });

  it('refuses a bad query naming the field', async () => {
    const response = await ask('make=A&model=B&model_year=2015&price=-5');
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toContain('price');
  });

  it('recovers the selling time of each price position of a synthetic market within 15 %', async () => {
    // 120 cars of one model priced $8,000–$19,900 in $100 steps (so the fair band, 25th–75th
    // percentile, is $10,975–$16,925 and no car sits on its edges); three in four sold. A car's
    // true selling time depends only on its position: 14 days below the band, 35 within, 80
    // above, each scattered ±25 % by a fixed pseudo-random sequence; listed 0–200 days before
    // its sale.
    const truth = { great: 14, fair: 35, high: 80 };
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const base = { make: 'Synthmake', model: 'Market', modelYear: 2017, mileageKm: 60_000 };
    for (let i = 0; i < 120; i += 1) {
      const dollars = 8_000 + i * 100;
      const position = dollars < 10_975 ? 'great' : dollars > 16_925 ? 'high' : 'fair';
      const sellDays = truth[position] * (0.75 + random() * 0.5);
      const soldDaysAgo = Math.floor(random() * 200);
      const overrides = {
        ...base,
        modelYear: 2015 + (i % 5),
        mileageKm: 50_000 + (i % 7) * 3_000,
        resellPriceCents: dollars * 100,
      };
      if (i % 4 === 3) await car(overrides, Math.floor(random() * 60));
      else await car(overrides, soldDaysAgo + sellDays, sellDays);
    }
    const estimate = async (price: number) =>
      (
        await ask(`make=Synthmake&model=Market&model_year=2017&mileage_km=60000&price=${price}`)
      ).json<{ count: number; median_days: number }>();
    for (const [price, expected] of [
      [9_000, truth.great],
      [14_000, truth.fair],
      [19_000, truth.high],
    ] as const) {
      const answer = await estimate(price);
      expect(answer.count).toBeGreaterThanOrEqual(5);
      expect(Math.abs(answer.median_days - expected) / expected).toBeLessThanOrEqual(0.15);
    }
  });

  it('uses a clock for the last 12 months', async () => {
    const base = { make: 'Clockmake', model: 'Tick', modelYear: 2012, mileageKm: 70_000 };
    for (const days of [5, 6, 7, 8, 9]) await car(base, 30, days);
    const query = {
      make: 'Clockmake',
      model: 'Tick',
      modelYear: 2012,
      mileageKm: 70_000,
      price: 8_500,
    };
    expect((await timeToSell(t.database.db, query)).count).toBe(5);
    const later = new Date(Date.now() + 400 * DAY);
    expect(await timeToSell(t.database.db, query, later)).toEqual({
      count: 0,
      median_days: null,
      p25_days: null,
      p75_days: null,
    });
  });
});
