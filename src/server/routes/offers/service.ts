/**
 * Offers and counter-offers (decision 0034, with the state diagram):
 *
 *   pending ──seller accept──▶ accepted (creates the order at `amount`)
 *   pending ──seller decline─▶ declined          pending ──buyer withdraw──▶ withdrawn
 *   pending ──seller counter─▶ countered ──buyer accept──▶ accepted (order at `counter_amount`)
 *                              countered ──buyer decline─▶ declined
 *                              countered ──buyer withdraw▶ withdrawn
 *   pending, countered ──48 hours pass──▶ expired;   open offers ──the car is sold──▶ declined
 *
 * Every change runs in one transaction with the offer row locked; an acceptance also locks the
 * listing's row, so two acceptances racing on one listing make exactly one order. Prices charged
 * are the order's, computed here from the stored offer, never taken from the client.
 */
import { and, asc, count, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import {
  centsToDollars,
  dollarsToCents,
  formatDollars,
  offerOpenMs,
  offerTexts,
  type Offer,
  type OfferState,
} from '#contract/index.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { offers, orders, products, users } from '../../db/schema.js';
import { httpError } from '../../lib/http-error.js';
import { addSystemMessage } from '../messages/repository.js';
import {
  findOpenOrder,
  insertOrder,
  lockBookableProduct,
  reservedForAnother,
  type Booker,
} from '../orders/repository.js';
import { notifyOffer } from './mails.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** An offer that can still be answered: pending or countered, and not past its time. */
const openStates = ['pending', 'countered'] as const;

const price = (cents: number) => formatDollars(centsToDollars(cents));

/**
 * Refuses offers and acceptances on a listing its seller reserved, that expired or that
 * moderation removed (decision 0027's states that are not for sale through an offer).
 * @throws HttpError 409.
 */
function refuseUnlisted(status: string): void {
  if (status === 'reserved') throw httpError(409, 'This listing is reserved by its seller');
  if (status === 'expired') throw httpError(409, 'This listing has expired');
  if (status === 'removed') throw httpError(409, 'This product is no longer for sale');
}

/** What `POST /api/offers` answers. */
export interface MadeOffer {
  offerId: string;
  status: OfferState;
  message: string | null;
}

/**
 * Marks the open offers whose time has passed as `expired` (the `offer-expiry` job, and before
 * every read and action that must not see them as open), optionally only those of one buyer
 * and listing. `onExpired` runs for each, in the same transaction (the expiry mail: whoever
 * marks an offer expired tells its waiting side, once). @returns how many changed.
 */
export async function expireOffers(
  db: Database | Transaction,
  now: Date,
  scope?: { buyerId: string; productId: string },
  onExpired?: (tx: Transaction, offerId: string) => Promise<unknown>,
): Promise<number> {
  if (onExpired) {
    return db.transaction(async (tx) => {
      const ids = await markExpired(tx, now, scope);
      for (const id of ids) await onExpired(tx, id);
      return ids.length;
    });
  }
  return (await markExpired(db, now, scope)).length;
}

async function markExpired(
  db: Database | Transaction,
  now: Date,
  scope?: { buyerId: string; productId: string },
): Promise<string[]> {
  const changed = await db
    .update(offers)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        inArray(offers.status, [...openStates]),
        lte(offers.expiresAt, now),
        scope
          ? and(eq(offers.buyerId, scope.buyerId), eq(offers.productId, scope.productId))
          : undefined,
      ),
    )
    .returning({ id: offers.id });
  return changed.map((row) => row.id);
}

/**
 * Offers one buyer may make on one listing in any 24 hours, whatever became of them (declined
 * at once below the minimum, withdrawn, expired). Without it a buyer could search for the
 * seller's private minimum by halving the interval (docs/reliability.md, the fourth attack);
 * three offers tell a buyer no more than "higher" or "lower" twice.
 */
export const offerDailyMaxPerListing = 3;

/** The window of {@link offerDailyMaxPerListing} (ms). */
const offerDailyWindowMs = 24 * 60 * 60 * 1000;

