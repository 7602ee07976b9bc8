/**
 * Listing page and editing calls (decision 0011): the public listing, the seller's
 * contact for signed-in users, and the owner's edit and availability toggle.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blurPhotoContract,
  centsToDollars,
  getListingContract,
  getSimilarListingsContract,
  getSellerContactContract,
  dollarsToCents,
  listingMessages,
  listingState,
  listingTexts,
  renewListingByLinkContract,
  renewListingContract,
  setListingStatusContract,
  setProductAvailabilityContract,
  updateProductContract,
  type ListingRefusal,
  type ListingStatus,
} from '#contract/index.js';
import { requireCaller, requireCallerRecord, type RouteAccess } from '../../auth/guard.js';
import { httpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import { enqueueListingMatch } from '../../saved-searches/alerts.js';
import { presentProductCard } from '../../catalog/presenters.js';
import { queuePriceDropMails } from '../../favourites/price-drop.js';
import {
  expiryFrom,
  renewListing,
  transitionListingTo,
  type RenewResult,
} from '../../listings/listing-state.js';
import { listingTrustFlags } from '../../trust/repository.js';
import { othersPhotosError } from '../../trust/photo-owners.js';
import { enqueueListingVinDecode } from '../../trust/listing-vin.js';
import {
  findListing,
  findPriceHistory,
  findGoneListing,
  findSellerContact,
  findSimilarListings,
  findSellerListings,
  setAvailability,
  updateProduct,
} from '../../listings/repository.js';
import { resolveListingPlace } from '../../places/repository.js';
import { blurListingPhoto } from '../../listings/photo-blur.js';

const dayMs = 86_400_000;

/**
 * Whole days a listing has been on the market (decision 0027): from its listing to now, or to
 * when it was sold, expired or removed.
 */
export function daysOnMarket(
  listedAt: Date,
  status: ListingStatus,
  statusChangedAt: Date,
  now = Date.now(),
): number {
  const ended = listingState(status).ended;
  const until = ended ? statusChangedAt.getTime() : now;
  return Math.max(0, Math.floor((until - listedAt.getTime()) / dayMs));
}

/**
 * The 409 text of a seller's refused change: a reservation an accepted offer holds says so (the
 * seller declines that booking first); any other refusal names the listing's state (`withState`).
 */
function refusedMessage(
  result: { from: ListingStatus; refusal: ListingRefusal },
  withState = true,
): string {
  if (result.refusal === 'held-for-buyer') return listingTexts.heldForBuyer;
  return withState
    ? `${listingTexts.transitionRefused}: it is ${result.from}`
    : listingTexts.transitionRefused;
}

const tags = ['listings'];
const asSignedIn = { tags, access: {} satisfies RouteAccess };
const asSeller = { tags, access: { role: 'seller' } satisfies RouteAccess };

