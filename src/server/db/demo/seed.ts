/**
 * Loads the demo data (accounts.ts, catalog.ts, comparables.ts, activity.ts) into an empty
 * database: users, categories, listings with locally drawn pictures, paid orders with their
 * payments for the sold listings, one booked order waiting for payment, reports, blog Q&As, and
 * what the accounts did beside (activity.ts: offers, viewings, messages, reviews, favourites,
 * saved searches, insights, listing states and moderation). Deterministic apart from row ids
 * and the clock: listing times are spread over the 60 days before `now`.
 */
import { createHash } from 'node:crypto';
import { categoryNameKey } from '#contract/categories.js';
import { sql } from 'drizzle-orm';
import { placeListingsByLocation } from '../places.js';
import type { Database } from '../client.js';
import {
  blogs,
  categories,
  moderationNotices,
  orders,
  payments,
  priceHistory,
  productReports,
  products,
  users,
} from '../schema.js';
import { demoUsers, type DemoUser } from './accounts.js';
import {
  demoBlogs,
  demoCategories,
  demoListings,
  demoNonVehicleCategories,
  type DemoListing,
} from './catalog.js';
import { avatarSvg, listingSvg } from './art/pictures.js';
import { vehicleViewSvg, viewsOf } from './art/views.js';
import { renderDemoImages } from './images.js';
import type { ImageStore } from '../../storage/image-store.js';
import { seededRandom } from './random.js';
import { seedDemoActivity, type DemoActivitySummary } from './activity.js';
import { transitionListing } from '../../listings/listing-state.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Listings are posted between 45 minutes and this long before the seed runs. */
const LISTING_SPREAD_MS = 60 * DAY_MS;
/** Seed of the generator that spreads listing times, so every run has the same pattern. */
const TIMELINE_SEED = 0x5ec0d6ea;

/** Row counts of what {@link seedDemoData} inserted. */
export interface DemoSummary {
  users: number;
  admins: number;
  sellers: number;
  buyers: number;
  categories: number;
  products: number;
  /** Promoted and unsold: what the home page's Advertisement section shows. */
  promoted: number;
  /** Sold through a paid order or marked sold elsewhere by the seller. */
  sold: number;
  /** Paid orders (one per product sold through us) plus orders that wait for payment. */
  orders: number;
  payments: number;
  /** Reports made (the notices the transparency page counts). */
  reports: number;
  /** What activity.ts added. */
  activity: DemoActivitySummary;
  blogs: number;
  /** Pictures referenced (listing photos and avatars). */
  images: number;
}

/** True when the database has no categories yet (a fresh database). */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(categories);
  return (rows[0]?.n ?? 0) === 0;
}

/** The caption of a listing picture: "Toyota" over "Corolla 2016 1.8 LE". */
function captionOf(listing: DemoListing): { title: string; subtitle: string } {
  const rest = listing.name.startsWith(listing.make)
    ? listing.name.slice(listing.make.length).replace(/^[\s,]+/, '')
    : listing.name;
  return { title: listing.make, subtitle: rest };
}

/**
 * Posting times of the listings: distinct, whole seconds, between 45 minutes and 60 days before
 * `now`, in a fixed pseudo-random pattern.
 */
function listingTimes(now: Date, count: number): Date[] {
  const random = seededRandom(TIMELINE_SEED);
  return Array.from({ length: count }, (_, i) => {
    const minutesAgo =
      45 + Math.floor(random() * ((LISTING_SPREAD_MS - 45 * MINUTE_MS) / MINUTE_MS));
    // `i` seconds keep two listings of the same minute apart.
    return new Date(Math.floor(now.getTime() / 1000) * 1000 - minutesAgo * MINUTE_MS - i * 1000);
  });
}

/** A time `fraction` of the way from `from` to `to`, in whole milliseconds. */
function between(from: Date, to: Date, fraction: number): Date {
  return new Date(Math.round(from.getTime() + (to.getTime() - from.getTime()) * fraction));
}

/** A fake but well-formed PaymentIntent id for a demo payment: `pi_demo_<16 hex>`. */
function demoTransactionId(productName: string): string {
  return `pi_demo_${createHash('sha256').update(productName).digest('hex').slice(0, 16)}`;
}

