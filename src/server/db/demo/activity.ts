/**
 * What the demo accounts have done beside listing and buying, so that every dashboard page has
 * something to show on a fresh start: listing states (reserved, expired, sold elsewhere after a
 * price cut; decision 0027), offers pending, countered and accepted (decision 0034), viewing
 * times proposed and confirmed, conversations with the system messages offers and viewings add,
 * reviews with a seller's reply, favourites, saved searches, a notification setting turned off,
 * two weeks of listing views for seller insights (decision 0029), and moderation: reports, a
 * removal with its statement of reasons and the seller's appeal, a report marked safe, and the
 * audit rows and transparency counts they make (decision 0021).
 *
 * Written through the functions the API uses (listing-state.ts, orders/repository.ts, messages,
 * reviews, favourites, saved searches, notification settings, insights, moderation) wherever they
 * take a database; the mails and jobs those routes queue are left out, as the demo data has no
 * one to tell. Chat written days before the seed runs goes through `appendMessage` with its time;
 * new offers and counters through `recordOffer` and `recordCounter`, and an acceptance through
 * `recordAcceptance`: what `makeOffer` and `answerOffer` write before their mails, so the accepted
 * offer's car is reserved for its order exactly as the API reserves it (decision 0053). A viewing
 * time still repeats what `changeViewing` writes (it needs the running app for its mails).
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { viewingNoteText } from '#contract/index.js';
import type { Database } from '../client.js';
import { conversations, offers, orders, priceHistory, products } from '../schema.js';
import { transitionListing, type Transaction } from '../../listings/listing-state.js';
import { addSystemMessage, appendMessage, openConversation } from '../../messages/repository.js';
import { recordAcceptance, recordCounter, recordOffer } from '../../offers/service.js';
import { insertReview, setReply } from '../../reviews/repository.js';
import { addFavourite } from '../../favourites/repository.js';
import { insertSavedSearch } from '../../saved-searches/repository.js';
import { setStoredKind } from '../../notifications/preferences.js';
import { rollUpActivity, writeImpressions, writeViews } from '../../insights/repository.js';
import { markProductSafe, deleteProductAsAdmin } from '../../moderation/repository.js';
import { createAppeal } from '../../moderation/appeal-repository.js';
import { recordAction } from '../../moderation/audit.js';
import { reportProduct } from '../../orders/repository.js';
import { DEMO_ADMIN, DEMO_BUYER, DEMO_SELLER, demoUsers } from './accounts.js';
import type { DemoListing } from './catalog.js';
import { DUPLICATE_LISTING_NAME } from './comparables.js';
import { seededRandom } from './random.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Days of listing views written for seller insights, ending today. */
const VIEW_DAYS = 14;
/** Seed of the generator that draws the daily views, so every run has the same pattern. */
const VIEWS_SEED = 0x71e75;

/** What seed.ts already inserted: ids by demo uid and by listing name. */
export interface DemoIds {
  users: ReadonlyMap<string, string>;
  products: ReadonlyMap<string, string>;
  /** When each listing was posted, by name. */
  postedAt: ReadonlyMap<string, Date>;
}

/** Row counts of what {@link seedDemoActivity} added. */
export interface DemoActivitySummary {
  offers: number;
  /** Orders an accepted offer made (waiting for payment). */
  offerOrders: number;
  /** Reports made through `reportProduct` (one since marked safe). */
  reports: number;
  conversations: number;
  reviews: number;
  favourites: number;
  savedSearches: number;
  views: number;
  appeals: number;
}

