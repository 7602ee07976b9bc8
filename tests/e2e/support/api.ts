/**
 * Reads what the pages should show straight from the API, so the browser tests compare the UI
 * with the database's data instead of hard-coding the demo catalogue.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import {
  nextCursorHeader,
  type Blog,
  type Category,
  type ProductCard,
  type PromotedProduct,
} from '../../../src/contract/index.js';
import * as apiRoutes from '../../../src/contract/route-table.js';
import { apiUrl } from '../../../src/contract/routes.js';

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), `GET ${url}`).toBe(200);
  return (await response.json()) as T;
}

export const getCategories = (request: APIRequestContext) =>
  getJson<Category[]>(request, apiUrl(apiRoutes.listCategories));

export const getPromotedProducts = (request: APIRequestContext) =>
  getJson<PromotedProduct[]>(request, apiUrl(apiRoutes.listPromotedProducts));

export const getBlogs = (request: APIRequestContext) =>
  getJson<Blog[]>(request, apiUrl(apiRoutes.listBlogs));

/** The first page of a category's listing and the cursor of the next page (null if none). */
export async function getCategoryPage(
  request: APIRequestContext,
  categoryId: string,
  cursor?: string,
): Promise<{ products: ProductCard[]; nextCursor: string | null }> {
  const url = apiUrl(apiRoutes.listCategoryProducts, {
    params: { id: categoryId },
    query: { cursor },
  });
  const response = await request.get(url);
  expect(response.status(), `GET ${url}`).toBe(200);
  return {
    products: (await response.json()) as ProductCard[],
    nextCursor: response.headers()[nextCursorHeader] ?? null,
  };
}
