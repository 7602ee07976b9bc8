/**
 * A listing's state, written once (decisions 0027 and 0053): the states, the named transitions
 * and who may take each, and for every state ONE record of what it means — on the market,
 * bookable, offerable, payable, its badge, its labels, its schema.org availability, its texts and
 * the seller's actions. Server and browser read it; nothing else decides what a state means.
 *
 * Zod-free (and importing only `listing-texts.ts`, which has no imports), so the listing page,
 * the home page and the cards read it without loading the schema library (`npm run size` checks
 * that).
 *
 * Adding a state: add it to `listingStatuses`; the compiler then names every record and every
 * exhaustive `switch` that must say what the state means (decision 0053, "Adding a state").
 */
import { listingTexts } from './listing-texts.js';

/**
 * The states, in the order the database's check constraint and the API's enum list them:
 * `active` (on the market), `reserved` (promised: by its seller, or for the buyer whose offer was
 * accepted until that order is paid or falls through), `sold`, `unavailable` (taken off the
 * market by its seller), `expired`, `removed` (by moderation). A seller's or an account's delete
 * is `deleted_at`, not a state.
 */
export const listingStatuses = [
  'active',
  'reserved',
  'sold',
  'unavailable',
  'expired',
  'removed',
] as const;
export type ListingStatus = (typeof listingStatuses)[number];

/** The state a new listing starts in: publishing a listing puts it on the market. */
export const initialListingStatus = 'active' satisfies ListingStatus;

/**
 * Who takes a transition:
 * - `seller`: the listing's owner, on their own listing;
 * - `deal`: a buyer's deal with the seller — an accepted offer (whoever accepted it), a paid
 *   order, or the deal falling through (its order declined or cancelled, its payment refunded);
 * - `system`: a scheduled job (the listing expiry);
 * - `admin`: moderation.
 */
export const listingActors = ['seller', 'deal', 'system', 'admin'] as const;
export type ListingActor = (typeof listingActors)[number];

/**
 * Why a transition is refused (`transition`'s typed refusal):
 * - `not-from-here`: the transition does not start from the listing's state;
 * - `not-yours`: the actor may not take this transition;
 * - `held-for-buyer`: an accepted offer's order holds the reservation, so the seller (or the
 *   expiry job) cannot release, hide, sell elsewhere or expire it: the seller declines that
 *   booking first;
 * - `held-for-another`: another order holds the reservation (a deal for another buyer);
 * - `not-held-by-order`: a deal's release, but its order does not hold the reservation;
 * - `paid-through-us`: the sale was paid through Second Gear (only a refund reopens it);
 * - `no-new-expiry`: a relist needs the new expiry date;
 * - `no-previous`: a restore needs the state the listing had before its removal.
 */
export type ListingRefusal =
  | 'not-from-here'
  | 'not-yours'
  | 'held-for-buyer'
  | 'held-for-another'
  | 'not-held-by-order'
  | 'paid-through-us'
  | 'no-new-expiry'
  | 'no-previous';

/** What the transition's guard needs to know beyond the state (read by the server). */
export interface ListingFacts {
  /** The order an accepted offer reserved the listing for (`products.reserved_order_id`). */
  heldFor?: string | null;
  /** A deal's transition: the order the deal is about. */
  order?: string;
  /** `unmarkSold`: a payment through Second Gear stands for this sale (not refunded). */
  paidThroughUs?: boolean;
  /** `relist`: a new expiry date was given. */
  newExpiry?: boolean;
  /** `restore`: the state the listing had before its removal. */
  previous?: ListingStatus | null;
}

interface TransitionRule {
  from: readonly ListingStatus[];
  /** The next state; `previous` for a restore (the state before the removal). */
  to: ListingStatus | 'previous';
  by: readonly ListingActor[];
  /** Refuses on the facts, after the table allowed it; null to go ahead. */
  guard?: (facts: ListingFacts, actor: ListingActor) => ListingRefusal | null;
  /** The reservation's holder after the transition (null unless set here). */
  holds?: (facts: ListingFacts) => string | null;
}

/** The seller or the expiry job may not act on a reservation an accepted offer holds. */
const notHeld = (facts: ListingFacts): ListingRefusal | null =>
  facts.heldFor ? 'held-for-buyer' : null;

