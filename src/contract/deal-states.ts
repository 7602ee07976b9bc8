/**
 * The deal's states, written once (decision 0053, as src/contract/listing-state.ts for the
 * listing): an offer (decision 0034), a booking — the order before and after payment — and a
 * viewing deposit (decision 0020). For each: the states, the named transitions with who may take
 * them, and one record per state that the server and the pages read where they branch on it.
 * A new state fails to compile until its record says what it means (`Record<State, …>`).
 *
 * Zod-free (it imports only listing-state.ts, also zod-free), so every page may read it; the
 * schemas of offers.ts, orders.ts and deposits.ts take their state lists from here.
 */
import type { BadgeTone } from './listing-state.js';

// ---------------------------------------------------------------------------------------------
// Offers (decision 0034)

/** Where an offer stands. `pending` and `countered` are open; the rest are final. */
export const offerStates = [
  'pending',
  'countered',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
] as const;
export type OfferState = (typeof offerStates)[number];

/** Who acts on an offer: its buyer, the listing's seller, or the system (expiry, a sale). */
export type OfferActor = 'buyer' | 'seller' | 'system';

/** What one offer state means. */
export interface OfferStateRecord {
  /** Still answerable (counted against the caps, shown with its time left). */
  open: boolean;
  /** Whose word is awaited while open: the seller answers an offer, the buyer a counter. */
  turn: 'buyer' | 'seller' | null;
  /** The badge's text on an offer card. */
  label: string;
}

export const offerStateRecords = {
  pending: { open: true, turn: 'seller', label: 'Waiting for the seller' },
  countered: { open: true, turn: 'buyer', label: 'Countered' },
  accepted: { open: false, turn: null, label: 'Accepted' },
  declined: { open: false, turn: null, label: 'Declined' },
  expired: { open: false, turn: null, label: 'Expired' },
  withdrawn: { open: false, turn: null, label: 'Withdrawn' },
} as const satisfies Record<OfferState, OfferStateRecord>;

interface OfferRule {
  from: readonly OfferState[];
  to: OfferState;
  by: readonly OfferActor[];
  /** Only the side whose `turn` it is (accept and decline answer the other side's last word). */
  onTurn?: boolean;
}

/** The named offer transitions (decision 0034's diagram). */
export const offerTransitions = {
  counter: { from: ['pending'], to: 'countered', by: ['seller'] },
  accept: { from: ['pending', 'countered'], to: 'accepted', by: ['seller', 'buyer'], onTurn: true },
  decline: {
    from: ['pending', 'countered'],
    to: 'declined',
    by: ['seller', 'buyer'],
    onTurn: true,
  },
  withdraw: { from: ['pending', 'countered'], to: 'withdrawn', by: ['buyer'] },
  /** 48 hours passed (the offer-expiry job, or any read that meets it). */
  expire: { from: ['pending', 'countered'], to: 'expired', by: ['system'] },
  /** The car was sold: every offer still open on it is declined. */
  carSold: { from: ['pending', 'countered'], to: 'declined', by: ['system'] },
} as const satisfies Record<string, OfferRule>;
export type OfferTransitionName = keyof typeof offerTransitions;

/**
 * Why an offer transition is refused: `not-yours` (the actor never takes it: 403), `not-from-here`
 * (the offer's state does not allow it: 409), `not-your-turn` (the other side answers: 403).
 */
export type OfferRefusal = 'not-yours' | 'not-from-here' | 'not-your-turn';

/**
 * The offer's next state when `actor` takes `name` from `from`, or why not, checked in this order:
 * the actor, the state, the turn.
 */
export function offerTransition(
  from: OfferState,
  name: OfferTransitionName,
  actor: OfferActor,
): { ok: true; to: OfferState } | { ok: false; refusal: OfferRefusal } {
  const rule: OfferRule = offerTransitions[name];
  if (!rule.by.includes(actor)) return { ok: false, refusal: 'not-yours' };
  if (!rule.from.includes(from)) return { ok: false, refusal: 'not-from-here' };
  if (rule.onTurn && offerStateRecords[from].turn !== actor) {
    return { ok: false, refusal: 'not-your-turn' };
  }
  return { ok: true, to: rule.to };
}