function requireValue<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo data: unknown ${what} "${key}"`);
  return value;
}

/**
 * Draws the demo pictures into the image store (WebP files named by their content hash, existing
 * files are kept), then inserts the demo data in one transaction. Meant for an empty database
 * ({@link isDatabaseEmpty}); on a database that already holds the demo users it fails on their
 * unique `uid` and inserts nothing.
 * @param options.imageStore where uploads live (`DATA_DIR/uploads` or a bucket, decision 0023).
 * @param options.now the clock the timeline is relative to (default: the current time).
 * @returns how many rows of each kind were inserted.
 */
export async function seedDemoData(
  db: Database,
  options: { imageStore: ImageStore; now?: Date },
): Promise<DemoSummary> {
  const now = options.now ?? new Date();
  const listingSvgs = demoListings.map((listing) =>
    listingSvg({
      kind: listing.art,
      paint: listing.paint,
      electric: listing.electric ?? false,
      ...captionOf(listing),
    }),
  );
  const avatarSvgs = demoUsers.map((user) => avatarSvg(user.displayName));
  // Each vehicle's further views (front, back, interior, dashboard with its odometer); their
  // responsive variants are made on first request, which keeps seeding quick.
  const viewSvgs = demoListings.map((listing) =>
    listing.vehicle
      ? viewsOf(listing.art).map((view) =>
          vehicleViewSvg(
            {
              kind: listing.art,
              paint: listing.paint,
              electric: listing.electric ?? false,
              mileageKm: listing.vehicle!.mileageKm,
            },
            view,
          ),
        )
      : [],
  );
  const [urls, viewUrls] = await Promise.all([
    renderDemoImages(options.imageStore, [...listingSvgs, ...avatarSvgs]),
    renderDemoImages(options.imageStore, viewSvgs.flat(), { variants: false }),
  ]);
  const productImages = urls.slice(0, demoListings.length);
  const photoUrls = urls.slice(demoListings.length);
  const galleries: string[][] = [];
  let nextView = 0;
  for (const [i, views] of viewSvgs.entries()) {
    galleries.push([productImages[i] ?? '', ...viewUrls.slice(nextView, nextView + views.length)]);
    nextView += views.length;
  }

  const usersByUid = new Map<string, DemoUser>(demoUsers.map((user) => [user.uid, user]));
  const photoByUid = new Map(demoUsers.map((user, i) => [user.uid, photoUrls[i] ?? '']));
  const postedAt = listingTimes(now, demoListings.length);
  const accountsCreatedAt = now.getTime() - 90 * DAY_MS;

  const activity = await db.transaction(async (tx) => {
    const userRows = await tx
      .insert(users)
      .values(
        demoUsers.map((user, i) => ({
          uid: user.uid,
          displayName: user.displayName,
          email: user.email,
          photoUrl: photoByUid.get(user.uid) ?? '',
          role: user.role,
          isAdmin: user.isAdmin,
          status: user.status,
          createdAt: new Date(accountsCreatedAt + i * 7 * 60 * MINUTE_MS),
        })),
      )
      .returning({ id: users.id, uid: users.uid });
    const userIds = new Map(userRows.map((row) => [row.uid, row.id]));

    const categoryRows = await tx
      .insert(categories)
      .values(
        demoCategories.map((categoryName, i) => ({
          categoryName,
          nameKey: categoryNameKey(categoryName),
          holdsVehicles: !demoNonVehicleCategories.includes(categoryName),
          createdAt: new Date(accountsCreatedAt + DAY_MS + i * MINUTE_MS),
        })),
      )
      .returning({ id: categories.id, categoryName: categories.categoryName });
    const categoryIds = new Map(categoryRows.map((row) => [row.categoryName, row.id]));

    const productRows = await tx
      .insert(products)
      .values(
        demoListings.map((listing, i) => {
          const seller = requireValue(usersByUid, listing.seller, 'seller');
          const vehicle = listing.vehicle;
          return {
            productName: listing.name,
            productDescription: listing.description,
            productImage: productImages[i] ?? '',
            productImages: galleries[i] ?? [productImages[i] ?? ''],
            ...(vehicle && {
              make: listing.make,
              model: vehicle.model,
              modelYear: vehicle.modelYear,
              mileageKm: vehicle.mileageKm,
              fuelType: vehicle.fuel,
              transmission: vehicle.transmission,
              bodyType: vehicle.body,
              color: vehicle.color,
              vin: vehicle.vin,
            }),
            categoryId: requireValue(categoryIds, listing.category, 'category'),
            condition: listing.condition,
            resellPriceCents: listing.resell * 100,
            originalPriceCents: listing.original * 100,
            yearOfUsed: listing.yearsUsed,
            sellerLocation: listing.location ?? seller.city,
            sellerPhone: seller.phone,
            sellerId: requireValue(userIds, seller.uid, 'user'),
            createdAt: postedAt[i] ?? now,
            // A paid order unpromotes its product (decision 0005), so sold listings never are.
            promote: (listing.promote ?? false) && !listing.soldTo,
            reported: (listing.reportedBy?.length ?? 0) > 0,
            reportCount: listing.reportedBy?.length ?? 0,
          };
        }),
      )
      .returning({
        id: products.id,
        productName: products.productName,
        resellPriceCents: products.resellPriceCents,
        createdAt: products.createdAt,
      });
    const productIds = new Map(productRows.map((row) => [row.productName, row.id]));
    // Each listing's price history starts with its asking price (decision 0027).
    await tx.insert(priceHistory).values(
      productRows.map((row) => ({
        productId: row.id,
        priceCents: row.resellPriceCents,
        at: row.createdAt,
      })),
    );

    const reportRows = demoListings.flatMap((listing, i) =>
      (listing.reportedBy ?? []).map((reporter) => ({
        productId: requireValue(productIds, listing.name, 'product'),
        reporterId: requireValue(userIds, reporter, 'reporter'),
        createdAt: between(postedAt[i] ?? now, now, 0.7),
      })),
    );
    if (reportRows.length > 0) {
      await tx.insert(productReports).values(reportRows);
      // Each report is a notice, as one made through the API (`PATCH /api/report-product`):
      // the public transparency counts agree with the reports the admin sees.
      await tx
        .insert(moderationNotices)
        .values(reportRows.map((row) => ({ ...row, reason: 'Other' as const })));
    }

    // Orders: a paid one per sold listing (with its payment), an open one per booked listing.
    for (const [i, listing] of demoListings.entries()) {
      const booking = listing.soldTo ?? listing.bookedBy;
      if (!booking) continue;
      const paid = listing.soldTo !== undefined;
      const buyer = requireValue(usersByUid, booking.buyer, 'buyer');
      const seller = requireValue(usersByUid, listing.seller, 'seller');
      const productId = requireValue(productIds, listing.name, 'product');
      const buyerId = requireValue(userIds, buyer.uid, 'user');
      const posted = postedAt[i] ?? now;
      const priceCents = listing.resell * 100;
      const [order] = await tx
        .insert(orders)
        .values({
          productId,
          buyerId,
          sellerId: requireValue(userIds, seller.uid, 'user'),
          customerName: buyer.displayName,
          customerEmail: buyer.email,
          customerPhone: buyer.phone,
          meetingLocation: booking.meetingLocation,
          productName: listing.name,
          productImage: productImages[i] ?? '',
          productPriceCents: priceCents,
          productCategory: listing.category,
          productCategoryId: requireValue(categoryIds, listing.category, 'category'),
          sellerName: seller.displayName,
          sellerPhone: seller.phone,
          sellerEmail: seller.email,
          sellerImage: photoByUid.get(seller.uid) ?? '',
          sellerLocation: listing.location ?? seller.city,
          paid,
          createdAt: between(posted, now, paid ? 0.4 : 0.8),
        })
        .returning({ id: orders.id });
      if (!paid || !order) continue;
      await tx.insert(payments).values({
        orderId: order.id,
        productId,
        buyerId,
        priceCents,
        transactionId: demoTransactionId(listing.name),
        email: buyer.email,
        createdAt: between(posted, now, 0.45),
      });
      // The sale's own transition sells the listing (decision 0053), as the paid order does.
      await transitionListing(
        tx,
        productId,
        'markSold',
        { kind: 'deal', orderId: order.id },
        { soldPriceCents: priceCents },
      );
    }

    await tx.insert(blogs).values(
      demoBlogs.map((blog, i) => ({
        question: blog.question,
        answer: blog.answer,
        createdAt: new Date(accountsCreatedAt + (i + 2) * DAY_MS),
      })),
    );
    // Every demo listing stands at the real town its location names (decision 0026): Austin,
    // Denver, Phoenix, Portland, Raleigh, Columbus and their neighbours.
    await placeListingsByLocation(tx);
    // Each account's home place (decision 0026) is its home city, so a demo user signing in
    // finds listings near them on the home page and distances on every card.
    await tx.execute(sql`
      update ${users} set home_place_id = sg_place_for_location(homes.city)
      from (select * from json_to_recordset(${JSON.stringify(
        demoUsers.map((user) => ({ uid: user.uid, city: user.city })),
      )}::json) as homes(uid text, city text)) homes
      where ${users.uid} = homes.uid`);

    return seedDemoActivity(
      tx,
      demoListings,
      {
        users: userIds,
        products: productIds,
        postedAt: new Map(demoListings.map((listing, i) => [listing.name, postedAt[i] ?? now])),
      },
      now,
    );
  });

  const paid = demoListings.filter((listing) => listing.soldTo).length;
  return {
    users: demoUsers.length,
    admins: demoUsers.filter((user) => user.isAdmin).length,
    sellers: demoUsers.filter((user) => user.role === 'seller').length,
    buyers: demoUsers.filter((user) => user.role === 'buyer').length,
    categories: demoCategories.length,
    products: demoListings.length,
    promoted: demoListings.filter((listing) => listing.promote && !listing.soldTo).length,
    sold: paid + demoListings.filter((listing) => listing.soldElsewhereFor !== undefined).length,
    orders: paid + demoListings.filter((listing) => listing.bookedBy).length + activity.offerOrders,
    payments: paid,
    reports:
      demoListings.reduce((n, listing) => n + (listing.reportedBy?.length ?? 0), 0) +
      activity.reports,
    blogs: demoBlogs.length,
    images: urls.length + viewUrls.length,
    activity,
  };
}