/**
 * The named transitions (decision 0027's table, named, with decision 0053's deal hold):
 * from which states, to which, and who may take each. Creating a listing publishes it in
 * `initialListingStatus`; a seller's or an account's delete is not a transition (`deleted_at`).
 */
export const listingTransitions = {
  /** The seller promises the car to someone (their own reservation). */
  reserve: { from: ['active', 'unavailable'], to: 'reserved', by: ['seller'] },
  /** An accepted offer reserves the car for its buyer until the order is paid or falls through. */
  reserveForBuyer: {
    from: ['active'],
    to: 'reserved',
    by: ['deal'],
    guard: (facts) => (facts.order ? null : 'not-held-by-order'),
    holds: (facts) => facts.order ?? null,
  },
  /**
   * Back on the market: the seller ends their own reservation; a deal ends the one its order
   * holds (the order declined or cancelled).
   */
  release: {
    from: ['reserved'],
    to: 'active',
    by: ['seller', 'deal'],
    guard: (facts, actor) =>
      actor === 'deal'
        ? facts.order !== undefined && facts.heldFor === facts.order
          ? null
          : 'not-held-by-order'
        : notHeld(facts),
  },
  /** The seller takes it off the market for now. */
  takeOffMarket: {
    from: ['active', 'reserved'],
    to: 'unavailable',
    by: ['seller'],
    guard: notHeld,
  },
  /** The seller puts it back on the market. */
  putBack: { from: ['unavailable'], to: 'active', by: ['seller'] },
  /** A paid order sells it (a booking made before a reservation or an expiry may still pay). */
  markSold: {
    from: ['active', 'reserved', 'expired'],
    to: 'sold',
    by: ['deal'],
    guard: (facts) => (facts.heldFor && facts.heldFor !== facts.order ? 'held-for-another' : null),
  },
  /** The seller sold it elsewhere (with what it went for, optionally). */
  markSoldElsewhere: {
    from: ['active', 'reserved', 'unavailable', 'expired'],
    to: 'sold',
    by: ['seller'],
    guard: notHeld,
  },
  /** The seller takes back a sale they recorded themselves (never one paid through us). */
  unmarkSold: {
    from: ['sold'],
    to: 'active',
    by: ['seller'],
    guard: (facts) => (facts.paidThroughUs ? 'paid-through-us' : null),
  },
  /** A protected payment refunded before its release puts the car back (decision 0042). */
  refundSale: { from: ['sold'], to: 'active', by: ['deal'] },
  /** The expiry job: past `expires_at` (a reservation held for a buyer waits for its deal). */
  expire: { from: ['active', 'reserved'], to: 'expired', by: ['system'], guard: notHeld },
  /** The seller renews an expired listing: back on the market with a new expiry. */
  relist: {
    from: ['expired'],
    to: 'active',
    by: ['seller'],
    guard: (facts) => (facts.newExpiry ? null : 'no-new-expiry'),
  },
  /** Moderation removes it (and ends any reservation). */
  remove: {
    from: ['active', 'reserved', 'sold', 'unavailable', 'expired'],
    to: 'removed',
    by: ['admin'],
  },
  /** A removal reversed on appeal: back to the state it had. */
  restore: {
    from: ['removed'],
    to: 'previous',
    by: ['admin'],
    guard: (facts) => (facts.previous && facts.previous !== 'removed' ? null : 'no-previous'),
  },
} as const satisfies Record<string, TransitionRule>;

export type ListingTransitionName = keyof typeof listingTransitions;

/** Every transition's name, in the table's order. */
// Marked pure so that a bundle which never takes a transition (the browser's) drops the table.
export const listingTransitionNames = /* @__PURE__ */ Object.keys(
  listingTransitions,
) as ListingTransitionName[];

/** `transition`'s answer: the next state and who then holds the reservation, or why not. */
export type ListingTransitionResult =
  { ok: true; to: ListingStatus; heldFor: string | null } | { ok: false; refusal: ListingRefusal };

/**
 * The state after `actor` takes transition `name` on a listing in `from`, given `facts`, or the
 * typed refusal. Pure: the server reads the facts with the row locked and writes the answer.
 */
