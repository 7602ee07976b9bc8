import { mkdtempSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { imageVariantFormats, imageVariantUrl, imageVariantWidths } from '#contract/images.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client.js';
import { priceVerdict, priceVerdicts } from '#contract/vehicles.js';
import {
  auditLog,
  blogs,
  categories,
  conversations,
  favourites,
  inCatalogueSql,
  listingDailyStats,
  listingViews,
  messages,
  moderationAppeals,
  moderationNotices,
  notificationPreferences,
  offers,
  orders,
  payments,
  places,
  priceHistory,
  productReports,
  products,
  reviews,
  savedSearches,
  users,
} from '../schema.js';
import { findListingForGuidance, priceGuidance } from '../../vehicles/repository.js';
import { createTestDatabase } from '../../test-support/database.js';
import { anyNumber, anyString } from '../../test-support/matchers.js';
import { DEMO_ADMIN, DEMO_BUYER, DEMO_SELLER, demoUsers } from './accounts.js';
import { demoListings } from './catalog.js';
import { deleteAllRows } from './reset.js';
import { isDatabaseEmpty, seedDemoData, type DemoSummary } from './seed.js';
import { readTransparency } from '../../moderation/appeal-repository.js';
import { createDiskImageStore } from '../../storage/image-store.js';

let database: DatabaseHandle;
let uploadsDir: string;
let summary: DemoSummary;
let wasEmpty: boolean;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'second-gear-seed-')), 'uploads');
  wasEmpty = await isDatabaseEmpty(database.db);
  summary = await seedDemoData(database.db, { imageStore: createDiskImageStore(uploadsDir) });
});

afterAll(async () => {
  await database?.close();
  if (uploadsDir) rmSync(path.dirname(uploadsDir), { recursive: true, force: true });
});

/** Number of rows in `table`. */
async function count(table: PgTable): Promise<number> {
  const rows = await database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return rows[0]?.n ?? 0;
}

