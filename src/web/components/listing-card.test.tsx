/**
 * The one listing card (decision 0036): what it says in its full and compact layouts, the price,
 * the mileage and distance in the viewer's unit, the seller's type and rating, and the state
 * badge of each listing state.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListingStatus } from '#contract/entities';
import { writeRememberedCentre } from '#web/lib/places';
import { UNIT_STORAGE_KEY } from '#web/lib/units';
import { ids, productCard, searchItem, seller, trader } from '#web/test-support/fixtures';
import { renderWithProviders } from '#web/test-support/render';
import { ListingCard } from './listing-card';
import { UnitSwitch } from './unit-switch';

const card = () => screen.getByTestId('listing-card');
const facts = () => screen.getByTestId('listing-card-facts');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ListingCard, the whole card', () => {
  it('names the listing with a link to its page, its price, facts, condition, place and seller', () => {
    renderWithProviders(<ListingCard product={productCard()} />);
    expect(screen.getByRole('heading', { name: 'Subaru Outback 2016' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Subaru Outback 2016' })).toHaveAttribute(
      'href',
      `/listing/${ids.listing}`,
    );
    expect(screen.getByTestId('listing-card-price')).toHaveTextContent(/^\$8,400$/);
    // An en-US viewer reads miles (decision 0036).
    expect(facts()).toHaveTextContent(/^2016 · 74,565 mi · Petrol · Automatic$/);
    expect(within(card()).getByText('Good', { exact: true })).toBeVisible();
    expect(screen.getByTestId('listing-card-location')).toHaveTextContent(/^Denver$/);
    expect(within(card()).getByRole('link', { name: seller.displayName })).toHaveAttribute(
      'href',
      `/seller/${seller.uid}`,
    );
    expect(screen.getByTestId('seller-type')).toHaveTextContent('Private seller');
    // The photo's box is reserved at 4:3 before it loads.
    const photo = screen.getByRole('img', { name: 'Subaru Outback 2016' });
    expect(photo).toHaveAttribute('width', '640');
    expect(photo).toHaveAttribute('height', '480');
    // Not the category page: no original price, no years of use.
    expect(card()).not.toHaveTextContent('Original price');
    expect(card()).not.toHaveTextContent('Years of use');
  });

  it('keeps the spec fields on the category page: original price struck through, years of use', () => {
    renderWithProviders(<ListingCard product={productCard()} specFields />);
    expect(card()).toHaveTextContent('Original price: $21,000');
    expect(within(card()).getByText('$21,000').tagName).toBe('S');
    expect(card()).toHaveTextContent('Years of use9');
  });

  it('says when a car was listed without its original price', () => {
    renderWithProviders(<ListingCard product={productCard({ original_price: null })} specFields />);
    expect(card()).toHaveTextContent(/Original price: not given/i);
  });

  it('shows only the facts a listing has, and none for a part', () => {
    const { unmount } = renderWithProviders(
      <ListingCard product={productCard({ fuel_type: null, transmission: null })} />,
    );
    expect(facts()).toHaveTextContent(/^2016 · 74,565 mi$/);
    unmount();
    renderWithProviders(
      <ListingCard
        product={productCard({
          model_year: null,
          mileage_km: null,
          fuel_type: null,
          transmission: null,
        })}
      />,
    );
    expect(facts()).toHaveTextContent(/^$/);
  });

  it('leaves the seller out on their own profile', () => {
    renderWithProviders(<ListingCard product={productCard()} showSeller={false} />);
    expect(screen.queryByTestId('listing-card-seller')).not.toBeInTheDocument();
    expect(screen.queryByTestId('seller-type')).not.toBeInTheDocument();
    expect(card()).not.toHaveTextContent(seller.displayName);
  });

  it("names a dealer by its legal name, and gives the seller's stars and review count", () => {
    renderWithProviders(
      <ListingCard
        product={productCard({
          seller_type: 'business',
          trader: trader(),
          seller_rating: { average: 4.5, count: 2 },
        })}
      />,
    );
    expect(screen.getByTestId('seller-type')).toHaveTextContent('Dealer · Mile High Motors LLC');
    expect(screen.getByRole('img', { name: '4.5 out of 5 stars from 2 reviews' })).toBeVisible();
  });

  it('puts the heart in the photo and the footer in place of the state badge', () => {
    renderWithProviders(
      <ListingCard
        product={productCard({ listing_status: 'reserved' })}
        favouriteAction={<button type="button">Save to favourites</button>}
        footer={<button type="button">Book Now</button>}
      />,
    );
    expect(within(card()).getByRole('button', { name: 'Save to favourites' })).toBeVisible();
    expect(within(card()).getByRole('button', { name: 'Book Now' })).toBeVisible();
    expect(within(card()).queryByText('Reserved')).not.toBeInTheDocument();
  });
});

describe('ListingCard, mileage and distance in the viewer unit', () => {
  it('shows kilometres once the viewer chose them', () => {
    localStorage.setItem(UNIT_STORAGE_KEY, 'km');
    renderWithProviders(<ListingCard product={searchItem({ distance_km: 12.3 })} />);
    expect(facts()).toHaveTextContent(/^2016 · 120,000 km · Petrol · Automatic$/);
    expect(screen.getByTestId('distance')).toHaveTextContent(/^12 km away$/);
  });

  it('shows kilometres by default in a kilometre locale (de-DE), miles in en-US', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    renderWithProviders(
      <>
        <ListingCard product={productCard()} />
        <UnitSwitch />
      </>,
    );
    expect(facts()).toHaveTextContent(/^2016 · 120,000 km · Petrol · Automatic$/);
    expect(screen.getByRole('radio', { name: 'km' })).toBeChecked();
  });

  it('follows the km | mi switch at once', async () => {
    const { user } = renderWithProviders(
      <>
        <ListingCard product={searchItem({ distance_km: 12.3 })} />
        <UnitSwitch />
      </>,
    );
    expect(screen.getByRole('radio', { name: 'mi' })).toBeChecked();
    expect(screen.getByTestId('distance')).toHaveTextContent(/^7\.6 mi away$/);
    await user.click(screen.getByRole('radio', { name: 'km' }));
    expect(facts()).toHaveTextContent(/^2016 · 120,000 km · Petrol · Automatic$/);
    expect(screen.getByTestId('distance')).toHaveTextContent(/^12 km away$/);
    expect(localStorage.getItem(UNIT_STORAGE_KEY)).toBe('km');
  });

  it('says "Under 1 mi away" for a listing in the viewer’s own town', () => {
    renderWithProviders(<ListingCard product={searchItem({ distance_km: 0 })} />);
    expect(screen.getByTestId('distance')).toHaveTextContent(/^Under 1 mi away$/);
  });

  it('measures from the remembered centre when the answer carries no distance', () => {
    // Boulder, about 40 km from Denver's centre.
    writeRememberedCentre({ kind: 'position', lat: 40.01499, lon: -105.27055 });
    renderWithProviders(<ListingCard product={productCard()} />);
    expect(screen.getByTestId('distance')).toHaveTextContent(/^2\d mi away$/);
  });

  it('shows no distance without a centre', () => {
    renderWithProviders(<ListingCard product={productCard()} />);
    expect(screen.queryByTestId('distance')).not.toBeInTheDocument();
  });
});

describe('ListingCard, the state badge of each listing state', () => {
  const badges = ['SOLD OUT', 'Reserved'];
  const cases: [ListingStatus, Partial<Parameters<typeof productCard>[0]>, string | null][] = [
    ['active', {}, null],
    ['reserved', {}, 'Reserved'],
    ['sold', { order_status: true }, 'SOLD OUT'],
    // Off the market: not in search or category lists, and no badge that says sold or reserved.
    ['unavailable', {}, null],
    ['expired', {}, null],
    ['removed', {}, null],
  ];

  it.each(cases)('%s', (status, fields, badge) => {
    renderWithProviders(
      <ListingCard product={productCard({ listing_status: status, ...fields })} />,
    );
    for (const text of badges) {
      if (text === badge) expect(within(card()).getByText(text, { exact: true })).toBeVisible();
      else expect(within(card()).queryByText(text, { exact: true })).not.toBeInTheDocument();
    }
  });
});

describe('ListingCard, compact (a phone’s List view)', () => {
  it('keeps name, price, year · mileage · fuel, place, distance and the seller type', () => {
    renderWithProviders(<ListingCard product={searchItem({ distance_km: 12.3 })} compact />);
    expect(card()).toHaveAttribute('data-compact', 'true');
    expect(screen.getByRole('link', { name: 'Subaru Outback 2016' })).toBeVisible();
    expect(screen.getByTestId('listing-card-price')).toHaveTextContent('$8,400');
    expect(facts()).toHaveTextContent(/^2016 · 74,565 mi · Petrol/);
    expect(screen.getByTestId('listing-card-location')).toHaveTextContent('Denver · 7.6 mi away');
    // A buyer is owed "private or dealer" on every card (Consumer Rights Directive Art. 6a).
    expect(screen.getByTestId('seller-type')).toHaveTextContent('Private seller');
  });

  it('leaves condition, date, seller and gearbox to the listing page below the sm breakpoint, but not the category page’s spec fields', () => {
    // The layout is CSS (Tailwind's max-sm: variant), which happy-dom does not apply: this reads
    // the classes; the browser suite's search-phone.spec.ts measures the cards on a phone.
    const { unmount } = renderWithProviders(<ListingCard product={productCard()} compact />);
    const hiddenOnPhone = (text: string) =>
      within(card()).getByText(text, { exact: true }).classList.contains('max-sm:hidden');
    expect(hiddenOnPhone('Condition')).toBe(true);
    expect(hiddenOnPhone('Posted')).toBe(true);
    expect(hiddenOnPhone('· Automatic')).toBe(true);
    expect(screen.getByTestId('listing-card-seller')).toHaveClass('max-sm:hidden');
    unmount();
    renderWithProviders(<ListingCard product={productCard()} compact specFields />);
    expect(hiddenOnPhone('Condition')).toBe(false);
    expect(screen.getByTestId('listing-card-seller')).not.toHaveClass('max-sm:hidden');
  });

  it('is the whole card without `compact`', () => {
    renderWithProviders(<ListingCard product={productCard()} />);
    expect(card()).not.toHaveAttribute('data-compact');
    expect(within(card()).getByText('Condition')).not.toHaveClass('max-sm:hidden');
  });
});
