/**
 * Migration 0039_reserved_by_accepted_offer (decision 0053) on listings in the shape they had
 * before it, when an accepted offer held a listing only through a join of offers and orders. After
 * the migration a listing on the market (active, or reserved by its seller) that an accepted offer
 * with an open order (unpaid, not declined, not cancelled) holds is `reserved`, with that order in
 * `reserved_order_id` (the newest acceptance's if there were two) and, if it was active, the
 * acceptance's time in `status_changed_at`. Declined, cancelled and paid orders hold nothing, and
 * deleted, unavailable and sold listings keep their state. The new check constraint then refuses
 * a reserving order on a listing that is not reserved. PGlite (the migration's SQL is plain
 * PostgreSQL 15).
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.js';
import { rowsOf } from './rows.js';
import { stringMatching } from '../test-support/matchers.js';
import { databaseBefore } from '../test-support/migrations.js';

/** Every listing's `status_changed_at` before the migration. */
const listedAt = '2024-01-01T00:00:00.000Z';

let handle: DatabaseHandle;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ handle, close } = await databaseBefore('0039_reserved_by_accepted_offer'));
}, 120_000);
afterAll(() => close());

async function one<T>(query: SQL): Promise<T> {
  const [row] = rowsOf<T>(await handle.db.execute(query));
  if (row === undefined) throw new Error('The statement returned no row.');
  return row;
}

async function insertUser(uid: string, role: 'buyer' | 'seller'): Promise<string> {
  const row = await one<{ id: string }>(sql`insert into users (uid, display_name, email, role)
    values (${uid}, ${uid}, ${`${uid}@example.com`}, ${role}) returning id`);
  return row.id;
}

interface Fixture {
  sellerId: string;
  categoryId: string;
}

async function insertListing(
  fixture: Fixture,
  name: string,
  state: 'active' | 'reserved' | 'sold' | 'unavailable',
  deleted = false,
): Promise<string> {
  const row = await one<{ id: string }>(sql`insert into products (product_name,
    product_description, product_image, product_images, category_id, resell_price_cents,
    year_of_used, seller_location, seller_phone, seller_id, listing_status, status_changed_at,
    sold_price_cents, deleted_at)
    values (${name}, ${`${name}, described.`}, '/uploads/x.webp', array['/uploads/x.webp'],
      ${fixture.categoryId}, 1000000, 3, 'Austin', '01700000000', ${fixture.sellerId},
      ${state}, ${listedAt}, ${state === 'sold' ? 950000 : null},
      ${deleted ? sql`now()` : null})
    returning id`);
  return row.id;
}

type OrderEnd = 'open' | 'paid' | 'declined' | 'cancelled';

async function insertOrder(
  fixture: Fixture,
  productId: string,
  buyerId: string,
  end: OrderEnd,
): Promise<string> {
  const row = await one<{ id: string }>(sql`insert into orders (product_id, buyer_id, seller_id,
    customer_name, customer_email, customer_phone, meeting_location, product_name, product_image,
    product_price_cents, product_category, product_category_id, seller_name, seller_phone,
    seller_email, seller_image, seller_location, order_status, declined_at, cancelled_at)
    values (${productId}, ${buyerId}, ${fixture.sellerId}, 'Buyer', 'buyer@example.com',
      '01800000000', 'Austin', 'Listing', '/uploads/x.webp', 950000, 'Cars',
      ${fixture.categoryId}, 'Seller', '01700000000', 'seller@example.com', '', 'Austin',
      ${end === 'paid'}, ${end === 'declined' ? sql`now()` : null},
      ${end === 'cancelled' ? sql`now()` : null})
    returning id`);
  return row.id;
}

/** An offer accepted at `acceptedAt` (its `updated_at`) whose acceptance created `orderId`. */
async function insertAcceptedOffer(
  fixture: Fixture,
  productId: string,
  buyerId: string,
  orderId: string,
  acceptedAt: string,
  id?: string,
): Promise<void> {
  await handle.db.execute(sql`insert into offers (id, product_id, buyer_id, seller_id,
    amount_cents, status, expires_at, order_id, created_at, updated_at)
    values (${id ?? sql`gen_random_uuid()`}, ${productId}, ${buyerId}, ${fixture.sellerId},
      950000, 'accepted', ${acceptedAt}::timestamptz + interval '48 hours', ${orderId},
      ${acceptedAt}::timestamptz - interval '1 hour', ${acceptedAt})`);
}

interface ListingAfter {
  state: string;
  reservedOrderId: string | null;
  changedAt: string;
}

async function listing(id: string): Promise<ListingAfter> {
  const row = await one<{
    listing_status: string;
    reserved_order_id: string | null;
    status_changed_at: Date | string;
  }>(sql`select listing_status, reserved_order_id, status_changed_at from products
    where id = ${id}`);
  return {
    state: row.listing_status,
    reservedOrderId: row.reserved_order_id,
    changedAt: new Date(row.status_changed_at).toISOString(),
  };
}

