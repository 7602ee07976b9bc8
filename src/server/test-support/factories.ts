/**
 * Small factories for test data (decision 0001, after Outline's server/test/factories.ts). Each
 * returns the inserted row; pass overrides for the fields a test cares about.
 */
import { randomUUID } from 'node:crypto';
import { categoryNameKey } from '../../contract/categories.js';
import type { Database } from '../db/client.js';
import { blogs, categories, priceHistory, products, users } from '../db/schema.js';

type NewUser = typeof users.$inferInsert;
type NewProduct = typeof products.$inferInsert;
/** What a test may override of a listing (see createProduct). */
export type ProductOverrides = Partial<NewProduct> & { sold?: boolean; unavailable?: boolean };

let sequence = 0;
const next = () => ++sequence;

export async function createUser(db: Database, overrides: Partial<NewUser> = {}) {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      uid: `user-${n}-${randomUUID().slice(0, 8)}`,
      displayName: `User ${n}`,
      email: `user${n}-${randomUUID().slice(0, 8)}@example.com`,
      photoUrl: `/uploads/user-${n}.webp`,
      role: 'seller',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createCategory(db: Database, categoryName = `Category ${next()}`) {
  const [row] = await db
    .insert(categories)
    .values({ categoryName, nameKey: categoryNameKey(categoryName) })
    .returning();
  return row!;
}

/**
 * A listing. `sold` and `unavailable` (the spec's flag and the availability toggle's, derived from
 * `listing_status` since decision 0027) are accepted as shorthands for that state.
 */
export async function createProduct(
  db: Database,
  refs: { categoryId: string; sellerId: string },
  { sold, unavailable, ...overrides }: ProductOverrides = {},
) {
  const n = next();
  const listingStatus =
    overrides.listingStatus ?? (sold ? 'sold' : unavailable ? 'unavailable' : 'active');
  const productImage =
    overrides.productImage ?? overrides.productImages?.[0] ?? `/uploads/product-${n}.webp`;
  const [row] = await db
    .insert(products)
    .values({
      productName: `Toyota Corolla ${2000 + (n % 25)}`,
      productDescription: 'Well kept, full service history.',
      productImage,
      productImages: overrides.productImages ?? [productImage],
      categoryId: refs.categoryId,
      sellerId: refs.sellerId,
      condition: 'Good',
      resellPriceCents: 850_000,
      originalPriceCents: 1_900_000,
      yearOfUsed: 6,
      sellerLocation: 'Dhaka',
      sellerPhone: '01700000000',
      ...overrides,
      listingStatus,
    })
    .returning();
  await db
    .insert(priceHistory)
    .values({ productId: row!.id, priceCents: row!.resellPriceCents, at: row!.createdAt });
  return row!;
}

export async function createBlog(db: Database, question: string, answer = 'An answer.') {
  const [row] = await db.insert(blogs).values({ question, answer }).returning();
  return row!;
}