/**
 * Records `buyer`'s offer of `amountDollars` on a listing (decision 0034), in one transaction
 * that holds the listing (FOR SHARE) and the buyer's row (FOR UPDATE, so parallel offers cannot
 * pass the cap together). An offer below the seller's minimum is stored as `declined` at once
 * and the seller hears nothing; otherwise it is `pending` for 48 hours, a system message goes
 * into the pair's conversation and the seller is mailed.
 * @throws HttpError 404 unknown listing; 403 own listing; 409 deleted, sold, off the market,
 *   reserved for another buyer, or an open offer of this buyer exists; 400 an amount not below
 *   the asking price; 429 at `caps.offerOpenMax` open offers, or (with `retry-after`) when the
 *   buyer made {@link offerDailyMaxPerListing} offers on this listing in the last 24 hours.
 */
export function makeOffer(
  app: FastifyInstance,
  buyer: Booker,
  input: {
    productId: string;
    amountDollars: number;
    customerPhone?: string;
    meetingLocation?: string;
  },
  caps: Pick<Config['bookings'], 'offerOpenMax'>,
  now: Date = new Date(),
): Promise<MadeOffer> {
  const amountCents = dollarsToCents(input.amountDollars);
  return app.db.transaction(async (tx) => {
    const product = await lockBookableProduct(tx, input.productId);
    if (!product) throw httpError(404, 'Product not found');
    if (product.deletedAt) throw httpError(409, 'This product is no longer for sale');
    if (product.sold) throw httpError(409, 'This product is already sold');
    if (product.unavailable) throw httpError(409, 'This listing is off the market for now');
    refuseUnlisted(product.listingStatus);
    if (product.sellerId === buyer.id)
      throw httpError(403, 'You cannot make an offer on your own listing');
    if (await reservedForAnother(tx, product.id, buyer.id)) {
      throw httpError(409, 'This listing is reserved for another buyer');
    }
    if (amountCents >= product.priceCents) {
      throw httpError(
        400,
        `body.amount must be below the asking price (${price(product.priceCents)})`,
      );
    }
    await tx.select({ id: users.id }).from(users).where(eq(users.id, buyer.id)).for('update');
    await expireOffers(tx, now, { buyerId: buyer.id, productId: product.id }, (t, id) =>
      notifyOffer(app, t, id, 'expired'),
    );
    const [mine] = await tx
      .select({ n: count() })
      .from(offers)
      .where(
        and(
          eq(offers.buyerId, buyer.id),
          eq(offers.productId, product.id),
          inArray(offers.status, [...openStates]),
        ),
      );
    if ((mine?.n ?? 0) > 0) throw httpError(409, 'You already have an open offer on this listing');
    const recent = await tx
      .select({ createdAt: offers.createdAt })
      .from(offers)
      .where(
        and(
          eq(offers.buyerId, buyer.id),
          eq(offers.productId, product.id),
          gt(offers.createdAt, new Date(now.getTime() - offerDailyWindowMs)),
        ),
      )
      .orderBy(asc(offers.createdAt));
    if (recent.length >= offerDailyMaxPerListing) {
      // Free again when the oldest of the last `offerDailyMaxPerListing` leaves the window.
      const oldest = recent[recent.length - offerDailyMaxPerListing]!.createdAt;
      const seconds = (oldest.getTime() + offerDailyWindowMs - now.getTime()) / 1000;
      throw httpError(
        429,
        `You can make at most ${offerDailyMaxPerListing} offers on this listing in 24 hours`,
        seconds,
      );
    }
    const [open] = await tx
      .select({ n: count() })
      .from(offers)
      .where(
        and(
          eq(offers.buyerId, buyer.id),
          inArray(offers.status, [...openStates]),
          gt(offers.expiresAt, now),
        ),
      );
    if ((open?.n ?? 0) >= caps.offerOpenMax) {
      throw httpError(
        429,
        `You have ${caps.offerOpenMax} open offers: wait for an answer or withdraw one first`,
      );
    }
    const belowFloor = product.offerFloorCents !== null && amountCents < product.offerFloorCents;
    const [row] = await tx
      .insert(offers)
      .values({
        productId: product.id,
        buyerId: buyer.id,
        sellerId: product.sellerId,
        amountCents,
        status: belowFloor ? 'declined' : 'pending',
        expiresAt: new Date(now.getTime() + offerOpenMs),
        customerPhone: input.customerPhone ?? null,
        meetingLocation: input.meetingLocation ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: offers.id });
    const offerId = row!.id;
    if (belowFloor) return { offerId, status: 'declined', message: offerTexts.belowFloor };
    await addSystemMessage(tx, {
      productId: product.id,
      buyerId: buyer.id,
      sellerId: product.sellerId,
      senderId: buyer.id,
      kind: 'offer',
      body: `Offered ${price(amountCents)} (asking ${price(product.priceCents)}).`,
    });
    await notifyOffer(app, tx, offerId, 'made');
    return { offerId, status: 'pending', message: null };
  });
}