describe('migration 0039_reserved_by_accepted_offer', () => {
  const ids = {} as Record<string, string>;
  const orderIds = {} as Record<string, string>;

  beforeAll(async () => {
    const sellerId = await insertUser('seller', 'seller');
    const buyer = await insertUser('buyer', 'buyer');
    const otherBuyer = await insertUser('other-buyer', 'buyer');
    const category = await one<{ id: string }>(
      sql`insert into categories (category_name) values ('Cars') returning id`,
    );
    const fixture: Fixture = { sellerId, categoryId: category.id };

    /** A listing in `state` with one accepted offer (by `buyer`) whose order ended `end`. */
    async function heldListing(
      key: string,
      state: 'active' | 'reserved' | 'sold' | 'unavailable',
      end: OrderEnd,
      acceptedAt: string,
      deleted = false,
    ) {
      const id = await insertListing(fixture, key, state, deleted);
      const orderId = await insertOrder(fixture, id, buyer, end);
      await insertAcceptedOffer(fixture, id, buyer, orderId, acceptedAt);
      ids[key] = id;
      orderIds[key] = orderId;
    }

    await heldListing('active-open', 'active', 'open', '2024-03-01T10:00:00.123Z');
    await heldListing('seller-reserved-open', 'reserved', 'open', '2024-03-02T10:00:00.000Z');
    await heldListing('active-declined', 'active', 'declined', '2024-03-03T10:00:00.000Z');
    await heldListing('active-cancelled', 'active', 'cancelled', '2024-03-04T10:00:00.000Z');
    await heldListing('sold-paid', 'sold', 'paid', '2024-03-05T10:00:00.000Z');
    // Not a state a paid order leaves behind, but only an active listing shows that it is the
    // paid order, not the listing's state, that keeps the migration away.
    await heldListing('active-paid', 'active', 'paid', '2024-03-06T10:00:00.000Z');
    await heldListing('deleted-open', 'active', 'open', '2024-03-07T10:00:00.000Z', true);
    await heldListing('unavailable-open', 'unavailable', 'open', '2024-03-08T10:00:00.000Z');

    // Two acceptances with open orders on one listing: the older one is inserted first and has
    // the greater id, so neither the scan's order nor the id tie-break picks the newer by chance.
    const twoOffers = await insertListing(fixture, 'two-offers', 'active');
    const olderOrder = await insertOrder(fixture, twoOffers, buyer, 'open');
    const newerOrder = await insertOrder(fixture, twoOffers, otherBuyer, 'open');
    await insertAcceptedOffer(
      fixture,
      twoOffers,
      buyer,
      olderOrder,
      '2024-03-09T10:00:00.000Z',
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
    );
    await insertAcceptedOffer(
      fixture,
      twoOffers,
      otherBuyer,
      newerOrder,
      '2024-03-10T10:00:00.000Z',
      '00000000-0000-4000-8000-000000000000',
    );
    ids['two-offers'] = twoOffers;
    orderIds['two-offers'] = newerOrder;

    // A plain booking (an open order, no offer) never held a listing.
    const bookedOnly = await insertListing(fixture, 'booked-only', 'active');
    await insertOrder(fixture, bookedOnly, buyer, 'open');
    ids['booked-only'] = bookedOnly;

    await handle.migrate();
  }, 120_000);

  it('reserves an active listing for the open order of its accepted offer', async () => {
    expect(await listing(ids['active-open']!)).toEqual({
      state: 'reserved',
      reservedOrderId: orderIds['active-open'],
      changedAt: '2024-03-01T10:00:00.123Z',
    });
  });

  it('records the order on a listing its seller reserved, keeping its time', async () => {
    expect(await listing(ids['seller-reserved-open']!)).toEqual({
      state: 'reserved',
      reservedOrderId: orderIds['seller-reserved-open'],
      changedAt: listedAt,
    });
  });

  it('leaves active listings held by a declined or cancelled order, or only booked', async () => {
    for (const key of ['active-declined', 'active-cancelled', 'booked-only']) {
      expect({ key, ...(await listing(ids[key]!)) }).toEqual({
        key,
        state: 'active',
        reservedOrderId: null,
        changedAt: listedAt,
      });
    }
  });

  it('leaves a listing as it was when the accepted offer has a paid order', async () => {
    expect(await listing(ids['sold-paid']!)).toEqual({
      state: 'sold',
      reservedOrderId: null,
      changedAt: listedAt,
    });
    expect(await listing(ids['active-paid']!)).toEqual({
      state: 'active',
      reservedOrderId: null,
      changedAt: listedAt,
    });
  });

  it('reserves for the newest acceptance when a listing has two with open orders', async () => {
    expect(await listing(ids['two-offers']!)).toEqual({
      state: 'reserved',
      reservedOrderId: orderIds['two-offers'],
      changedAt: '2024-03-10T10:00:00.000Z',
    });
  });

  it('leaves deleted and unavailable listings as they were', async () => {
    expect(await listing(ids['deleted-open']!)).toEqual({
      state: 'active',
      reservedOrderId: null,
      changedAt: listedAt,
    });
    expect(await listing(ids['unavailable-open']!)).toEqual({
      state: 'unavailable',
      reservedOrderId: null,
      changedAt: listedAt,
    });
  });

  it('refuses a reserving order on a listing that is not reserved', async () => {
    expect((await listing(ids['active-declined']!)).state).toBe('active');
    await expect(
      handle.db.execute(sql`update products set reserved_order_id = ${orderIds['active-declined']}
        where id = ${ids['active-declined']}`),
    ).rejects.toMatchObject({
      // Drizzle wraps the driver's error; PostgreSQL's names the constraint.
      cause: {
        message: stringMatching(/violates check constraint "products_reserved_order_check"/),
      },
    });
    expect((await listing(ids['active-declined']!)).reservedOrderId).toBeNull();
  });
});
