/**
 * Reads what the pages should show straight from the API, so the browser tests compare the UI
 * with the database's data instead of hard-coding the demo catalogue.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  nextCursorHeader,
  type Blog,
  type Category,
  type ProductCard,
  type PromotedProduct,
} from '#contract/index.js';
import * as apiRoutes from '#contract/route-table.js';
import { apiUrl } from '#contract/routes.js';

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

/**
 * The data a server-rendered page was rendered from: its dehydrated query `key` in the page's
 * `#sg-ssr-state` (decision 0015), i.e. "the answer the page got itself" without a browser
 * request to wait for.
 */
export async function renderedQueryData<T>(page: Page, key: readonly unknown[]): Promise<T> {
  const text = await page.locator('#sg-ssr-state').textContent();
  expect(text, 'the page carries its server-rendered state').toBeTruthy();
  const state = JSON.parse(text ?? '{}') as {
    queries: { queryHash: string; state: { data: unknown } }[];
  };
  const query = state.queries.find((entry) => entry.queryHash === JSON.stringify(key));
  expect(query, `the page was rendered with ${JSON.stringify(key)}`).toBeDefined();
  return query?.state.data as T;
}
