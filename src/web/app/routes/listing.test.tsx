/**
 * The listing page's actions for each viewer and listing state (decisions 0027, 0035, 0048): a
 * visitor's sentence and Login, a buyer's Book Now, Make an offer and Report, the owner's Edit and
 * state actions, and what a reserved, sold, expired, unavailable or gone listing says instead.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Listing } from '#contract/listings';
import type { Offer } from '#contract/offers';
import type { Order } from '#contract/orders';
import * as apiRoutes from '#contract/route-table';
import type { AuthUser } from '#web/lib/auth/auth-context';
import { answer, answerBeacons, refusal } from '#web/test-support/api';
import { buyer, ids, listing, offer, order, profile, seller } from '#web/test-support/fixtures';
import { answerRoles, renderWithProviders } from '#web/test-support/render';
import { ListingRoute } from './listing';

const name = 'Subaru Outback 2016';
const buyerSentence = 'Please login with buyer account for buy this product.';
const similar = [
  {
    _id: ids.otherListing,
    product_name: 'Subaru Forester 2017',
    product_image: '/uploads/forester.jpg',
    resell_price: 9900,
  },
];

interface PageOptions {
  /** The listing `GET /api/product/{id}` answers; a number answers that error status. */
  shown?: Listing | 404;
  user?: AuthUser | null;
  /** The viewer's offers (buyer's or seller's, by `role`). */
  offers?: Offer[];
  /** The buyer's bookings. */
  orders?: Order[];
}

/** The listing page of the fixtures' listing, with every call it makes answered. */
function renderListingPage({
  shown = listing(),
  user = null,
  offers = [],
  orders = [],
}: PageOptions = {}) {
  answerBeacons();
  answer(apiRoutes.getListing, shown === 404 ? refusal(404, 'Product not found') : shown);
  answer(apiRoutes.getSimilarListings, similar);
  answer(apiRoutes.productPriceGuidance, {
    count: 8,
    low: 7000,
    median: 8000,
    high: 9000,
    verdict: 'fair',
  });
  if (user) {
    answerRoles(['buyer', ...(user.uid === seller.uid ? (['seller'] as const) : [])]);
    answer(apiRoutes.getProfile, profile({ uid: user.uid, displayName: user.displayName }));
    answer(apiRoutes.getSellerContact, {
      seller_phone: '+1 303 555 0142',
      seller_email: seller.email,
    });
    answer(apiRoutes.favouriteIds, { ids: [] });
    answer(apiRoutes.listOffers, ({ query }) =>
      offers.filter((item) => item.role === query.get('role')),
    );
    answer(apiRoutes.listOwnOrders, orders);
    answer(apiRoutes.listSellerOrders, []);
  }
  return renderWithProviders(<ListingRoute />, {
    user,
    path: `/listing/${ids.listing}`,
    route: '/listing/:id',
  });
}

const heading = () => screen.findByRole('heading', { level: 1, name });
/** The page shown and every answer it asked for arrived (roles, offers, orders). */
async function pageShown(rendered: { settled(): Promise<void> }) {
  await heading();
  await rendered.settled();
}
const actions = () => screen.getByTestId('listing-actions');
const bookNow = () => screen.queryByRole('button', { name: `Book Now: ${name}` });
const makeOffer = () => screen.queryByRole('button', { name: 'Make an offer' });

