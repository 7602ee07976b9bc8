/**
 * Helpers for the buying tests (orders, payments): a listing from the factories, and the calls a
 * buyer's browser makes, as the spec's client sends them.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { bearer, type TestUser } from '../../test-support/accounts.js';
import {
  createCategory,
  createProduct,
  createUser,
  type ProductOverrides,
} from '../../test-support/factories.js';

/** A live listing of a fresh seller (price $8,500.00 unless overridden). */
export async function createListing(db: Database, overrides: ProductOverrides = {}) {
  const seller = await createUser(db, { role: 'seller', displayName: 'Sam Seller' });
  const category = await createCategory(db);
  const product = await createProduct(
    db,
    { categoryId: category.id, sellerId: seller.id },
    overrides,
  );
  return { seller, category, product };
}

/** The booking body the spec's client sends (docs/product.md §7 POST /orders), with lies in it. */
export function bookingBody(productId: string, overrides: Record<string, unknown> = {}) {
  return {
    customer_info: {
      customer_name: 'Forged Name',
      customer_email: 'forged@example.test',
      customer_uid: 'forged-uid',
      customer_phone: '01711111111',
      meeting_location: 'Gulshan 2',
    },
    product_info: {
      product_name: 'Forged product',
      product_image: 'https://evil.example/x.png',
      product_price: 1,
      product_id: productId,
      product_category: 'Forged',
      product_category_id: 'forged',
    },
    seller_info: { seller_name: 'Forged seller', seller_email: 'x@example.test' },
    order_status: true,
    ...overrides,
  };
}

/** `POST /api/orders` as `buyer`. */
export function book(app: FastifyInstance, buyer: TestUser, productId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(buyer.token),
    payload: bookingBody(productId),
  });
}

/** Books and returns the order id. @throws when booking fails. */
export async function bookOrder(app: FastifyInstance, buyer: TestUser, productId: string) {
  const response = await book(app, buyer, productId);
  if (response.statusCode !== 201 && response.statusCode !== 200) {
    throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ insertedId: string }>().insertedId;
}