describe('seedDemoData', () => {
  it('gives every vehicle listing real-looking vehicle details and a valid VIN', async () => {
    const rows = await database.db
      .select({
        name: products.productName,
        images: products.productImages,
        cover: products.productImage,
        make: products.make,
        model: products.model,
        modelYear: products.modelYear,
        mileageKm: products.mileageKm,
        fuelType: products.fuelType,
        transmission: products.transmission,
        vin: products.vin,
        holdsVehicles: categories.holdsVehicles,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId));
    const vehicles = rows.filter((row) => row.holdsVehicles);
    expect(vehicles.length).toBeGreaterThanOrEqual(30);
    for (const row of rows) expect(row.images[0], row.name).toBe(row.cover);
    // A car has five pictures (side, front, back, interior, dashboard), a motorcycle four.
    for (const row of vehicles) {
      expect(row.images.length, row.name).toBeGreaterThanOrEqual(4);
      expect(new Set(row.images).size, row.name).toBe(row.images.length);
    }
    // ISO 3779 check digit (position 9).
    const value = (c: string) =>
      /\d/.test(c)
        ? Number(c)
        : 'ABCDEFGH'.indexOf(c) + 1 ||
          'JKLMN'.indexOf(c) + 1 ||
          { P: 7, R: 9 }[c as 'P' | 'R'] ||
          'STUVWXYZ'.indexOf(c) + 2;
    const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
    for (const row of vehicles) {
      expect(row, row.name).toMatchObject({
        make: anyString(),
        model: anyString(),
        modelYear: anyNumber(),
        mileageKm: anyNumber(),
        fuelType: anyString(),
        transmission: anyString(),
      });
      expect(row.name.startsWith(`${row.make} ${row.model} ${row.modelYear}`), row.name).toBe(true);
      const vin = row.vin ?? '';
      expect(vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      const sum = [...vin].reduce((total, c, i) => total + value(c) * weights[i]!, 0);
      expect(vin[8], `${row.name} ${vin}`).toBe(sum % 11 === 10 ? 'X' : String(sum % 11));
    }
    for (const row of rows.filter((item) => !item.holdsVehicles)) expect(row.vin).toBeNull();
  });

  it('turns an empty database into a non-empty one', async () => {
    expect(wasEmpty).toBe(true);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it('loads categories, at least 40 listings and the blog Q&As', async () => {
    expect(await count(categories)).toBeGreaterThanOrEqual(6);
    expect(await count(products)).toBeGreaterThanOrEqual(40);
    expect(await count(blogs)).toBeGreaterThanOrEqual(6);
    expect(summary.products).toBe(await count(products));
  });

  it('creates the three advertised accounts with their roles', async () => {
    const rows = await database.db.select().from(users);
    const byUid = new Map(rows.map((row) => [row.uid, row]));
    expect(byUid.get(DEMO_ADMIN.uid)).toMatchObject({ isAdmin: true, email: 'admin@example.com' });
    expect(byUid.get(DEMO_SELLER.uid)).toMatchObject({ role: 'seller', status: 'verified' });
    expect(byUid.get(DEMO_BUYER.uid)).toMatchObject({ role: 'buyer', isAdmin: false });
    expect(rows).toHaveLength(demoUsers.length);
    const sellers = rows.filter((row) => row.role === 'seller');
    expect(sellers.some((row) => row.status === 'unverified')).toBe(true);
    expect(rows.every((row) => row.email.endsWith('@example.com'))).toBe(true);
  });

  it('keeps every listing within the schema rules of docs/product.md §3 and §5', async () => {
    const rows = await database.db.select().from(products);
    for (const row of rows) {
      expect(row.resellPriceCents).toBeLessThan(row.originalPriceCents!);
      expect(Number.isInteger(row.yearOfUsed)).toBe(true);
      expect(row.sellerPhone.length).toBeGreaterThanOrEqual(11);
      expect(row.createdAt.getTime()).toBeLessThan(Date.now());
    }
    expect(new Set(rows.map((row) => row.createdAt.getTime())).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.productName)).size).toBe(rows.length);
  });

  it('promotes some unsold listings and no sold one (paying unpromotes, decision 0005)', async () => {
    const promotedUnsold = await database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.promote, true), eq(products.sold, false)));
    const promotedSold = await database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.promote, true), eq(products.sold, true)));
    expect(promotedUnsold.length).toBeGreaterThanOrEqual(6);
    expect(promotedSold).toHaveLength(0);
    expect(summary.promoted).toBe(promotedUnsold.length);
  });

  it('gives every listing sold through us one paid order and one payment of its resell price', async () => {
    // Sold through us: a payment stands for it; sold elsewhere: its seller said so, with the
    // price it went for and no order (decision 0027). Both record a sold price.
    const sold = await database.db
      .select()
      .from(products)
      .where(
        and(
          eq(products.sold, true),
          sql`exists (select 1 from ${payments} where ${payments.productId} = ${products.id})`,
        ),
      );
    expect(sold.length).toBeGreaterThanOrEqual(5);
    for (const product of sold) {
      expect(product.soldPriceCents).toBe(product.resellPriceCents);
      const paidOrders = await database.db
        .select()
        .from(orders)
        .where(and(eq(orders.productId, product.id), eq(orders.paid, true)));
      expect(paidOrders).toHaveLength(1);
      const [payment] = await database.db
        .select()
        .from(payments)
        .where(eq(payments.productId, product.id));
      expect(payment).toMatchObject({
        orderId: paidOrders[0]?.id,
        priceCents: product.resellPriceCents,
      });
      expect(payment?.transactionId).toMatch(/^pi_demo_[0-9a-f]{16}$/);
      expect(paidOrders[0]?.productPriceCents).toBe(product.resellPriceCents);
    }
    expect(await count(payments)).toBe(sold.length);
  });

  it('leaves the demo buyer one booked order to pay', async () => {
    const [buyer] = await database.db.select().from(users).where(eq(users.uid, DEMO_BUYER.uid));
    const open = await database.db
      .select()
      .from(orders)
      .where(and(eq(orders.buyerId, buyer!.id), eq(orders.paid, false)));
    expect(open).toHaveLength(1);
  });

  it('counts each report once in report_count', async () => {
    const rows = await database.db.select().from(products).where(eq(products.reported, true));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const reports = await database.db
        .select()
        .from(productReports)
        .where(eq(productReports.productId, row.id));
      expect(reports).toHaveLength(row.reportCount);
    }
  });

  it('stores every picture as a content-hashed WebP in the uploads folder', async () => {
    const productRows = await database.db.select({ url: products.productImage }).from(products);
    const userRows = await database.db.select({ url: users.photoUrl }).from(users);
    const urls = new Set([...productRows, ...userRows].map((row) => row.url));
    expect(urls.size).toBe(demoListings.length + demoUsers.length);
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/demo-[0-9a-f]{16}\.webp$/);
      const file = path.join(uploadsDir, url.slice('/uploads/'.length));
      expect((await stat(file)).size).toBeGreaterThan(0);
      const metadata = await sharp(file).metadata();
      expect(metadata.format).toBe('webp');
      // Its responsive variants lie beside it, so `npm start` pages use them.
      for (const width of imageVariantWidths) {
        for (const format of imageVariantFormats) {
          const variant = imageVariantUrl(url, width, format)!;
          const bytes = await sharp(
            path.join(uploadsDir, variant.slice('/uploads/'.length)),
          ).metadata();
          expect(bytes.format).toBe(format);
          expect(bytes.width).toBe(Math.min(width, metadata.width));
        }
      }
    }
  });
});

