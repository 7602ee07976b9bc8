import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.js';
import { registerUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { book, createListing } from './test-helpers.js';
import { messageOf } from '../../test-support/answers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BOOKING_OPEN_MAX: '3', BOOKING_DAILY_MAX: '5' });
});
afterAll(() => t.close());

describe('booking caps', () => {
  it('refuses a booking past BOOKING_OPEN_MAX open unpaid bookings, with a clear message', async () => {
    const buyer = await registerUser(t.app, { role: 'buyer' });
    const listings = await Promise.all([1, 2, 3, 4].map(() => createListing(t.app.db)));
    for (const { product } of listings.slice(0, 3)) {
      expect((await book(t.app, buyer, product.id)).statusCode).toBe(201);
    }
    const fourth = await book(t.app, buyer, listings[3]!.product.id);
    expect(fourth.statusCode).toBe(429);
    expect(messageOf(fourth)).toBe(
      'You already have 3 unpaid bookings. Pay for one of them before booking another product.',
    );
    // Repeating an existing booking is not a new one.
    expect((await book(t.app, buyer, listings[0]!.product.id)).statusCode).toBe(200);
    // A booked listing sold to someone else no longer counts as open.
    await t.app.db
      .update(products)
      .set({ listingStatus: 'sold' })
      .where(eq(products.id, listings[0]!.product.id));
    expect((await book(t.app, buyer, listings[3]!.product.id)).statusCode).toBe(201);
  });

  it('refuses a booking past BOOKING_DAILY_MAX new bookings a day', async () => {
    const buyer = await registerUser(t.app, { role: 'buyer' });
    const listings = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createListing(t.app.db)));
    for (const [i, { product }] of listings.slice(0, 5).entries()) {
      expect((await book(t.app, buyer, product.id)).statusCode, `booking ${i}`).toBe(201);
      // Keep the open count low: the listing goes to someone else.
      if (i < 4)
        await t.app.db
          .update(products)
          .set({ listingStatus: 'sold' })
          .where(eq(products.id, product.id));
    }
    const sixth = await book(t.app, buyer, listings[5]!.product.id);
    expect(sixth.statusCode).toBe(429);
    expect(messageOf(sixth)).toBe(
      'You can book at most 5 products a day. Please try again tomorrow.',
    );
  });

  it('holds under parallel bookings', async () => {
    const buyer = await registerUser(t.app, { role: 'buyer' });
    const listings = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createListing(t.app.db)));
    const statuses = (
      await Promise.all(listings.map(({ product }) => book(t.app, buyer, product.id)))
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
  });
});
