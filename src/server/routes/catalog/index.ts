/** Public catalogue routes (docs/product.md §7): categories, promoted products, blogs, category listing. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listBlogsContract,
  listCategoriesContract,
  listCategoryProductsContract,
  listPromotedProductsContract,
  sellerVerificationContract,
} from '#contract/index.js';
import { httpError } from '../../lib/http-error.js';
import { keysetPage } from '../../lib/pagination.js';
import { route } from '../../lib/route.js';
import { presentProductCard, presentPromotedProduct } from './presenters.js';
import {
  categoryExists,
  findSellerStatus,
  listBlogs,
  listCategories,
  listCategoryProducts,
  listPromotedProducts,
} from './repository.js';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(listCategoriesContract, { publicCache: true }),
    handler: async () => {
      const rows = await listCategories(app.db);
      return rows.map((row) => ({
        _id: row.id,
        category_name: row.categoryName,
        holds_vehicles: row.holdsVehicles,
      }));
    },
  });

  app.route({
    ...route(listPromotedProductsContract, { publicCache: true }),
    handler: async () => (await listPromotedProducts(app.db)).map(presentPromotedProduct),
  });

  app.route({
    ...route(listBlogsContract, { publicCache: true }),
    handler: async () =>
      (await listBlogs(app.db)).map((row) => ({
        _id: row.id,
        question: row.question,
        answer: row.answer,
      })),
  });

  app.route({
    ...route(listCategoryProductsContract, { publicCache: true }),
    handler: async (request, reply) => {
      const { id } = request.params;
      const page = await keysetPage(reply, request.query, (cursor, limit) =>
        listCategoryProducts(app.db, id, cursor, limit),
      );
      if (page.length === 0 && !(await categoryExists(app.db, id))) {
        throw httpError(404, 'Category not found');
      }
      return page.map(presentProductCard);
    },
  });

  app.route({
    ...route(sellerVerificationContract, { publicCache: true }),
    handler: async (request) => {
      const status = await findSellerStatus(app.db, request.params.sellerUid);
      if (status === null) throw httpError(404, 'Seller not found');
      return { isVerified: status === 'verified' };
    },
  });
};