export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...route(getListingContract, { tags, publicCache: true }),
    handler: async (request) => {
      // A public read: on a read replica when one is fit (decision 0050).
      const db = app.readDb(request);
      const row = await findListing(db, request.params.id);
      if (!row) throw httpError(404, listingTexts.notFound);
      const [others, prices, trustFlags, caller] = await Promise.all([
        findSellerListings(db, row.sellerId, row.id),
        findPriceHistory(db, row.id),
        // What we noticed about this listing (decision 0028): VIN history, copied photos.
        listingTrustFlags(db, { ...row, deletedAt: null }),
        app.optionalCaller(request),
      ]);
      // The expiry date is the owner's to act on (renew); nobody else is told.
      const isOwner = caller?.record !== null && caller?.record?.id === row.sellerId;
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
        listed_at: row.createdAt.toISOString(),
        days_on_market: daysOnMarket(row.createdAt, row.listingStatus, row.statusChangedAt),
        price_history: prices.map((entry) => ({
          price: centsToDollars(entry.priceCents),
          at: entry.at.toISOString(),
        })),
        sold_price: row.soldPriceCents === null ? null : centsToDollars(row.soldPriceCents),
        trust_flags: trustFlags,
        ...(isOwner ? { expires_at: row.expiresAt.toISOString() } : {}),
      };
    },
  });

  app.route({
    ...route(getSimilarListingsContract, { tags, publicCache: true }),
    handler: async (request) => {
      const db = app.readDb(request);
      const like = await findGoneListing(db, request.params.id);
      const rows = await findSimilarListings(
        db,
        like ?? { id: request.params.id, categoryId: null, make: null, model: null },
        6,
      );
      return rows.map((item) => ({
        _id: item.id,
        product_name: item.productName,
        product_image: item.productImage,
        resell_price: centsToDollars(item.resellPriceCents),
      }));
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
        async (tx) => {
          await enqueueListingMatch(app, [request.params.id], tx);
          if (request.body.vin) await enqueueListingVinDecode(app, request.params.id, tx);
        },
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
        case 'others-photos':
          throw othersPhotosError(result.photos, result.foreign);
        case 'updated':
          return { modifiedCount: result.modifiedCount };
      }
    },
  });

  app.route({
    ...route(blurPhotoContract, asSeller),
    handler: async (request) => {
      const { id, index } = request.params;
      const caller = requireCaller(request);
      const result = await blurListingPhoto(
        app.db,
        app.imageStore,
        { id: requireCallerRecord(request).id, uid: caller.uid },
        id,
        index,
        request.body,
      );
      switch (result.kind) {
        case 'not-found':
          throw httpError(404, listingTexts.notFound);
        case 'not-owner':
          throw httpError(403, listingTexts.editOwnOnly);
        case 'no-photo':
          throw httpError(404, `The listing has no photo ${index + 1}`);
        case 'missing-file':
          throw httpError(409, 'That photo is not stored here any more; upload it again');
        case 'changed':
          throw httpError(409, 'That photo was changed meanwhile; try again');
        case 'blurred':
          return {
            product_image: result.productImages[0]!,
            product_images: result.productImages,
          };
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
      if (result.kind === 'refused') throw httpError(409, refusedMessage(result, false));
      return { modifiedCount: result.modifiedCount };
    },
  });

  app.route({
    ...route(setListingStatusContract, asSeller),
    handler: async (request) => {
      const { status, sold_price: soldPrice } = request.body;
      const result = await app.db.transaction((tx) =>
        transitionListingTo(
          tx,
          request.params.id,
          status,
          { kind: 'seller', userId: requireCallerRecord(request).id },
          {
            ...(soldPrice === undefined ? {} : { soldPriceCents: dollarsToCents(soldPrice) }),
            expiresAt: expiryFrom(new Date(), app.config.listings.ttlDays),
          },
        ),
      );
      switch (result.kind) {
        case 'not-found':
          throw httpError(404, listingTexts.notFound);
        case 'not-owner':
          throw httpError(403, listingTexts.editOwnOnly);
        case 'refused':
          throw httpError(409, refusedMessage(result));
        case 'done':
          return { modifiedCount: result.modifiedCount };
      }
    },
  });

  const renewed = (result: RenewResult) => {
    switch (result.kind) {
      case 'not-found':
        throw httpError(404, listingTexts.notFound);
      case 'not-owner':
        throw httpError(403, listingTexts.editOwnOnly);
      case 'refused':
        throw httpError(409, listingTexts.renewRefused);
      case 'stale':
        throw httpError(410, listingTexts.renewLinkUsed);
      case 'renewed':
        return { expires_at: result.expiresAt.toISOString() };
    }
  };

  app.route({
    ...route(renewListingContract, asSeller),
    handler: async (request) => {
      const until = expiryFrom(new Date(), app.config.listings.ttlDays);
      return renewed(
        await app.db.transaction((tx) =>
          renewListing(tx, request.params.id, requireCallerRecord(request).id, until),
        ),
      );
    },
  });

  app.route({
    ...route(renewListingByLinkContract, { tags }),
    handler: async (request) => {
      const ticket = app.listingRenewal.verify(request.query.token);
      if (!ticket) throw httpError(400, listingTexts.renewLinkInvalid);
      const until = expiryFrom(new Date(), app.config.listings.ttlDays);
      return renewed(
        await app.db.transaction((tx) =>
          renewListing(tx, ticket.productId, null, until, new Date(ticket.expiresAtMs)),
        ),
      );
    },
  });
};
