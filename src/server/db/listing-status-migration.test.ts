/**
 * Migration 0019_listing_status (decision 0027) on a copy of the demo data in the shape it had
 * before: every demo listing, sold ones sold, and a few made unavailable, removed by a moderator
 * (one removal later reversed) and deleted by their seller. After the migration every listing is
 * in the state it was in, `order_status` and `unavailable` read as before, and each listing's
 * price history starts with its price. PGlite (the migration's SQL is plain PostgreSQL 15).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.js';
import { rowsOf } from './rows.js';
import { demoListings } from './demo/catalog.js';
import { demoUsers } from './demo/accounts.js';
import { databaseBefore } from '../test-support/migrations.js';

let handle: DatabaseHandle;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ handle, close } = await databaseBefore('0019_listing_status'));
}, 120_000);
afterAll(() => close());

/** What each demo listing is made before the migration, and the state it must keep. */
function plannedState(index: number, sold: boolean) {
  if (sold) return 'sold';
  if (index % 7 === 1) return 'unavailable';
  if (index % 11 === 2) return 'removed';
  return 'active';
}

describe('migration 0019_listing_status on the demo data', () => {
  it('keeps every listing in its state', async () => {
    const db = handle.db;
    for (const user of demoUsers) {
      await db.execute(sql`insert into users (uid, display_name, email, role)
        values (${user.uid}, ${user.uid}, ${`${user.uid}@example.com`}, ${user.role})`);
    }
    const [admin] = rowsOf<{ id: string }>(
      await db.execute(sql`select id from users order by uid limit 1`),
    );
    const expected = new Map<string, { state: string; deleted: boolean; price: number }>();
    for (const [i, listing] of demoListings.entries()) {
      const [category] = rowsOf<{ id: string }>(
        await db.execute(sql`insert into categories (category_name) values (${listing.category})
          on conflict do nothing returning id`),
      );
      const categoryId =
        category?.id ??
        rowsOf<{ id: string }>(
          await db.execute(
            sql`select id from categories where category_name = ${listing.category}`,
          ),
        )[0]!.id;
      const state = plannedState(i, listing.soldTo !== undefined);
      const sellerDeleted = state === 'active' && i % 13 === 3;
      const [product] = rowsOf<{ id: string }>(
        await db.execute(sql`insert into products (product_name, product_description,
          product_image, product_images, category_id, condition, resell_price_cents,
          original_price_cents, year_of_used, seller_location, seller_phone, seller_id,
          order_status, unavailable, deleted_at, promote)
          values (${listing.name}, ${listing.description}, '/uploads/x.webp',
            array['/uploads/x.webp'], ${categoryId}, ${listing.condition},
            ${listing.resell * 100}, ${listing.original * 100}, ${listing.yearsUsed}, 'Austin',
            '01700000000', (select id from users where uid = ${listing.seller}),
            ${state === 'sold'}, ${state === 'unavailable'},
            ${state === 'removed' || sellerDeleted ? sql`now()` : null},
            ${(listing.promote ?? false) && state === 'active'})
          returning id`),
      );
      if (state === 'removed') {
        await db.execute(sql`insert into moderation_decisions (product_id, actor_id, outcome,
          rule, facts, decided_at) values (${product!.id}, ${admin!.id}, 'removed',
          'Scam or fraud', 'Facts.', now())`);
      }
      expected.set(product!.id, {
        state,
        deleted: state === 'removed' || sellerDeleted,
        price: listing.resell * 100,
      });
    }
    // A removal that an appeal reversed: the listing is back on the market.
    const reversed = [...expected.entries()].find(([, value]) => value.state === 'active')!;
    await db.execute(sql`insert into moderation_decisions (product_id, actor_id, outcome, rule,
      facts, decided_at, reversed_at) values (${reversed[0]}, ${admin!.id}, 'removed',
      'Scam or fraud', 'Facts.', now() - interval '2 days', now())`);
    const states = new Set([...expected.values()].map((value) => value.state));
    expect(states).toEqual(new Set(['active', 'sold', 'unavailable', 'removed']));

    await handle.migrate();

    const after = rowsOf<{
      id: string;
      listing_status: string;
      order_status: boolean;
      unavailable: boolean;
      deleted: boolean;
      history: number[];
    }>(
      await db.execute(sql`select p.id, p.listing_status, p.order_status, p.unavailable,
        p.deleted_at is not null as deleted,
        array(select price_cents from price_history h where h.product_id = p.id) as history
        from products p`),
    );
    expect(after).toHaveLength(expected.size);
    for (const row of after) {
      const want = expected.get(row.id)!;
      expect({ id: row.id, state: row.listing_status, deleted: row.deleted }).toEqual({
        id: row.id,
        state: want.state,
        deleted: want.deleted,
      });
      expect(row.order_status).toBe(want.state === 'sold');
      expect(row.unavailable).toBe(want.state === 'unavailable');
      expect(row.history).toEqual([want.price]);
    }
    const [removal] = rowsOf<{ previous_listing_status: string }>(
      await db.execute(sql`select previous_listing_status from moderation_decisions
        where reversed_at is null limit 1`),
    );
    expect(removal?.previous_listing_status).toBe('active');
    // Every demo listing inserted one by one, then every migration after 0018: 25 s on a quiet
    // run, twice that beside the browser suite.
  }, 120_000);
});