describe('The listing page, for each viewer', () => {
  it("gives a visitor the spec's sentence and a Login link that comes back here", async () => {
    const page = renderListingPage();
    await pageShown(page);
    expect(screen.getByTestId('listing-price')).toHaveTextContent('$8,400');
    expect(screen.getByTestId('key-facts')).toHaveTextContent(
      /^2016 · 74,565 mi · Petrol · Automatic/,
    );
    expect(within(actions()).getByText(buyerSentence)).toBeVisible();
    expect(within(actions()).getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      `/login?from=${encodeURIComponent(`/listing/${ids.listing}`)}`,
    );
    expect(bookNow()).not.toBeInTheDocument();
    expect(makeOffer()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
    expect(screen.getByText(/to see the seller’s phone and e-mail\.$/)).toBeVisible();
  });

  it('gives a signed-in buyer Book Now, Make an offer, Report, Message seller and the contact', async () => {
    const page = renderListingPage({ user: buyer });
    const { user } = page;
    await pageShown(page);
    await waitFor(() => expect(bookNow()).toBeVisible());
    expect(makeOffer()).toBeVisible();
    expect(screen.getByRole('button', { name: `Report: ${name}` })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Message seller' })).toBeVisible();
    expect(screen.queryByText(buyerSentence)).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '+1 303 555 0142' })).toHaveAttribute(
      'href',
      'tel:+13035550142',
    );
    expect(screen.getByTestId('price-badge')).toHaveTextContent('Fair price');

    await user.click(bookNow()!);
    const modal = await screen.findByRole('dialog', { name });
    expect(within(modal).getByLabelText('Name')).toHaveValue(buyer.displayName);
  });

  it('shows a buyer their booking in place of Book Now', async () => {
    const page = renderListingPage({ user: buyer, orders: [order()] });
    await pageShown(page);
    expect(
      await screen.findByRole('link', { name: `Booked: ${name}. See My Orders` }),
    ).toHaveAttribute('href', '/user/buyer');
    expect(bookNow()).not.toBeInTheDocument();
  });

  it('shows a buyer their open offer in place of Make an offer', async () => {
    const page = renderListingPage({
      user: buyer,
      offers: [offer({ role: 'buyer', other_party: seller.displayName })],
    });
    await pageShown(page);
    expect(await screen.findByRole('heading', { name: 'Your offer' })).toBeVisible();
    expect(screen.getByRole('button', { name: `Withdraw the offer on ${name}` })).toBeVisible();
    await waitFor(() => expect(bookNow()).toBeVisible());
    expect(makeOffer()).not.toBeInTheDocument();
  });

  it('gives the owner Edit, the listing-state actions and the open offers, not the buyer’s actions', async () => {
    const page = renderListingPage({ user: seller, offers: [offer()] });
    await pageShown(page);
    const controls = await screen.findByTestId('owner-controls');
    expect(within(controls).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/user/seller/products/${ids.listing}/edit`,
    );
    expect(within(controls).getByRole('button', { name: 'Reserve' })).toBeVisible();
    expect(within(controls).getByRole('button', { name: 'Sold elsewhere' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Open offers (1)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Accept the offer from Bea Buyer' })).toBeVisible();
    expect(bookNow()).not.toBeInTheDocument();
    expect(makeOffer()).not.toBeInTheDocument();
    expect(screen.queryByText(buyerSentence)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save to favourites' })).not.toBeInTheDocument();
  });
});

describe('The listing page, for each listing state', () => {
  it('says a reserved listing is reserved, and offers no booking or offer', async () => {
    const page = renderListingPage({ shown: listing({ listing_status: 'reserved' }), user: buyer });
    await pageShown(page);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Reserved');
    expect(status).toHaveTextContent('This listing is reserved for a buyer.');
    expect(bookNow()).not.toBeInTheDocument();
    expect(makeOffer()).not.toBeInTheDocument();
    // Still on the market: no similar listings in its place.
    expect(screen.queryByRole('region', { name: 'Similar listings' })).not.toBeInTheDocument();
  });

  it('says SOLD OUT for a sold listing, with no booking, offer or message, and similar listings', async () => {
    const page = renderListingPage({
      shown: listing({ listing_status: 'sold', order_status: true, sold_price: 8100 }),
      user: buyer,
    });
    await pageShown(page);
    expect(screen.getByText('SOLD OUT')).toBeVisible();
    expect(bookNow()).not.toBeInTheDocument();
    expect(makeOffer()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message seller' })).not.toBeInTheDocument();
    const region = await screen.findByRole('region', { name: 'Similar listings' });
    expect(within(region).getByRole('link', { name: /Subaru Forester 2017/ })).toHaveAttribute(
      'href',
      `/listing/${ids.otherListing}`,
    );
  });

  it('says an expired listing has expired, and shows similar listings', async () => {
    const page = renderListingPage({ shown: listing({ listing_status: 'expired' }), user: buyer });
    await pageShown(page);
    expect(screen.getByRole('status')).toHaveTextContent('This listing has expired');
    expect(bookNow()).not.toBeInTheDocument();
    expect(makeOffer()).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Similar listings' })).toBeVisible();
  });

  it('says a listing taken off the market is off the market, and shows similar listings', async () => {
    const page = renderListingPage({
      shown: listing({ listing_status: 'unavailable', unavailable: true }),
      user: buyer,
    });
    await pageShown(page);
    expect(screen.getByRole('status')).toHaveTextContent('This listing is off the market for now.');
    expect(bookNow()).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Similar listings' })).toBeVisible();
  });

  it('says a listing that is gone is no longer available, with similar listings', async () => {
    renderListingPage({ shown: 404 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Uh-oh!' })).toBeVisible();
    expect(screen.getByText('This listing is no longer available')).toBeVisible();
    const region = await screen.findByRole('region', { name: 'Similar listings' });
    expect(within(region).getAllByRole('link')).not.toHaveLength(0);
  });

  it('shows an active listing’s refundable deposit and how long it has been listed', async () => {
    const page = renderListingPage({
      shown: listing({
        deposit: 150,
        days_on_market: 1,
        price_history: [
          { price: 8900, at: '2025-03-01T10:00:00.000Z' },
          { price: 8400, at: '2025-03-05T14:30:00.000Z' },
        ],
      }),
    });
    await pageShown(page);
    expect(screen.getByTestId('listing-deposit')).toHaveTextContent(
      'Refundable viewing deposit: $150',
    );
    expect(screen.getByTestId('listing-age')).toHaveTextContent('Listed 1 day ago');
    expect(screen.getByRole('list', { name: 'Price history' })).toHaveTextContent(
      /^Price reduced from \$8,900 on Mar 5, 2025$/,
    );
  });
});
