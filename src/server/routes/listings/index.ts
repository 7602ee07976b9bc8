/**
 * Listing page and editing calls (issue 13; decision 0011): the public listing, the seller's
 * contact for signed-in users, and the owner's edit and availability toggle.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  centsToDollars,
  getListingContract,
  getSellerContactContract,
  listingMessages,
  listingTexts,
  setProductAvailabilityContract,
  updateProductContract,
} from '../../../contract/index.js';
import { requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { enqueueListingMatch } from '../saved-searches/alerts.js';
import { presentProductCard } from '../catalog/presenters.js';
import { queuePriceDropMails } from '../favourites/price-drop.js';
import {
  findListing,
  findSellerContact,
  findSellerListings,
  setAvailability,
  updateProduct,
} from './repository.js';
import { resolveListingPlace } from '../places/repository.js';

const tags = ['listings'];
const asSignedIn = { tags, access: {} satisfies RouteAccess };
const asSeller = { tags, access: { role: 'seller' } satisfies RouteAccess };

export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(getListingContract, { tags, publicCache: true }),
    handler: async (request) => {
      const row = await findListing(app.db, request.params.id);
      if (!row) throw httpError(404, listingTexts.notFound);
      const others = await findSellerListings(app.db, row.sellerId, row.id);
      return {
        ...presentProductCard(row),
        category_holds_vehicles: row.categoryHoldsVehicles,
        unavailable: row.unavailable,
        seller_member_since: row.sellerSince.toISOString(),
        seller_listings: others.items.map((item) => ({
          _id: item.id,
          product_name: item.productName,
          product_image: item.productImage,
          resell_price: centsToDollars(item.resellPriceCents),
        })),
        seller_listing_count: others.total,
        deposit: centsToDollars(row.depositCents),
      };
    },
  });

  app.route({
    ...route(getSellerContactContract, asSignedIn),
    handler: async (request) => {
      const contact = await findSellerContact(app.db, request.params.id);
      if (!contact) throw httpError(404, listingTexts.notFound);
      return { seller_phone: contact.phone, seller_email: contact.email };
    },
  });

  app.route({
    ...route(updateProductContract, asSeller),
    handler: async (request) => {
      // An unknown place is a 400 before anything is read or written (decision 0026).
      await resolveListingPlace(app.db, request.body.place_id, request.body.seller_location);
      const result = await updateProduct(
        app.db,
        requireCallerRecord(request).id,
        request.params.id,
        request.body,
        (tx, drop) => queuePriceDropMails(app, tx, drop),
        (tx) => enqueueListingMatch(app, [request.params.id], tx),
      );
      switch (result.kind) {
        case 'not-found':
          throw httpError(404, listingTexts.notFound);
        case 'not-owner':
          throw httpError(403, listingTexts.editOwnOnly);
        case 'sold-price':
          throw httpError(409, listingMessages.soldPrice);
        case 'bad-category':
          throw httpError(400, 'body.category_id must be an existing category');
        case 'updated':
          return { modifiedCount: result.modifiedCount };
      }
    },
  });

  app.route({
    ...route(setProductAvailabilityContract, asSeller),
    handler: async (request) => {
      const result = await setAvailability(
        app.db,
        requireCallerRecord(request).id,
        request.params.id,
        request.body.unavailable,
        (tx) => enqueueListingMatch(app, [request.params.id], tx),
      );
      if (result.kind === 'not-found') throw httpError(404, listingTexts.notFound);
      if (result.kind === 'not-owner') throw httpError(403, listingTexts.editOwnOnly);
      return { modifiedCount: result.modifiedCount };
    },
  });
};
