/**
 * Public catalogue routes (docs/product.md §7): categories, promoted products, blogs, category
 * listing. Public reads: on a read replica when one is fit (`app.readDb`, decision 0050).
 */
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
import { presentProductCard, presentPromotedProduct } from '../../catalog/presenters.js';
import {
  categoryExists,
  findSellerStatus,
  listBlogs,
  listCategories,
  listCategoryProducts,
  listPromotedProducts,
} from '../../catalog/repository.js';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(listCategoriesContract, { publicCache: true }),
    handler: async (request) => {
      const rows = await listCategories(app.readDb(request));
      return rows.map((row) => ({
        _id: row.id,
        category_name: row.categoryName,
        holds_vehicles: row.holdsVehicles,
      }));
    },
  });

  app.route({
    ...route(listPromotedProductsContract, { publicCache: true }),
    handler: async (request) =>
      (await listPromotedProducts(app.readDb(request))).map(presentPromotedProduct),
  });

  app.route({
    ...route(listBlogsContract, { publicCache: true }),
    handler: async (request) =>
      (await listBlogs(app.readDb(request))).map((row) => ({
        _id: row.id,
        question: row.question,
        answer: row.answer,
      })),
  });

  app.route({
    ...route(listCategoryProductsContract, { publicCache: true }),
    handler: async (request, reply) => {
      const { id } = request.params;
      const db = app.readDb(request);
      const page = await keysetPage(reply, request.query, (cursor, limit) =>
        listCategoryProducts(db, id, cursor, limit),
      );
      if (page.length === 0 && !(await categoryExists(db, id))) {
        throw httpError(404, 'Category not found');
      }
      return page.map(presentProductCard);
    },
  });

  app.route({
    ...route(sellerVerificationContract, { publicCache: true }),
    handler: async (request) => {
      const status = await findSellerStatus(app.readDb(request), request.params.sellerUid);
      if (status === null) throw httpError(404, 'Seller not found');
      return { isVerified: status === 'verified' };
    },
  });
};
