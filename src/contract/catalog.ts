/**
 * The catalogue's calls (docs/product.md §2 Home, Category page, Blogs; §7): health, categories, promoted
 * products, blogs, one category's products (keyset pages, decision 0003) and a seller's verified
 * badge. Each entry gives the call's method, its path under `/api` (Fastify's `:param` syntax),
 * its inputs and its answers as zod schemas: the server validates requests and serialises
 * answers with them and derives the OpenAPI document from them; the SPA reads their types, and
 * builds URLs from the zod-free route table (`routes.ts`).
 */
import { z } from 'zod';
import {
  blogSchema,
  categorySchema,
  idSchema,
  productCardSchema,
  promotedProductSchema,
  uidSchema,
} from './entities.js';
import { errorSchema } from './errors.js';
import { limits } from './limits.js';

/** Answers every endpoint may give besides its success. */
const commonErrors = { 400: errorSchema, 404: errorSchema, 503: errorSchema } as const;

export const listCategoriesContract = {
  method: 'GET',
  url: '/api/categories',
  summary: 'All categories, sorted by name',
  response: { 200: z.array(categorySchema), 503: errorSchema },
} as const;

export const listPromotedProductsContract = {
  method: 'GET',
  url: '/api/promoted-product/',
  summary: 'Promoted, unsold products, newest first (home Advertisement)',
  response: { 200: z.array(promotedProductSchema), 503: errorSchema },
} as const;

export const listBlogsContract = {
  method: 'GET',
  url: '/api/blogs',
  summary: 'Blog questions and answers',
  response: { 200: z.array(blogSchema), 503: errorSchema },
} as const;

/**
 * Opaque keyset cursor of the category listing: base64url of `<ISO createdAt>|<id>`.
 * The next page's cursor comes in the `x-next-cursor` response header.
 */
export const cursorSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'must be a cursor given by a previous page' });

/**
 * `limit` of a paginated list: a whole number 1–`max`, `defaultSize` when absent (every keyset
 * list: moderation, the seller's bookings, conversations and messages).
 */
export const pageLimitSchema = (defaultSize: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(max, { message: `must be at most ${max}` })
    .default(defaultSize);

export const listCategoryProductsContract = {
  method: 'GET',
  url: '/api/category/:id',
  summary: 'Products of one category, newest first; paginated by `limit` and `cursor`',
  params: z.object({ id: idSchema }),
  querystring: z.object({
    limit: z.coerce
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number' })
      .min(1)
      .max(limits.categoryPageMax)
      .default(limits.categoryPageDefault),
    cursor: cursorSchema.optional(),
  }),
  response: { 200: z.array(productCardSchema), ...commonErrors },
} as const;

export const sellerVerificationContract = {
  method: 'GET',
  url: '/api/seller-verify/:sellerUid',
  summary: "Whether a seller is verified (the card's verified badge)",
  params: z.object({ sellerUid: uidSchema }),
  response: { 200: z.object({ isVerified: z.boolean() }), ...commonErrors },
} as const;