describe('demo content: every feature has something to show', () => {
  /** ids of the demo users by uid. */
  async function userIds(): Promise<Map<string, string>> {
    const rows = await database.db.select({ id: users.id, uid: users.uid }).from(users);
    return new Map(rows.map((row) => [row.uid, row.id]));
  }

  it('gives at least 3 listings price guidance, with every badge level', async () => {
    const rows = await database.db
      .select({ id: products.id, name: products.productName })
      .from(products)
      .where(sql`${inCatalogueSql}`);
    const verdicts = new Map<string, string>();
    // What `GET /api/product/{id}/price-guidance` answers (routes/vehicles/index.ts).
    for (const row of rows) {
      const listing = await findListingForGuidance(database.db, row.id);
      if (!listing?.make || !listing.model || listing.modelYear === null) continue;
      const guidance = await priceGuidance(database.db, {
        make: listing.make,
        model: listing.model,
        modelYear: listing.modelYear,
        mileageKm: listing.mileageKm,
        exceptId: listing.id,
      });
      const verdict = priceVerdict(listing.resellPriceCents / 100, guidance);
      if (verdict) verdicts.set(row.name, verdict);
    }
    expect(verdicts.size).toBeGreaterThanOrEqual(3);
    expect(new Set(verdicts.values())).toEqual(new Set(priceVerdicts));
    // Each cluster of comparables.ts shows every badge, and all its listings have one.
    for (const model of ['Toyota Corolla', 'Honda Civic', 'Ford F-150']) {
      const names = rows.map((row) => row.name).filter((name) => name.startsWith(`${model} `));
      expect(names.length, model).toBeGreaterThanOrEqual(6);
      for (const name of names) expect(verdicts.get(name), name).toBeDefined();
      expect(new Set(names.map((name) => verdicts.get(name))), model).toEqual(
        new Set(priceVerdicts),
      );
    }
    // The demo seller's own Corolla shows one, the listing the README's screenshot is of.
    expect(verdicts.get('Toyota Corolla 2016 1.8 LE')).toBe('fair');
  });

  it('states the same mileage, in km, in every description as in the details', async () => {
    const rows = await database.db
      .select({
        name: products.productName,
        description: products.productDescription,
        mileageKm: products.mileageKm,
      })
      .from(products);
    let stated = 0;
    for (const row of rows) {
      // No distance in miles: the details are in km (spec's vehicle details, decision 0019).
      expect(row.description, row.name).not.toMatch(/\d[\d,]*\s*(?:miles|mi)\b/i);
      const first = /(\d{1,3}(?:,\d{3})+|\d+)\s*km\b/.exec(row.description);
      if (!first) continue;
      stated += 1;
      expect(Number(first[1]!.replaceAll(',', '')), row.name).toBe(row.mileageKm);
    }
    expect(stated).toBeGreaterThanOrEqual(40);
  });

  it('puts the listings at real towns in several regions', async () => {
    const rows = await database.db
      .select({ placeId: products.placeId, region: places.region })
      .from(products)
      .leftJoin(places, eq(places.id, products.placeId));
    for (const row of rows) expect(row.placeId).not.toBeNull();
    expect(new Set(rows.map((row) => row.region)).size).toBeGreaterThanOrEqual(5);
  });

  it('gives every demo account its home city as home place', async () => {
    const rows = await database.db
      .select({ uid: users.uid, name: places.name, region: places.region })
      .from(users)
      .leftJoin(places, eq(places.id, users.homePlaceId));
    const byUid = new Map(rows.map((row) => [row.uid, row]));
    for (const user of demoUsers) {
      const home = byUid.get(user.uid);
      expect(home?.name, user.uid).toBe(user.city.split(',')[0]);
    }
    expect(byUid.get(DEMO_BUYER.uid)).toMatchObject({ name: 'Austin', region: 'Texas' });
  });

  it('gives the demo accounts orders with viewing times, offers and messages', async () => {
    const ids = await userIds();
    const viewings = await database.db
      .select({ status: orders.viewingStatus, buyerId: orders.buyerId })
      .from(orders)
      .where(isNotNull(orders.viewingAt));
    expect(viewings.map((row) => row.status).sort()).toEqual(['confirmed', 'proposed']);
    expect(viewings.some((row) => row.buyerId === ids.get(DEMO_BUYER.uid))).toBe(true);

    const offerRows = await database.db
      .select({ status: offers.status, sellerId: offers.sellerId, orderId: offers.orderId })
      .from(offers);
    expect(offerRows.map((row) => row.status).sort()).toEqual(['accepted', 'countered', 'pending']);
    expect(offerRows.every((row) => row.sellerId === ids.get(DEMO_SELLER.uid))).toBe(true);
    expect(offerRows.find((row) => row.status === 'accepted')?.orderId).toBeTruthy();

    const kinds = await database.db
      .select({ kind: messages.kind, n: sql<number>`count(*)::int` })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(conversations.buyerId, ids.get(DEMO_BUYER.uid)!))
      .groupBy(messages.kind);
    const byKind = new Map(kinds.map((row) => [row.kind, row.n]));
    expect(byKind.get('text')).toBeGreaterThan(0);
    expect(byKind.get('offer')).toBeGreaterThan(0);
    expect(byKind.get('viewing')).toBeGreaterThan(0);
  });

  it('gives the demo accounts reviews, favourites, saved searches and a notification setting', async () => {
    const ids = await userIds();
    const buyer = ids.get(DEMO_BUYER.uid)!;
    const sellerReviews = await database.db
      .select({ reply: reviews.sellerReply })
      .from(reviews)
      .where(eq(reviews.sellerId, ids.get(DEMO_SELLER.uid)!));
    expect(sellerReviews.some((row) => row.reply)).toBe(true);
    expect(
      await database.db.select().from(favourites).where(eq(favourites.userId, buyer)),
    ).not.toHaveLength(0);
    expect(
      await database.db.select().from(savedSearches).where(eq(savedSearches.userId, buyer)),
    ).not.toHaveLength(0);
    expect(
      await database.db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, buyer)),
    ).not.toHaveLength(0);
  });

  it('gives the demo seller insights, and reserved, expired and sold-elsewhere listings', async () => {
    const ids = await userIds();
    const seller = ids.get(DEMO_SELLER.uid)!;
    const own = await database.db
      .select({
        id: products.id,
        status: products.listingStatus,
        soldPriceCents: products.soldPriceCents,
      })
      .from(products)
      .where(eq(products.sellerId, seller));
    const statuses = new Set(own.map((row) => row.status));
    for (const status of ['active', 'reserved', 'expired', 'sold'] as const) {
      expect(statuses, status).toContain(status);
    }
    const paidFor = new Set(
      (await database.db.select({ id: payments.productId }).from(payments)).map((row) => row.id),
    );
    const elsewhere = own.find(
      (row) => row.status === 'sold' && row.soldPriceCents !== null && !paidFor.has(row.id),
    );
    expect(elsewhere).toBeDefined();
    const history = await database.db
      .select({ priceCents: priceHistory.priceCents })
      .from(priceHistory)
      .where(eq(priceHistory.productId, elsewhere!.id))
      .orderBy(priceHistory.at);
    expect(history.length).toBeGreaterThanOrEqual(2);
    expect(history.at(-1)!.priceCents).toBeLessThan(history[0]!.priceCents);

    const stats = await database.db
      .select({ views: sql<number>`sum(${listingDailyStats.views})::int` })
      .from(listingDailyStats)
      .innerJoin(products, eq(products.id, listingDailyStats.productId))
      .where(eq(products.sellerId, seller));
    expect(stats[0]?.views).toBeGreaterThan(0);
    expect(await count(listingViews)).toBe(stats[0]?.views);
  });

  it('gives the admin reports, an appeal, audit entries and transparency counts', async () => {
    expect(await count(productReports)).toBeGreaterThan(0);
    const appeals = await database.db.select().from(moderationAppeals);
    expect(appeals.filter((row) => row.outcome === null)).toHaveLength(1);
    const actions = new Set(
      (await database.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action),
    );
    for (const action of [
      'report.create',
      'report.delete_product',
      'report.mark_safe',
      'appeal.submit',
      'seller.verify',
    ]) {
      expect(actions, action).toContain(action);
    }
    const report = await readTransparency(database.db, new Date());
    for (const decision of report.decisions) expect(decision.count, decision.outcome).toBe(1);
    expect(report.appeals.pending).toBe(1);
  });
});

