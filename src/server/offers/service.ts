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
  listingStates,
  listingState,
  listingTexts,
  offerOpenMs,
  offerStateRecords,
  offerStatesWhere,
  offerTexts,
  offerTransition,
  offerTransitions,
  type Offer,
  type OfferState,
} from '#contract/index.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { offers, orders, products, users } from '../db/schema.js';
import { httpError } from '../lib/http-error.js';
import { addSystemMessage } from '../messages/repository.js';
import {
  findOpenOrder,
  insertOrder,
  lockBookableProduct,
  stateOf,
  type BookableProduct,
  type Booker,
} from '../orders/repository.js';
import { transitionListing } from '../listings/listing-state.js';
import { notifyOffer } from './mails.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The offer states that can still be answered (their record is `open`): pending, countered. */
const openStates = offerStatesWhere((state) => state.open);

const price = (cents: number) => formatDollars(centsToDollars(cents));

/**
 * Refuses offers and acceptances on a listing whose state is not `offerable` (decisions 0027 and
 * 0053; a deleted listing counts as `removed`): the state record's offer refusal, except that a
 * reservation another buyer's accepted offer holds says so (`held`: the text for it).
 * @throws HttpError 409.
 */
function refuseUnofferable(product: BookableProduct, buyerId: string, held: string): void {
  const record = listingState(stateOf(product));
  if (record.offerable) return;
  if (product.reservedForBuyerId !== null && !product.deletedAt) {
    throw httpError(
      409,
      product.reservedForBuyerId === buyerId ? offerTexts.alreadyAccepted : held,
    );
  }
  throw httpError(409, record.refusal.offer!);
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
    .set({ status: offerTransitions.expire.to, updatedAt: now })
    .where(
      and(
        inArray(offers.status, openStates),
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
    refuseUnofferable(product, buyer.id, listingTexts.reservedForAnotherBuyer);
    if (product.sellerId === buyer.id)
      throw httpError(403, 'You cannot make an offer on your own listing');
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
          inArray(offers.status, openStates),
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
          inArray(offers.status, openStates),
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
    const offerId = await recordOffer(
      tx,
      {
        productId: product.id,
        buyerId: buyer.id,
        sellerId: product.sellerId,
        amountCents,
        askingCents: product.priceCents,
        status: belowFloor ? 'declined' : 'pending',
        customerPhone: input.customerPhone ?? null,
        meetingLocation: input.meetingLocation ?? null,
      },
      now,
    );
    if (belowFloor) return { offerId, status: 'declined', message: offerTexts.belowFloor };
    await notifyOffer(app, tx, offerId, 'made');
    return { offerId, status: 'pending', message: null };
  });
}

/**
 * What making an offer writes, inside the caller's transaction `tx`: the offer row, `pending` for
 * `offerOpenMs` from `now` (or `declined` at once, below the seller's minimum), and for a pending
 * one the system message in the buyer's name. The checks and the seller's mail are the caller's
 * (`makeOffer`); the demo seed calls this too, so its offers are stored as the API stores them.
 * @returns the offer's id.
 */
export async function recordOffer(
  tx: Transaction,
  offer: {
    productId: string;
    buyerId: string;
    sellerId: string;
    amountCents: number;
    /** The listing's price when the offer is made, quoted in the system message. */
    askingCents: number;
    status: 'pending' | 'declined';
    customerPhone: string | null;
    meetingLocation: string | null;
  },
  now: Date,
): Promise<string> {
  const { askingCents, ...values } = offer;
  const [row] = await tx
    .insert(offers)
    .values({
      ...values,
      expiresAt: new Date(now.getTime() + offerOpenMs),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: offers.id });
  if (offer.status === 'pending') {
    await addSystemMessage(tx, {
      productId: offer.productId,
      buyerId: offer.buyerId,
      sellerId: offer.sellerId,
      senderId: offer.buyerId,
      kind: 'offer',
      body: `Offered ${price(offer.amountCents)} (asking ${price(askingCents)}).`,
    });
  }
  return row!.id;
}

/**
 * What the seller's counter of `counterCents` writes, inside the caller's transaction `tx` (the
 * offer's row locked): the offer `countered`, open for another `offerOpenMs` from `now`, and the
 * system message in the seller's name. The checks and the buyer's mail are the caller's
 * (`answerOffer`); the demo seed calls this too.
 */
