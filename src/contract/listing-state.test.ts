/**
 * The listing-state module (decision 0053): every state has its record and the records agree
 * with the transition table; the table names only states and actors, every state is reachable
 * from the one a listing is published in, and `transition` refuses what the table or a guard
 * refuses.
 */
import { describe, expect, it } from 'vitest';
import {
  effectiveListingStatus,
  initialListingStatus,
  listingActors,
  listingStates,
  listingStatuses,
  listingTransitionNames,
  listingTransitions,
  sellerListingStatuses,
  statesWhere,
  transition,
  transitionTo,
  type ListingStatus,
} from './listing-state.js';

/** The table's rows, widened from their literal tuples so that any state or actor can be looked up. */
interface Rule {
  name: (typeof listingTransitionNames)[number];
  from: readonly ListingStatus[];
  to: ListingStatus | 'previous';
  by: readonly string[];
}
const rules = listingTransitionNames.map((name): Rule => ({
  name,
  from: listingTransitions[name].from,
  to: listingTransitions[name].to,
  by: listingTransitions[name].by,
}));

describe('the listing states', () => {
  it('have exactly one record each', () => {
    expect(Object.keys(listingStates).sort()).toEqual([...listingStatuses].sort());
  });

  it('are consistent in what they allow', () => {
    for (const status of listingStatuses) {
      const record = listingStates[status];
      // Bookable and offerable listings are on the market; the market is in the catalogue.
      if (record.bookable || record.offerable) expect(record.onMarket, status).toBe(true);
      if (record.onMarket) expect(record.inCatalogue, status).toBe(true);
      // A refusal text exactly where the action is refused.
      expect(record.refusal.booking === null, status).toBe(record.bookable);
      expect(record.refusal.offer === null, status).toBe(record.offerable);
      expect(record.refusal.payment === null, status).toBe(record.purchasable);
      // Payable exactly where a paid order's `markSold` starts.
      expect(listingTransitions.markSold.from.includes(status as never), status).toBe(
        record.purchasable,
      );
      // On the market never ended; a listing without a page is off the market.
      if (record.onMarket) expect(record.ended, status).toBe(false);
      if (!record.hasPage) expect(record.onMarket, status).toBe(false);
      expect(record.availability).toMatch(/^https:\/\/schema\.org\/[A-Z][A-Za-z]+$/);
    }
  });

  it('offer the seller only the actions the table gives the seller from that state', () => {
    for (const status of listingStatuses) {
      for (const action of listingStates[status].sellerActions) {
        if (action === 'renew') {
          // Renewing keeps a listing where it is, or relists an expired one.
          expect(['sold', 'removed'], status).not.toContain(status);
          continue;
        }
        const rule = listingTransitions[action];
        expect(rule.from as readonly string[], `${status} ${action}`).toContain(status);
        expect(rule.by as readonly string[], `${status} ${action}`).toContain('seller');
      }
    }
  });

  it('let a seller ask by name for exactly the states a seller transition leads to', () => {
    const reachable = listingStatuses.filter((status) =>
      rules.some((rule) => rule.to === status && rule.by.includes('seller')),
    );
    expect(sellerListingStatuses).toEqual(reachable);
    expect(sellerListingStatuses).toEqual(['active', 'reserved', 'sold', 'unavailable']);
  });

  it('generate the on-market and catalogue sets from the records', () => {
    expect(statesWhere((r) => r.onMarket)).toEqual(['active', 'reserved']);
    expect(statesWhere((r) => r.inCatalogue)).toEqual(['active', 'reserved', 'sold']);
    expect(statesWhere((r) => r.bookable)).toEqual(['active']);
  });
});