describe('deleteAllRows', () => {
  it('counts every demo report as a notice on the transparency report', async () => {
    const reports = await database.db
      .select({ productId: productReports.productId, reporterId: productReports.reporterId })
      .from(productReports);
    const noticeRows = await database.db
      .select({
        productId: moderationNotices.productId,
        reporterId: moderationNotices.reporterId,
      })
      .from(moderationNotices);
    const report = await readTransparency(database.db, new Date());
    const notices = report.notices.reduce((sum, row) => sum + row.count, 0);
    expect(reports.length).toBeGreaterThan(0);
    // Every open report is a notice; a report marked safe is gone but its notice stays.
    for (const row of reports) expect(noticeRows).toContainEqual(row);
    expect(notices).toBe(noticeRows.length);
    expect(notices).toBeGreaterThan(reports.length);
  });

  it('empties every table so the demo data can be loaded again', async () => {
    const tables = await deleteAllRows(database.db);
    expect(tables).toEqual(expect.arrayContaining(['users', 'products', 'orders', 'payments']));
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    expect(await count(users)).toBe(0);
    const again = await seedDemoData(database.db, { imageStore: createDiskImageStore(uploadsDir) });
    expect(again.products).toBe(summary.products);
    expect(await count(products)).toBe(summary.products);
  });
});