export function transition(
  from: ListingStatus,
  name: ListingTransitionName,
  actor: ListingActor,
  facts: ListingFacts = {},
): ListingTransitionResult {
  const rule: TransitionRule = listingTransitions[name];
  if (!rule.from.includes(from)) return { ok: false, refusal: 'not-from-here' };
  if (!rule.by.includes(actor)) return { ok: false, refusal: 'not-yours' };
  const refusal = rule.guard?.(facts, actor) ?? null;
  if (refusal) return { ok: false, refusal };
  const to = rule.to === 'previous' ? facts.previous! : rule.to;
  return { ok: true, to, heldFor: rule.holds?.(facts) ?? null };
}

/**
 * The transition `actor` takes from `from` to reach `to` (the seller's `PATCH …/status` names a
 * state, not a transition), or null when none leads there. `restore` is never found: its target
 * is the state before the removal, not a choice.
 */
export function transitionTo(
  from: ListingStatus,
  to: ListingStatus,
  actor: ListingActor,
): ListingTransitionName | null {
  for (const name of listingTransitionNames) {
    const rule: TransitionRule = listingTransitions[name];
    if (rule.to === to && rule.from.includes(from) && rule.by.includes(actor)) return name;
  }
  return null;
}

/**
 * The states a seller may ask for by name (`PATCH /api/product/{id}/status`): those a seller's
 * transition leads to — active, reserved, sold (elsewhere), unavailable. A tuple for the API's
 * enum, written out rather than computed from the table so that the browser's bundle, which
 * reads it through the API schemas, does not keep the transitions; listing-state.test.ts checks
 * it against `listingTransitions`.
 */
export const sellerListingStatuses = [
  'active',
  'reserved',
  'sold',
  'unavailable',
] as const satisfies readonly ListingStatus[];

/** How a badge looks: daisyUI's badge colour of the same name (the pages map it to a class). */
export type BadgeTone = 'error' | 'warning' | 'neutral' | 'success' | 'info' | 'ghost';

/**
 * What the seller can do on their own listing, on My Products and the listing page: a transition
 * of the table, or `renew` (a new expiry; an expired listing is relisted by it).
 */
export type SellerListingAction =
  'reserve' | 'release' | 'takeOffMarket' | 'putBack' | 'markSoldElsewhere' | 'renew';

/** What one state means, everywhere. */
export interface ListingStateRecord {
  /** Findable: search, home, promoted, sitemap, saved-search alerts, the seller's listings. */
  onMarket: boolean;
  /** On the category pages and in price guidance (docs/product.md §2: sold cards say SOLD OUT). */
  inCatalogue: boolean;
  /** A buyer may book it (Book Now). */
  bookable: boolean;
  /** A buyer may make an offer, and an offer may be accepted. */
  offerable: boolean;
  /** An existing booking may still be paid (the `markSold` transition starts here). */
  purchasable: boolean;
  /** The days-on-market clock stopped when the listing entered this state. */
  ended: boolean;
  /** Its page exists for others (a link to it is offered in lists and conversations). */
  hasPage: boolean;
  /** What a favourite of it shows (decision 0013). */
  favourite: 'available' | 'sold' | 'unavailable';
  /** The badge on cards and on the listing page, or none. */
  badge: { text: string; tone: BadgeTone } | null;
  /** The listing page's notice beside or instead of the badge, or none. */
  notice: string | null;
  /** What My Products calls it. */
  sellerLabel: string;
  /** What buyers' lists call it (the car's history, a conversation's car). */
  publicLabel: string;
  /** schema.org `Offer.availability` (https://schema.org/ItemAvailability). */
  availability: `https://schema.org/${string}`;
  /**
   * The 409 texts when a buyer books, makes an offer (or one is accepted), or pays an earlier
   * booking; null exactly where `bookable`, `offerable` and `purchasable` are true.
   */
  refusal: { booking: string | null; offer: string | null; payment: string | null };
  /** The seller's actions on their own listing in this state, in the order they are shown. */
  sellerActions: readonly SellerListingAction[];
}

const soldText = 'This product is already sold';
const goneText = 'This product is no longer for sale';
/** The payment page's own words for a sold car (src/server/routes/payments). */
const paidText = 'This product has already been sold';

/**
 * THE records: every state says what it means here. A new state fails to compile until it has
 * its record (`Record<ListingStatus, …>`).
 */