export async function recordCounter(
  tx: Transaction,
  offer: Pick<
    typeof offers.$inferSelect,
    'id' | 'productId' | 'buyerId' | 'sellerId' | 'amountCents'
  >,
  counterCents: number,
  now: Date,
): Promise<void> {
  await tx
    .update(offers)
    .set({
      status: offerTransitions.counter.to,
      counterAmountCents: counterCents,
      expiresAt: new Date(now.getTime() + offerOpenMs),
      updatedAt: now,
    })
    .where(eq(offers.id, offer.id));
  await addSystemMessage(tx, {
    productId: offer.productId,
    buyerId: offer.buyerId,
    sellerId: offer.sellerId,
    senderId: offer.sellerId,
    kind: 'offer',
    body: `Countered the offer of ${price(offer.amountCents)} with ${price(counterCents)}.`,
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
      ...(pair ? [desc(inArray(offers.status, openStates))] : []),
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

/** The 403 of an answer out of turn: whose word the offer's state awaits. */
const outOfTurn = {
  seller: 'The seller answers this offer',
  buyer: 'The buyer answers this counter-offer',
} as const;

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
    // The transition table of src/contract/deal-states.ts decides: the side, the state, the turn.
    const status = offer.status;
    const next = offerTransition(status, input.action, side);
    if (!next.ok && next.refusal === 'not-yours') {
      const sides = offerTransitions[input.action].by.join(' or ');
      throw httpError(403, `Only the ${sides} can ${input.action} this offer`);
    }
    if (offerStateRecords[status].open && offer.expiresAt.getTime() <= now.getTime()) {
      await tx
        .update(offers)
        .set({ status: offerTransitions.expire.to, updatedAt: now })
        .where(eq(offers.id, offerId));
      return 'expired' as const;
    }
    if (!next.ok) {
      if (next.refusal === 'not-from-here') throw httpError(409, `This offer is ${status}`);
      const turn = offerStateRecords[status].turn;
      throw httpError(403, turn ? outOfTurn[turn] : `This offer is ${status}`);
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
        const to = next.to;
        await tx.update(offers).set({ status: to, updatedAt: now }).where(eq(offers.id, offerId));
        await addSystemMessage(tx, {
          ...parties,
          body:
            input.action === 'withdraw'
              ? 'Withdrew the offer.'
              : status === 'countered'
                ? `Declined the counter-offer of ${price(offer.counterAmountCents!)}.`
                : `Declined the offer of ${price(offer.amountCents)}.`,
        });
        await notifyOffer(app, tx, offerId, input.action === 'withdraw' ? 'withdrawn' : 'declined');
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
        await recordCounter(tx, offer, counterCents, now);
        await notifyOffer(app, tx, offerId, 'countered');
        return { changed: true, orderId: null };
      }
      case 'accept': {
        const agreedCents = status === 'countered' ? offer.counterAmountCents! : offer.amountCents;
        const orderId = await recordAcceptance(tx, offer, agreedCents, callerId, now);
        await notifyOffer(app, tx, offerId, 'accepted');
        return { changed: true, orderId };
      }
    }
  });
  if (outcome === 'expired') throw httpError(409, 'This offer is expired');
  return outcome;
}

/**
 * What accepting `offer` at `agreedCents` writes, inside the caller's transaction `tx` (the offer's
 * row locked): the agreed order (`createAgreedOrder`), the offer `accepted` with that order, the
 * listing reserved for the order (`reserveForBuyer`, decision 0053) and the system message in the
 * acting side's name (`senderId`). The mail is the caller's (`answerOffer`); the demo seed calls
 * this too, so its accepted offers reserve their cars as the API's do.
 * @returns the order's id.
 * @throws HttpError 409 as `createAgreedOrder`.
 */
export async function recordAcceptance(
  tx: Transaction,
  offer: typeof offers.$inferSelect,
  agreedCents: number,
  senderId: string,
  now: Date,
): Promise<string> {
  const orderId = await createAgreedOrder(tx, offer, agreedCents);
  await tx
    .update(offers)
    .set({ status: offerTransitions.accept.to, orderId, updatedAt: now })
    .where(eq(offers.id, offer.id));
  await addSystemMessage(tx, {
    productId: offer.productId,
    buyerId: offer.buyerId,
    sellerId: offer.sellerId,
    senderId,
    kind: 'offer',
    body: `Accepted ${price(agreedCents)}. The order is waiting for payment.`,
  });
  return orderId;
}

/**
 * The order an accepted offer makes, at `agreedCents`: the buyer's open booking of the listing
 * re-priced, or a new order with the offer's contact; then the listing is reserved for that order
 * (`reserveForBuyer`). The listing's row is locked FOR UPDATE first, so of two acceptances racing
 * on one listing the second finds it reserved.
 * @throws HttpError 409 when the listing's state is not `offerable` (gone, sold, off the market,
 *   expired, reserved by its seller or for another buyer).
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
  if (!product) throw httpError(409, listingStates.removed.refusal.offer);
  refuseUnofferable(product, offer.buyerId, offerTexts.reservedForAnotherAlready);
  const orderId = await agreedOrder(tx, offer, product, agreedCents);
  const reserved = await transitionListing(tx, product.id, 'reserveForBuyer', {
    kind: 'deal',
    orderId,
  });
  if (reserved.kind !== 'done') throw httpError(409, offerTexts.reservedForAnotherAlready);
  return orderId;
}

/** The buyer's open booking of the listing re-priced to `agreedCents`, or a new order. */
async function agreedOrder(
  tx: Transaction,
  offer: typeof offers.$inferSelect,
  product: BookableProduct,
  agreedCents: number,
): Promise<string> {
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