const buyerUser = alias(users, 'offer_buyer');
const sellerUser = alias(users, 'offer_seller');

/**
 * The caller's offers as `role` (the offers they made as buyer, or those on their listings as
 * seller), newest first, at most 100. Open offers past their time are marked expired first.
 * With `pair`, only the offers of one buyer on one listing, open ones first (a conversation's
 * deal, decision 0048). `onExpired` runs in the transaction that expires each offer (its mail).
 */
export async function listOffers(
  db: Database,
  userId: string,
  role: 'buyer' | 'seller',
  now: Date = new Date(),
  pair?: { productId: string; buyerId: string },
  onExpired?: (tx: Transaction, offerId: string) => Promise<unknown>,
): Promise<Offer[]> {
  await expireOffers(db, now, undefined, onExpired);
  const scope = eq(role === 'buyer' ? offers.buyerId : offers.sellerId, userId);
  const rows = await db
    .select({
      id: offers.id,
      productId: offers.productId,
      productName: products.productName,
      productImage: products.productImage,
      askingCents: products.resellPriceCents,
      amountCents: offers.amountCents,
      counterCents: offers.counterAmountCents,
      status: offers.status,
      expiresAt: offers.expiresAt,
      createdAt: offers.createdAt,
      orderId: offers.orderId,
      buyerName: buyerUser.displayName,
      sellerName: sellerUser.displayName,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(buyerUser, eq(buyerUser.id, offers.buyerId))
    .innerJoin(sellerUser, eq(sellerUser.id, offers.sellerId))
    .where(
      pair
        ? and(scope, eq(offers.productId, pair.productId), eq(offers.buyerId, pair.buyerId))
        : scope,
    )
    .orderBy(
      ...(pair ? [desc(inArray(offers.status, [...openStates]))] : []),
      desc(offers.createdAt),
      desc(offers.id),
    )
    .limit(100);
  return rows.map((row) => ({
    _id: row.id,
    product_id: row.productId,
    product_name: row.productName,
    product_image: row.productImage,
    asking_price: centsToDollars(row.askingCents),
    amount: centsToDollars(row.amountCents),
    counter_amount: row.counterCents === null ? null : centsToDollars(row.counterCents),
    status: row.status,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    order_id: row.orderId,
    role,
    other_party: role === 'buyer' ? row.sellerName : row.buyerName,
  }));
}

/** An answer to an offer (`PATCH /api/offers/{id}`). */
export type OfferAction =
  | { action: 'accept' }
  | { action: 'decline' }
  | { action: 'withdraw' }
  | { action: 'counter'; amount: number };

/** Which side may take which action in which state (decision 0034's diagram). */
const allowed: Record<
  OfferAction['action'],
  { side: 'buyer' | 'seller' | 'either'; from: readonly OfferState[] }
> = {
  counter: { side: 'seller', from: ['pending'] },
  withdraw: { side: 'buyer', from: ['pending', 'countered'] },
  accept: { side: 'either', from: ['pending', 'countered'] },
  decline: { side: 'either', from: ['pending', 'countered'] },
};

/**
 * Applies `action` by `callerId` to offer `offerId` (decision 0034's state diagram) in one
 * transaction with the offer row locked. Accepting locks the listing's row too and creates the
 * buyer's order at the agreed price (or re-prices their open booking of it), which reserves the
 * listing for them; a system message and a mail tell the other side.
 * @returns whether the offer changed, and the order an acceptance made.
 * @throws HttpError 404 when the caller is not party to the offer; 403 for an action that is not
 *   their side's (a buyer countering, a seller withdrawing, a seller accepting their own counter,
 *   a buyer accepting before a counter); 409 when the offer is no longer open (expired too) or
 *   the listing is sold, gone, off the market or reserved for another buyer; 400 for a counter
 *   not above the offer or above the asking price.
 */
export async function answerOffer(
  app: FastifyInstance,
  offerId: string,
  callerId: string,
  input: OfferAction,
  now: Date = new Date(),
): Promise<{ changed: boolean; orderId: string | null }> {
  // An offer found past its time is marked expired, and that change commits before the 409.
  const outcome = await app.db.transaction(async (tx) => {
    const [offer] = await tx
      .select()
      .from(offers)
      .where(
        and(
          eq(offers.id, offerId),
          or(eq(offers.buyerId, callerId), eq(offers.sellerId, callerId)),
        ),
      )
      .for('update');
    if (!offer) throw httpError(404, 'No offer found');
    const side = offer.buyerId === callerId ? 'buyer' : 'seller';
    const rule = allowed[input.action];
    if (rule.side !== 'either' && rule.side !== side) {
      throw httpError(403, `Only the ${rule.side} can ${input.action} this offer`);
    }
    const status = offer.status;
    if (
      openStates.some((state) => state === status) &&
      offer.expiresAt.getTime() <= now.getTime()
    ) {
      await tx
        .update(offers)
        .set({ status: 'expired', updatedAt: now })
        .where(eq(offers.id, offerId));
      return 'expired' as const;
    }
    if (!rule.from.includes(status)) throw httpError(409, `This offer is ${status}`);
    // Accept and decline: the seller answers a pending offer, the buyer a counter.
    if ((input.action === 'accept' || input.action === 'decline') && rule.side === 'either') {
      const whoseTurn = status === 'pending' ? 'seller' : 'buyer';
      if (side !== whoseTurn) {
        throw httpError(
          403,
          status === 'pending'
            ? 'The seller answers this offer'
            : 'The buyer answers this counter-offer',
        );
      }
    }
    const parties = {
      productId: offer.productId,
      buyerId: offer.buyerId,
      sellerId: offer.sellerId,
      senderId: callerId,
      kind: 'offer' as const,
    };

    switch (input.action) {
      case 'withdraw':
      case 'decline': {
        const next = input.action === 'withdraw' ? 'withdrawn' : 'declined';
        await tx.update(offers).set({ status: next, updatedAt: now }).where(eq(offers.id, offerId));
        await addSystemMessage(tx, {
          ...parties,
          body:
            next === 'withdrawn'
              ? 'Withdrew the offer.'
              : status === 'countered'
                ? `Declined the counter-offer of ${price(offer.counterAmountCents!)}.`
                : `Declined the offer of ${price(offer.amountCents)}.`,
        });
        await notifyOffer(app, tx, offerId, next);
        return { changed: true, orderId: null };
      }
      case 'counter': {
        const counterCents = dollarsToCents(input.amount);
        const [listing] = await tx
          .select({ priceCents: products.resellPriceCents })
          .from(products)
          .where(eq(products.id, offer.productId));
        if (counterCents <= offer.amountCents) {
          throw httpError(400, `body.amount must be above the offer (${price(offer.amountCents)})`);
        }
        if (listing && counterCents > listing.priceCents) {
          throw httpError(
            400,
            `body.amount must be at most the asking price (${price(listing.priceCents)})`,
          );
        }
        await tx
          .update(offers)
          .set({
            status: 'countered',
            counterAmountCents: counterCents,
            expiresAt: new Date(now.getTime() + offerOpenMs),
            updatedAt: now,
          })
          .where(eq(offers.id, offerId));
        await addSystemMessage(tx, {
          ...parties,
          body: `Countered the offer of ${price(offer.amountCents)} with ${price(counterCents)}.`,
        });
        await notifyOffer(app, tx, offerId, 'countered');
        return { changed: true, orderId: null };
      }
      case 'accept': {
        const agreedCents = status === 'countered' ? offer.counterAmountCents! : offer.amountCents;
        const orderId = await createAgreedOrder(tx, offer, agreedCents);
        await tx
          .update(offers)
          .set({ status: 'accepted', orderId, updatedAt: now })
          .where(eq(offers.id, offerId));
        await addSystemMessage(tx, {
          ...parties,
          body: `Accepted ${price(agreedCents)}. The order is waiting for payment.`,
        });
        await notifyOffer(app, tx, offerId, 'accepted');
        return { changed: true, orderId };
      }
    }
  });
  if (outcome === 'expired') throw httpError(409, 'This offer is expired');
  return outcome;
}

/**
 * The order an accepted offer makes, at `agreedCents`: the buyer's open booking of the listing
 * re-priced, or a new order with the offer's contact. The listing's row is locked FOR UPDATE
 * first, so of two acceptances racing on one listing the second finds it reserved.
 * @throws HttpError 409 when the listing is gone, sold, off the market or reserved for another.
 */
async function createAgreedOrder(
  tx: Transaction,
  offer: typeof offers.$inferSelect,
  agreedCents: number,
): Promise<string> {
  await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, offer.productId))
    .for('update');
  const product = await lockBookableProduct(tx, offer.productId);
  if (!product || product.deletedAt) throw httpError(409, 'This product is no longer for sale');
  if (product.sold) throw httpError(409, 'This product is already sold');
  if (product.unavailable) throw httpError(409, 'This listing is off the market for now');
  refuseUnlisted(product.listingStatus);
  if (await reservedForAnother(tx, product.id, offer.buyerId)) {
    throw httpError(409, 'This listing is already reserved for another buyer');
  }
  const open = await findOpenOrder(tx, offer.buyerId, product.id);
  if (open) {
    await tx.update(orders).set({ productPriceCents: agreedCents }).where(eq(orders.id, open.id));
    return open.id;
  }
  const [buyer] = await tx
    .select({ id: users.id, displayName: users.displayName, email: users.email })
    .from(users)
    .where(eq(users.id, offer.buyerId));
  if (!buyer) throw httpError(409, 'The buyer of this offer has left Second Gear');
  const order = await insertOrder(
    tx,
    buyer,
    product,
    { phone: offer.customerPhone ?? '', meetingLocation: offer.meetingLocation ?? '' },
    agreedCents,
  );
  return order.id;
}

/**
 * Sets (or, with null, clears) the seller's minimum offer on their listing.
 * @returns false when the listing is not the seller's or is deleted.
 */
export async function setOfferFloor(
  db: Database,
  sellerId: string,
  productId: string,
  floorDollars: number | null,
): Promise<boolean> {
  const updated = await db
    .update(products)
    .set({ offerFloorCents: floorDollars === null ? null : dollarsToCents(floorDollars) })
    .where(
      and(
        eq(products.id, productId),
        eq(products.sellerId, sellerId),
        sql`${products.deletedAt} is null`,
      ),
    )
    .returning({ id: products.id });
  return updated.length > 0;
}

/** The seller's minimum offer on their listing in dollars; undefined when it is not theirs. */
export async function getOfferFloor(
  db: Database,
  sellerId: string,
  productId: string,
): Promise<number | null | undefined> {
  const [row] = await db
    .select({ floor: products.offerFloorCents })
    .from(products)
    .where(
      and(
        eq(products.id, productId),
        eq(products.sellerId, sellerId),
        sql`${products.deletedAt} is null`,
      ),
    );
  if (!row) return undefined;
  return row.floor === null ? null : centsToDollars(row.floor);
}