export const listingStates = {
  active: {
    onMarket: true,
    inCatalogue: true,
    bookable: true,
    offerable: true,
    purchasable: true,
    ended: false,
    hasPage: true,
    favourite: 'available',
    badge: null,
    notice: null,
    sellerLabel: 'On the market',
    publicLabel: 'On sale',
    availability: 'https://schema.org/InStock',
    refusal: { booking: null, offer: null, payment: null },
    sellerActions: ['takeOffMarket', 'reserve', 'markSoldElsewhere', 'renew'],
  },
  reserved: {
    onMarket: true,
    inCatalogue: true,
    bookable: false,
    offerable: false,
    purchasable: true,
    ended: false,
    hasPage: true,
    favourite: 'available',
    badge: { text: listingTexts.reservedBadge, tone: 'warning' },
    notice: listingTexts.reservedNotice,
    sellerLabel: 'Reserved',
    publicLabel: 'Reserved',
    // schema.org has no "reserved": still offered, but promised.
    availability: 'https://schema.org/LimitedAvailability',
    refusal: {
      booking: listingTexts.bookReserved,
      offer: listingTexts.reservedBySeller,
      payment: null,
    },
    sellerActions: ['takeOffMarket', 'release', 'markSoldElsewhere', 'renew'],
  },
  sold: {
    onMarket: false,
    inCatalogue: true,
    bookable: false,
    offerable: false,
    purchasable: false,
    ended: true,
    hasPage: true,
    favourite: 'sold',
    badge: { text: listingTexts.soldOut, tone: 'error' },
    notice: null,
    sellerLabel: 'Sold',
    publicLabel: 'Sold',
    availability: 'https://schema.org/SoldOut',
    refusal: { booking: soldText, offer: soldText, payment: paidText },
    sellerActions: [],
  },
  unavailable: {
    onMarket: false,
    inCatalogue: false,
    bookable: false,
    offerable: false,
    purchasable: false,
    ended: false,
    hasPage: true,
    favourite: 'unavailable',
    badge: null,
    notice: listingTexts.offMarket,
    sellerLabel: listingTexts.unavailableBadge,
    publicLabel: 'Off the market',
    availability: 'https://schema.org/OutOfStock',
    refusal: {
      booking: listingTexts.offMarketRefusal,
      offer: listingTexts.offMarketRefusal,
      payment: goneText,
    },
    sellerActions: ['putBack', 'markSoldElsewhere', 'renew'],
  },
  expired: {
    onMarket: false,
    inCatalogue: false,
    bookable: false,
    offerable: false,
    purchasable: true,
    ended: true,
    hasPage: true,
    favourite: 'unavailable',
    badge: null,
    notice: listingTexts.expired,
    sellerLabel: 'Expired',
    publicLabel: 'Expired',
    availability: 'https://schema.org/Discontinued',
    refusal: { booking: listingTexts.expired, offer: listingTexts.expired, payment: null },
    sellerActions: ['markSoldElsewhere', 'renew'],
  },
  removed: {
    onMarket: false,
    inCatalogue: false,
    bookable: false,
    offerable: false,
    purchasable: false,
    ended: true,
    hasPage: false,
    favourite: 'unavailable',
    badge: null,
    notice: null,
    sellerLabel: 'Removed',
    publicLabel: 'Removed',
    availability: 'https://schema.org/Discontinued',
    refusal: { booking: goneText, offer: goneText, payment: goneText },
    sellerActions: [],
  },
} as const satisfies Record<ListingStatus, ListingStateRecord>;

/** The record of `status`. */
export function listingState(status: ListingStatus): ListingStateRecord {
  return listingStates[status];
}

/**
 * The state others meet: a deleted listing (its seller's, an account's or moderation's delete,
 * `deleted_at`) counts as `removed` whatever its column says — it left the market and has no page.
 */
export function effectiveListingStatus(status: ListingStatus, deleted: boolean): ListingStatus {
  return deleted ? 'removed' : status;
}

/** The states whose record passes `test`, in `listingStatuses` order (for SQL `in (…)`). */
export function statesWhere(test: (record: ListingStateRecord) => boolean): ListingStatus[] {
  return listingStatuses.filter((status) => test(listingStates[status]));
}
