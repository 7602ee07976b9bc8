/** Public catalogue routes (spec §7): categories, promoted products, blogs, category listing. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listBlogsContract,
  listCategoriesContract,
  listCategoryProductsContract,
  listPromotedProductsContract,
  nextCursorHeader,
  sellerVerificationContract,
} from '../../../contract/index.js';
import { route } from '../../lib/route.js';
import { presentProductCard, presentPromotedProduct } from './presenters.js';
import {
  categoryExists,
  decodeCursor,
  encodeCursor,
  findSellerStatus,
  listBlogs,
  listCategories,
  listCategoryProducts,
  listPromotedProducts,
} from './repository.js';
import { httpError } from '../../lib/http-error.js';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(listCategoriesContract),
    handler: async () => {
      const rows = await listCategories(app.db);
      return rows.map((row) => ({ _id: row.id, category_name: row.categoryName }));
    },
  });

  app.route({
    ...route(listPromotedProductsContract),
    handler: async () => (await listPromotedProducts(app.db)).map(presentPromotedProduct),
  });

  app.route({
    ...route(listBlogsContract),
    handler: async () =>
      (await listBlogs(app.db)).map((row) => ({
        _id: row.id,
        question: row.question,
        answer: row.answer,
      })),
  });

  app.route({
    ...route(listCategoryProductsContract),
    handler: async (request, reply) => {
      const { id } = request.params;
      const { limit, cursor: cursorText } = request.query;
      const cursor = cursorText === undefined ? null : decodeCursor(cursorText);
      if (cursorText !== undefined && !cursor) {
        throw httpError(400, 'querystring.cursor must be a cursor given by a previous page');
      }
      // Fetch one extra row to know whether a next page exists.
      const rows = await listCategoryProducts(app.db, id, limit + 1, cursor);
      if (rows.length === 0 && !(await categoryExists(app.db, id))) {
        throw httpError(404, 'Category not found');
      }
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      if (rows.length > limit && last) {
        reply.header(nextCursorHeader, encodeCursor({ createdAt: last.createdAt, id: last.id }));
      }
      return page.map(presentProductCard);
    },
  });

  app.route({
    ...route(sellerVerificationContract),
    handler: async (request) => {
      const status = await findSellerStatus(app.db, request.params.sellerUid);
      if (status === null) throw httpError(404, 'Seller not found');
      return { isVerified: status === 'verified' };
    },
  });
};
