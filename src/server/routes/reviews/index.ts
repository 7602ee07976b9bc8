/**
 * Seller profiles and reviews (contract src/contract/reviews.ts; decision 0013).
 * - Only the buyer of a paid order may review its seller, once per order (the unique index on
 *   `reviews.order_id` decides races: 409).
 * - Only the reviewed seller may reply, once.
 * - An admin may remove a review: soft, audit-logged `review.remove` in the same transaction.
 * - `GET /api/sellers/{uid}` is public.
 */
import { presentSellerType } from '../../dealers/presenters.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createReviewContract,
  getSellerProfileContract,
  removeReviewContract,
  replyReviewContract,
  reviewTexts,
  sellerProfilePageSize,
  type Review,
} from '#contract/index.js';
import { requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { presentVerification } from '../../trust/seller-verification.js';
import { presentProductCard } from '../../catalog/presenters.js';
import {
  findLiveReview,
  findOrderForReview,
  findSellerByUid,
  insertReview,
  liveListingsOf,
  ratingOf,
  removeReview,
  reviewsOf,
  setReply,
  type ReviewRow,
} from '../../reviews/repository.js';

const tags = ['reviews'];
const asUser = { tags, access: {} satisfies RouteAccess };
const asAdmin = { tags, access: { role: 'admin' } satisfies RouteAccess };

/** A review as the API shows it. */
export function presentReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    rating: row.rating,
    text: row.text,
    buyer_name: row.buyerName,
    buyer_photo: row.buyerPhoto,
    product_name: row.productName,
    seller_reply: row.sellerReply,
    replied_at: row.repliedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(createReviewContract, asUser),
    handler: async (request, reply) => {
      const me = requireCallerRecord(request);
      const { order_id, rating, text } = request.body;
      const order = await findOrderForReview(app.db, order_id);
      if (!order) throw httpError(404, 'Order not found');
      if (order.buyerId !== me.id) throw httpError(403, 'You can only review your own orders');
      if (!order.paid) throw httpError(409, 'You can review an order once it is paid');
      const id = await insertReview(app.db, {
        orderId: order_id,
        sellerId: order.sellerId,
        buyerId: me.id,
        rating,
        text,
      });
      if (!id) throw httpError(409, reviewTexts.alreadyReviewed);
      const row = await findLiveReview(app.db, id);
      return reply.code(201).send(presentReview(row!));
    },
  });

  app.route({
    ...route(replyReviewContract, asUser),
    handler: async (request) => {
      const me = requireCallerRecord(request);
      const review = await findLiveReview(app.db, request.params.id);
      if (!review) throw httpError(404, 'Review not found');
      if (review.sellerId !== me.id) {
        throw httpError(403, 'Only the reviewed seller may reply');
      }
      if (!(await setReply(app.db, review.id, request.body.text))) {
        throw httpError(409, 'You have already replied to this review');
      }
      return presentReview((await findLiveReview(app.db, review.id))!);
    },
  });

  app.route({
    ...route(removeReviewContract, asAdmin),
    handler: async (request) => {
      const admin = requireCallerRecord(request);
      const modified = await removeReview(app.db, request.params.id, admin.id);
      if (modified === null) throw httpError(404, 'Review not found');
      return { modifiedCount: modified };
    },
  });

  app.route({
    ...route(getSellerProfileContract, { tags, publicCache: true }),
    handler: async (request) => {
      // A public read: on a read replica when one is fit (decision 0050).
      const db = app.readDb(request);
      const seller = await findSellerByUid(db, request.params.uid);
      if (!seller) throw httpError(404, 'Seller not found');
      const [rating, listings, latest] = await Promise.all([
        ratingOf(db, seller.id),
        liveListingsOf(db, seller.id, sellerProfilePageSize.products),
        reviewsOf(db, seller.id, sellerProfilePageSize.reviews),
      ]);
      return {
        seller: {
          uid: seller.uid,
          display_name: seller.displayName,
          photo_url: seller.photoUrl,
          verified: seller.status === 'verified',
          verification: presentVerification(seller),
          member_since: seller.createdAt.toISOString(),
          ...presentSellerType(seller),
        },
        rating,
        products: listings.map(presentProductCard),
        reviews: latest.map(presentReview),
      };
    },
  });
};