describe('the transition table', () => {
  it('names only states and actors, and leaves every state it starts from', () => {
    for (const rule of rules) {
      expect(rule.from.length, rule.name).toBeGreaterThan(0);
      for (const from of rule.from) expect(listingStatuses, rule.name).toContain(from);
      if (rule.to !== 'previous') {
        expect(listingStatuses, rule.name).toContain(rule.to);
        expect(rule.from, `${rule.name} goes somewhere else`).not.toContain(rule.to);
      }
      expect(rule.by.length, rule.name).toBeGreaterThan(0);
      for (const actor of rule.by) expect(listingActors, rule.name).toContain(actor);
    }
  });

  it('reaches every state from the one a listing is published in, and back out of each', () => {
    const reached = new Set<ListingStatus>([initialListingStatus]);
    for (let grown = true; grown;) {
      grown = false;
      for (const rule of rules) {
        if (rule.to === 'previous' || reached.has(rule.to)) continue;
        if (rule.from.some((from) => reached.has(from))) {
          reached.add(rule.to);
          grown = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...listingStatuses].sort());
    // No dead end: every state has a way out (a removal is reversed by `restore`).
    for (const status of listingStatuses) {
      expect(
        rules.some((rule) => rule.from.includes(status)),
        status,
      ).toBe(true);
    }
  });

  it('finds the transition to a state a seller names, and none where there is none', () => {
    expect(transitionTo('reserved', 'active', 'seller')).toBe('release');
    expect(transitionTo('unavailable', 'active', 'seller')).toBe('putBack');
    expect(transitionTo('sold', 'active', 'seller')).toBe('unmarkSold');
    expect(transitionTo('expired', 'active', 'seller')).toBe('relist');
    expect(transitionTo('active', 'sold', 'seller')).toBe('markSoldElsewhere');
    expect(transitionTo('active', 'sold', 'deal')).toBe('markSold');
    expect(transitionTo('expired', 'reserved', 'seller')).toBeNull();
    expect(transitionTo('removed', 'active', 'admin')).toBeNull();
  });
});

describe('transition(from, name, actor, facts)', () => {
  it('answers the next state, or why not', () => {
    expect(transition('active', 'reserve', 'seller')).toEqual({
      ok: true,
      to: 'reserved',
      heldFor: null,
    });
    expect(transition('sold', 'reserve', 'seller')).toEqual({
      ok: false,
      refusal: 'not-from-here',
    });
    expect(transition('active', 'reserve', 'deal')).toEqual({ ok: false, refusal: 'not-yours' });
  });

  it('holds a reservation for the accepted offer’s order, and lets only that order end it', () => {
    const held = transition('active', 'reserveForBuyer', 'deal', { order: 'order-1' });
    expect(held).toEqual({ ok: true, to: 'reserved', heldFor: 'order-1' });
    const facts = { heldFor: 'order-1' };
    // The seller and the expiry job wait for the deal.
    for (const name of ['release', 'takeOffMarket', 'markSoldElsewhere'] as const) {
      expect(transition('reserved', name, 'seller', facts)).toEqual({
        ok: false,
        refusal: 'held-for-buyer',
      });
    }
    expect(transition('reserved', 'expire', 'system', facts)).toEqual({
      ok: false,
      refusal: 'held-for-buyer',
    });
    // Another order can neither pay nor release it; its own order can do both.
    expect(transition('reserved', 'markSold', 'deal', { ...facts, order: 'order-2' })).toEqual({
      ok: false,
      refusal: 'held-for-another',
    });
    expect(transition('reserved', 'release', 'deal', { ...facts, order: 'order-2' })).toEqual({
      ok: false,
      refusal: 'not-held-by-order',
    });
    expect(transition('reserved', 'markSold', 'deal', { ...facts, order: 'order-1' })).toEqual({
      ok: true,
      to: 'sold',
      heldFor: null,
    });
    expect(transition('reserved', 'release', 'deal', { ...facts, order: 'order-1' })).toEqual({
      ok: true,
      to: 'active',
      heldFor: null,
    });
    // A seller's own reservation: the seller releases it, an order's falling through does not.
    expect(transition('reserved', 'release', 'seller').ok).toBe(true);
    expect(transition('reserved', 'release', 'deal', { order: 'order-1' }).ok).toBe(false);
    // Moderation ends any reservation.
    expect(transition('reserved', 'remove', 'admin', facts)).toEqual({
      ok: true,
      to: 'removed',
      heldFor: null,
    });
  });

  it('keeps the other guards: a paid sale, a relist without expiry, a restore without a state', () => {
    expect(transition('sold', 'unmarkSold', 'seller', { paidThroughUs: true })).toEqual({
      ok: false,
      refusal: 'paid-through-us',
    });
    expect(transition('sold', 'unmarkSold', 'seller').ok).toBe(true);
    expect(transition('sold', 'refundSale', 'deal', { order: 'o' }).ok).toBe(true);
    expect(transition('expired', 'relist', 'seller')).toEqual({
      ok: false,
      refusal: 'no-new-expiry',
    });
    expect(transition('removed', 'restore', 'admin', { previous: 'expired' })).toEqual({
      ok: true,
      to: 'expired',
      heldFor: null,
    });
    expect(transition('removed', 'restore', 'admin')).toEqual({
      ok: false,
      refusal: 'no-previous',
    });
  });

  it('counts a deleted listing as removed', () => {
    expect(effectiveListingStatus('active', true)).toBe('removed');
    expect(effectiveListingStatus('reserved', false)).toBe('reserved');
  });
});