/** The offer states whose record passes `test`, in `offerStates` order. */
export function offerStatesWhere(test: (record: OfferStateRecord) => boolean): OfferState[] {
  return offerStates.filter((state) => test(offerStateRecords[state]));
}

// ---------------------------------------------------------------------------------------------
// Bookings: an order from booking to payment (docs/product.md §3 Order; decisions 0005, 0034)

/** Where a booking stands; the spec's `order_status` stays `true` only for `paid`. */
export const bookingStates = ['open', 'paid', 'declined', 'cancelled'] as const;
export type BookingState = (typeof bookingStates)[number];

/** Who acts on a booking: its buyer, the listing's seller, or a payment (the sale). */
export type BookingActor = 'buyer' | 'seller' | 'payment';

/** What one booking state means. */
export interface BookingStateRecord {
  /** The buyer may still pay it. */
  payable: boolean;
  /** The booking stands (open or paid): its viewing can be arranged, the page shows it. */
  live: boolean;
  /** The badge on My Orders and Bookings. */
  badge: { text: string; tone: BadgeTone };
}

export const bookingStateRecords = {
  open: { payable: true, live: true, badge: { text: 'UNPAID', tone: 'warning' } },
  paid: { payable: false, live: true, badge: { text: 'PAID', tone: 'success' } },
  declined: {
    payable: false,
    live: false,
    badge: { text: 'Declined', tone: 'error' },
  },
  cancelled: {
    payable: false,
    live: false,
    badge: { text: 'Cancelled', tone: 'ghost' },
  },
} as const satisfies Record<BookingState, BookingStateRecord>;

/** The named booking transitions: each leaves `open` for good. */
export const bookingTransitions = {
  pay: { from: ['open'], to: 'paid', by: ['payment'] },
  decline: { from: ['open'], to: 'declined', by: ['seller'] },
  cancel: { from: ['open'], to: 'cancelled', by: ['buyer'] },
} as const satisfies Record<
  string,
  { from: readonly BookingState[]; to: BookingState; by: readonly BookingActor[] }
>;
export type BookingTransitionName = keyof typeof bookingTransitions;

/**
 * A booking's state from its columns: paid wins, then the seller's decline, then the buyer's
 * cancel; otherwise open.
 */
export function bookingStateOf(order: {
  paid: boolean;
  declinedAt: unknown;
  cancelledAt: unknown;
}): BookingState {
  if (order.paid) return 'paid';
  if (order.declinedAt) return 'declined';
  if (order.cancelledAt) return 'cancelled';
  return 'open';
}

/**
 * The booking's next state when `actor` takes `name` from `from`: `same` when it is already
 * there (a repeat changes nothing), or the refusal (`not-yours`, `not-from-here`).
 */
export function bookingTransition(
  from: BookingState,
  name: BookingTransitionName,
  actor: BookingActor,
):
  | { ok: true; to: BookingState; same: boolean }
  | { ok: false; refusal: 'not-yours' | 'not-from-here' } {
  const rule = bookingTransitions[name];
  if (!(rule.by as readonly BookingActor[]).includes(actor)) {
    return { ok: false, refusal: 'not-yours' };
  }
  if (from === rule.to) return { ok: true, to: from, same: true };
  if (!(rule.from as readonly BookingState[]).includes(from)) {
    return { ok: false, refusal: 'not-from-here' };
  }
  return { ok: true, to: rule.to, same: false };
}

// ---------------------------------------------------------------------------------------------
// Viewing deposits (decision 0020)

/** Where a deposit stands (the database's `deposits.state`). */
export const depositStates = [
  'awaiting_card',
  'held',
  'releasing',
  'released',
  'capturing',
  'captured',
  'disputed',
  'refunding',
  'refunded',
  'kept',
  'void',
] as const;
export type DepositState = (typeof depositStates)[number];

/** Who acts on a deposit: the booking's buyer or seller, an admin, or the reconcile job. */
export type DepositActor = 'buyer' | 'seller' | 'admin' | 'system';