function need<T>(map: ReadonlyMap<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo activity: unknown ${what} "${key}"`);
  return value;
}

/** A whole hour `days` days after `now` (negative: before), at `hourUtc` o'clock UTC. */
function dayAt(now: Date, days: number, hourUtc: number): Date {
  const day = new Date(now.getTime() + days * DAY_MS);
  day.setUTCHours(hourUtc, 0, 0, 0);
  return day;
}

/**
 * Applies each listing's `state`, `askedBefore` and `soldElsewhereFor` (decision 0027): the
 * earlier asking prices go into its price history before the current one, then
 * `transitionListing` makes the change as its seller (reserved, sold elsewhere with the price it
 * went for) or the expiry job (expired, with an expiry date in the past) would.
 */
async function applyListingStates(
  tx: Transaction,
  listings: readonly DemoListing[],
  ids: DemoIds,
  now: Date,
): Promise<void> {
  for (const listing of listings) {
    const productId = need(ids.products, listing.name, 'listing');
    const sellerId = need(ids.users, listing.seller, 'seller');
    const posted = need(ids.postedAt, listing.name, 'listing');
    if (listing.askedBefore?.length) {
      // seed.ts wrote the current price at the posting time: the first earlier price takes
      // that time, the next ones follow, and the last cut (the current price) comes halfway
      // between posting and now.
      const steps = listing.askedBefore.length;
      const half = (now.getTime() - posted.getTime()) / 2;
      const at = (step: number) => new Date(posted.getTime() + Math.round((half * step) / steps));
      await tx
        .update(priceHistory)
        .set({ at: at(steps) })
        .where(eq(priceHistory.productId, productId));
      await tx.insert(priceHistory).values(
        listing.askedBefore.map((dollars, i) => ({
          productId,
          priceCents: dollars * 100,
          at: at(i),
        })),
      );
    }
    const seller = { kind: 'seller' as const, userId: sellerId };
    if (listing.state === 'reserved') {
      await transitionListing(tx, productId, 'reserve', seller);
    } else if (listing.state === 'expired') {
      await tx
        .update(products)
        .set({ expiresAt: dayAt(now, -2, 9), expiryRemindedAt: dayAt(now, -5, 9) })
        .where(eq(products.id, productId));
      await transitionListing(tx, productId, 'expire', { kind: 'system' });
    } else if (listing.soldElsewhereFor !== undefined) {
      await transitionListing(tx, productId, 'markSoldElsewhere', seller, {
        soldPriceCents: listing.soldElsewhereFor * 100,
      });
    }
  }
}

/** A chat message written at `at`, through `appendMessage` (the API's own, backdated). */
async function say(
  tx: Transaction,
  conversation: { id: string; buyerId: string },
  senderId: string,
  body: string,
  at: Date,
): Promise<void> {
  const sent = await appendMessage(tx, conversation.id, senderId, body, 'text', at);
  if (sent === 'blocked') throw new Error('demo activity: a demo conversation is blocked');
}

/** A conversation about `listingName` between `buyerUid` and the listing's seller, with chat. */
async function chat(
  tx: Transaction,
  ids: DemoIds,
  listingName: string,
  buyerUid: string,
  sellerUid: string,
  lines: readonly { from: 'buyer' | 'seller'; body: string; at: Date }[],
) {
  const productId = need(ids.products, listingName, 'listing');
  const buyerId = need(ids.users, buyerUid, 'buyer');
  const sellerId = need(ids.users, sellerUid, 'seller');
  const { id } = await openConversation(tx, productId, buyerId, sellerId);
  await tx.update(conversations).set({ createdAt: lines[0]?.at }).where(eq(conversations.id, id));
  for (const line of lines) {
    await say(tx, { id, buyerId }, line.from === 'buyer' ? buyerId : sellerId, line.body, line.at);
  }
  return { productId, buyerId, sellerId };
}

/**
 * An offer stored as `makeOffer` stores it (`recordOffer`: pending for 48 hours, with its system
 * message), then the answer `answerOffer` would give: a counter (`recordCounter`), or an
 * acceptance through `recordAcceptance` (the buyer's order at the agreed price, and the listing
 * reserved for it, decision 0053).
 * @returns the order an acceptance made, else null.
 */
async function offer(
  tx: Transaction,
  parties: { productId: string; buyerId: string; sellerId: string },
  amountDollars: number,
  answer: { counter: number } | { accept: true; phone: string; meetingLocation: string } | null,
  now: Date,
): Promise<string | null> {
  const [listing] = await tx
    .select({ priceCents: products.resellPriceCents })
    .from(products)
    .where(eq(products.id, parties.productId));
  const askingCents = listing!.priceCents;
  const amountCents = amountDollars * 100;
  const made = new Date(now.getTime() - 6 * HOUR_MS);
  const offerId = await recordOffer(
    tx,
    {
      ...parties,
      amountCents,
      askingCents,
      status: 'pending',
      // The offer form's contact, which the order an acceptance makes takes (decision 0034).
      customerPhone: answer && 'accept' in answer ? answer.phone : null,
      meetingLocation: answer && 'accept' in answer ? answer.meetingLocation : null,
    },
    made,
  );
  if (!answer) return null;
  if ('counter' in answer) {
    await recordCounter(tx, { id: offerId, ...parties, amountCents }, answer.counter * 100, now);
    return null;
  }
  // The acceptance itself is the API's (offers/service.ts): the agreed order, the offer
  // accepted and the listing reserved for that order, with its system message.
  const [accepted] = await tx.select().from(offers).where(eq(offers.id, offerId));
  return recordAcceptance(tx, accepted!, amountCents, parties.sellerId, now);
}

/**
 * A viewing time on order `orderId` as `changeViewing` records it: proposed by `by` (a system
 * message), and confirmed by the other side when `confirmed`.
 */
async function viewing(
  tx: Transaction,
  orderId: string,
  at: Date,
  by: 'buyer' | 'seller',
  confirmed: boolean,
): Promise<void> {
  const [order] = await tx
    .update(orders)
    .set({
      viewingAt: at,
      viewingStatus: confirmed ? 'confirmed' : 'proposed',
      viewingProposedBy: by,
    })
    .where(eq(orders.id, orderId))
    .returning({ productId: orders.productId, buyerId: orders.buyerId, sellerId: orders.sellerId });
  const parties = {
    productId: order!.productId,
    buyerId: order!.buyerId,
    sellerId: order!.sellerId,
  };
  const proposer = by === 'buyer' ? parties.buyerId : parties.sellerId;
  const other = by === 'buyer' ? parties.sellerId : parties.buyerId;
  await addSystemMessage(tx, {
    ...parties,
    senderId: proposer,
    kind: 'viewing',
    body: viewingNoteText('proposed', at),
  });
  if (confirmed) {
    await addSystemMessage(tx, {
      ...parties,
      senderId: other,
      kind: 'viewing',
      body: viewingNoteText('confirmed', at),
    });
  }
}

/** The open or paid order of `buyerUid` for `listingName`. */
async function orderOf(tx: Transaction, ids: DemoIds, listingName: string, buyerUid: string) {
  const [row] = await tx
    .select({ id: orders.id, sellerId: orders.sellerId, buyerId: orders.buyerId })
    .from(orders)
    .where(
      and(
        eq(orders.productId, need(ids.products, listingName, 'listing')),
        eq(orders.buyerId, need(ids.users, buyerUid, 'buyer')),
      ),
    );
  if (!row) throw new Error(`demo activity: no order of ${buyerUid} for "${listingName}"`);
  return row;
}

/** A stable visitor hash for demo view `n` (the real ones are salted SHA-256 hex too). */
function visitorHash(n: number): string {
  return createHash('sha256').update(`second-gear demo visitor ${n}`).digest('hex');
}

/**
 * Adds the demo activity (see the module comment) inside the seed's transaction `tx`.
 * @param listings every demo listing (their states and price cuts are applied here).
 * @param ids the users' and listings' ids seed.ts inserted, and the listings' posting times.
 * @param now the seed's clock: chat, viewings, offers and views are placed relative to it.
 */
export async function seedDemoActivity(
  tx: Transaction,
  listings: readonly DemoListing[],
  ids: DemoIds,
  now: Date,
): Promise<DemoActivitySummary> {
  // The moderation and review functions run their own transaction: inside this one, a savepoint.
  const db = tx as unknown as Database;
  const user = (uid: string) => need(ids.users, uid, 'user');
  const listing = (name: string) => need(ids.products, name, 'listing');
  const admin = user(DEMO_ADMIN.uid);
  const riley = DEMO_BUYER.uid;
  const sam = DEMO_SELLER.uid;

  await applyListingStates(tx, listings, ids, now);

  // Offers on the demo seller's cars: Riley's pending, Noah's countered, Jamie's accepted.
  const tesla = await chat(tx, ids, 'Tesla Model 3 2019 Standard Range Plus', riley, sam, [
    {
      from: 'buyer',
      body: 'Hi Sam, is the Model 3 still for sale? Does the mobile connector come with it?',
      at: dayAt(now, -3, 15),
    },
    {
      from: 'seller',
      body: 'Hi Riley, yes to both: the mobile connector and the two key cards come with it.',
      at: dayAt(now, -3, 17),
    },
    {
      from: 'buyer',
      body: 'Great. The rear camera housing crack, has anyone quoted a repair?',
      at: dayAt(now, -2, 14),
    },
    {
      from: 'seller',
      body: 'About $180 at the service centre; I priced it in. Happy to show you the quote.',
      at: dayAt(now, -2, 16),
    },
  ]);
  await offer(tx, tesla, 21_500, null, now);

  const rav4 = await chat(tx, ids, 'Toyota RAV4 2019 XLE AWD', 'demo-buyer-noah', sam, [
    {
      from: 'buyer',
      body: 'Would you take a little less for the RAV4? I can come to Austin this weekend.',
      at: dayAt(now, -1, 18),
    },
  ]);
  await offer(tx, rav4, 21_000, { counter: 22_600 }, now);

  const odyssey = await chat(tx, ids, 'Honda Odyssey 2017 EX-L', 'demo-buyer-jamie', sam, [
    {
      from: 'buyer',
      body: 'Hello! Does the slow sliding door still open and close on its own?',
      at: dayAt(now, -4, 16),
    },
    {
      from: 'seller',
      body: 'It does, just slowly. A new motor is about $300 if you want it perfect.',
      at: dayAt(now, -4, 19),
    },
  ]);
  const agreed = await offer(
    tx,
    odyssey,
    16_800,
    {
      accept: true,
      phone: '+1 303 555 0125',
      meetingLocation: 'Austin Police Department North substation, Austin, TX',
    },
    now,
  );
  await viewing(tx, agreed!, dayAt(now, 2, 16), 'seller', true);

  // The demo buyer's booking waits for them to confirm the seller's viewing time.
  await chat(tx, ids, 'Honda CR-V 2017 EX-L', riley, 'demo-seller-priya', [
    {
      from: 'buyer',
      body: 'I booked the CR-V. Could I see it on a weekday evening?',
      at: dayAt(now, -1, 13),
    },
  ]);
  const crv = await orderOf(tx, ids, 'Honda CR-V 2017 EX-L', riley);
  await viewing(tx, crv.id, dayAt(now, 3, 23), 'seller', false);

  // Reviews of paid orders, one with the seller's reply.
  const reviewed = [
    {
      listing: 'BMW 330i 2017 xDrive',
      buyer: riley,
      rating: 5,
      text: 'The BMW was exactly as described, with every receipt. Sam answered quickly and met at the police station.',
      reply: 'Thank you, Riley! Enjoy the drive.',
    },
    {
      listing: 'Royal Enfield Classic 350 2021',
      buyer: riley,
      rating: 4,
      text: 'Honest about the fork seal and easy to deal with. The handover was a little late.',
    },
    {
      listing: 'Toyota Tacoma 2016 TRD Off-Road',
      buyer: 'demo-buyer-jamie',
      rating: 5,
      text: 'Great truck and a great seller. The frame was as clean as the photos showed.',
      reply: 'Glad it found a good home. Happy trails!',
    },
    {
      listing: 'Hyundai Kona Electric 2021 SEL',
      buyer: 'demo-buyer-noah',
      rating: 4,
      text: 'Smooth sale; the home charger was included as promised.',
    },
  ];
  for (const review of reviewed) {
    const order = await orderOf(tx, ids, review.listing, review.buyer);
    const id = await insertReview(db, {
      orderId: order.id,
      sellerId: order.sellerId,
      buyerId: order.buyerId,
      rating: review.rating,
      text: review.text,
    });
    if (id && review.reply) await setReply(tx, id, review.reply);
  }

  // Favourites: the demo buyer watches a price cut among them.
  const favourited: [string, string][] = [
    [riley, 'Honda Civic 2017 LX'],
    [riley, 'Honda Civic 2018 EX'],
    [riley, 'Mazda CX-5 2020 Touring'],
    [riley, 'Toyota Corolla 2015 L'],
    [DEMO_ADMIN.uid, 'Toyota Sienna 2019 LE 8-passenger'],
    [DEMO_ADMIN.uid, 'Mercedes-Benz Sprinter 2500 2018 High Roof'],
    ['demo-buyer-jamie', 'Subaru Forester 2018 2.5i Premium'],
    ['demo-buyer-noah', 'Ford F-150 2018 Lariat'],
  ];
  for (const [uid, name] of favourited) await addFavourite(db, user(uid), listing(name));

  // Saved searches of the demo buyer, and a notification kind turned off.
  const saved = [
    { name: 'Toyota under $15,000', query: { q: 'toyota', max_price: 15_000 }, alert: 'instant' },
    {
      name: 'Honda Civic under 120,000 km',
      query: { make: 'Honda', model: 'Civic', max_mileage: 120_000 },
      alert: 'daily',
    },
  ] as const;
  for (const search of saved) {
    await insertSavedSearch(
      db,
      user(riley),
      { name: search.name, query: { ...search.query }, alert: search.alert },
      saved.length,
    );
  }
  await setStoredKind(tx, user(riley), 'order-update', false);

  // Two weeks of views and search impressions of the demo seller's listings (seller insights).
  const random = seededRandom(VIEWS_SEED);
  const samListings = listings.filter((item) => item.seller === sam);
  const views: { productId: string; day: string; visitorHash: string; viewerUid: null }[] = [];
  const impressions: { productId: string; day: string; count: number }[] = [];
  let visitor = 0;
  for (const item of samListings) {
    const productId = listing(item.name);
    const posted = need(ids.postedAt, item.name, 'listing');
    for (let back = VIEW_DAYS - 1; back >= 0; back -= 1) {
      const day = dayAt(now, -back, 0);
      if (day.getTime() + DAY_MS <= posted.getTime()) continue;
      const dayText = day.toISOString().slice(0, 10);
      const seen = 1 + Math.floor(random() * (item.promote ? 9 : 5));
      for (let n = 0; n < seen; n += 1) {
        visitor += 1;
        views.push({ productId, day: dayText, visitorHash: visitorHash(visitor), viewerUid: null });
      }
      impressions.push({ productId, day: dayText, count: seen * (4 + Math.floor(random() * 4)) });
    }
  }
  const viewCount = await writeViews(db, views);
  await writeImpressions(db, impressions);
  await rollUpActivity(db, now);

  // Moderation: the duplicate listing reported, removed with a statement of reasons, appealed;
  // a report on another listing marked safe; the verified sellers' verifications in the log.
  const duplicate = listing(DUPLICATE_LISTING_NAME);
  await reportProduct(db, duplicate, user('demo-buyer-jamie'), {
    reason: 'Duplicate listing',
    note: 'Same Equinox as the seller’s other listing, with the same VIN.',
  });
  await deleteProductAsAdmin(
    db,
    admin,
    duplicate,
    {
      rule: 'Duplicate listing',
      facts:
        'The listing shows the same vehicle (same VIN) as another live listing of the same seller.',
      automated: false,
    },
    // The route's clock: the report above was stored at the current time too.
    new Date(),
  );
  const appeal = await createAppeal(
    db,
    user('demo-seller-daniel'),
    duplicate,
    'I posted it again with a better photo and meant to delete the old one. Please restore this one; I will remove the other.',
    new Date(),
  );
  if (appeal.kind !== 'created') throw new Error(`demo activity: appeal ${appeal.kind}`);
  const landCruiser = listing('Toyota Land Cruiser 2012 V8');
  await reportProduct(db, landCruiser, user('demo-buyer-noah'), {
    reason: 'Scam or fraud',
    note: 'The price looks too low for a Land Cruiser.',
  });
  await markProductSafe(db, admin, landCruiser);
  for (const seller of demoUsers.filter((u) => u.role === 'seller' && u.status === 'verified')) {
    await recordAction(tx, {
      actorId: admin,
      action: 'seller.verify',
      targetType: 'user',
      targetId: user(seller.uid),
      details: { modifiedCount: 1 },
    });
  }

  return {
    offers: 3,
    offerOrders: 1,
    reports: 2,
    conversations: 4,
    reviews: reviewed.length,
    favourites: favourited.length,
    savedSearches: saved.length,
    views: viewCount,
    appeals: 1,
  };
}