/** What one deposit state means. */
export interface DepositStateRecord {
  /** A provider call is under way (or was cut short): a retry or the sweep finishes it. */
  pending: boolean;
  /** Nothing more happens to it. */
  final: boolean;
  /** The buyer's words for it (My Orders). */
  buyerText: string;
  /** The seller's words for it (Bookings). */
  sellerText: string;
  /** The badge's colour. */
  tone: BadgeTone;
}

export const depositStateRecords = {
  awaiting_card: {
    pending: false,
    final: false,
    buyerText: 'Deposit not held yet',
    sellerText: 'Deposit not held yet: the buyer has not given a card',
    tone: 'ghost',
  },
  held: {
    pending: false,
    final: false,
    buyerText: 'Deposit held on your card',
    sellerText: "Deposit held on the buyer's card",
    tone: 'info',
  },
  releasing: {
    pending: true,
    final: false,
    buyerText: 'Deposit being released',
    sellerText: 'Deposit being released',
    tone: 'ghost',
  },
  released: {
    pending: false,
    final: true,
    buyerText: 'Deposit released',
    sellerText: 'Deposit released',
    tone: 'success',
  },
  capturing: {
    pending: true,
    final: false,
    buyerText: 'Deposit being taken',
    sellerText: 'Deposit being taken',
    tone: 'ghost',
  },
  captured: {
    pending: false,
    final: false,
    buyerText: 'Deposit kept by the seller',
    sellerText: 'Deposit captured for you',
    tone: 'warning',
  },
  disputed: {
    pending: false,
    final: false,
    buyerText: 'Deposit disputed: an admin decides',
    sellerText: 'Deposit disputed: an admin decides',
    tone: 'warning',
  },
  refunding: {
    pending: true,
    final: false,
    buyerText: 'Deposit being refunded',
    sellerText: 'Deposit being refunded',
    tone: 'ghost',
  },
  refunded: {
    pending: false,
    final: true,
    buyerText: 'Deposit refunded',
    sellerText: 'Deposit refunded to the buyer',
    tone: 'success',
  },
  kept: {
    pending: false,
    final: true,
    buyerText: 'Deposit kept by the seller: dispute rejected',
    sellerText: 'Deposit kept for you: dispute rejected',
    tone: 'warning',
  },
  void: {
    pending: false,
    final: true,
    buyerText: 'No deposit taken',
    sellerText: 'No deposit taken',
    tone: 'ghost',
  },
} as const satisfies Record<DepositState, DepositStateRecord>;

interface DepositRule {
  from: DepositState;
  /** The provider call's state in between, for a transition that calls the provider. */
  via?: DepositState;
  to: DepositState;
  by: readonly DepositActor[];
}

/** The named deposit transitions (decision 0020). */
export const depositTransitions = {
  /** The card authorised the hold (the buyer's confirmation, or the sweep finding it). */
  hold: { from: 'awaiting_card', to: 'held', by: ['buyer', 'system'] },
  /** Viewing happened (the seller), 6 days passed or the booking closed (the sweep). */
  release: { from: 'held', via: 'releasing', to: 'released', by: ['seller', 'system'] },
  /** The buyer did not come (the seller). */
  capture: { from: 'held', via: 'capturing', to: 'captured', by: ['seller'] },
  /** The buyer contests a capture within 7 days. */
  dispute: { from: 'captured', to: 'disputed', by: ['buyer'] },
  /** The admin gives it back. */
  refund: { from: 'disputed', via: 'refunding', to: 'refunded', by: ['admin'] },
  /** The admin upholds the capture. */
  keep: { from: 'disputed', to: 'kept', by: ['admin'] },
  /** The booking closed before any card held it. */
  void: { from: 'awaiting_card', to: 'void', by: ['system'] },
} as const satisfies Record<string, DepositRule>;
export type DepositTransitionName = keyof typeof depositTransitions;

/** The deposit states whose record passes `test`, in `depositStates` order. */
export function depositStatesWhere(test: (record: DepositStateRecord) => boolean): DepositState[] {
  return depositStates.filter((state) => test(depositStateRecords[state]));
}
