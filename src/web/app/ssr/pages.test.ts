/** Decision 0015: a listing's schema.org JSON-LD — Car or Product, its Offer and availability. */
import { describe, expect, it } from 'vitest';
import type { Listing } from '#contract/listings';
import { listingJsonLd, planPage, renderedPaths, truncate } from './pages';

const listing = {
  _id: 'l1',
  product_name: 'Toyota Corolla',
  product_description: 'Clean.',
  product_image: '/uploads/a.webp',
  product_images: ['/uploads/a.webp', '/uploads/b.webp'],
  category_name: 'Sedan',
  category_holds_vehicles: true,
  resell_price: 11900,
  order_status: false,
  listing_status: 'active',
  seller_name: 'Sam',
  make: 'Toyota',
  model: 'Corolla',
  model_year: 2016,
  mileage_km: 155100,
  fuel_type: 'Petrol',
  transmission: 'Automatic',
  body_type: null,
  color: null,
  vin: null,
} as unknown as Listing;

describe('listingJsonLd', () => {
  it('describes a vehicle as a Car with an in-stock Offer in USD', () => {
    expect(listingJsonLd(listing, '/listing/l1')).toMatchObject({
      '@type': 'Car',
      brand: { '@type': 'Brand', name: 'Toyota' },
      model: 'Corolla',
      vehicleModelDate: '2016',
      mileageFromOdometer: { value: 155100, unitCode: 'KMT' },
      image: ['/uploads/a.webp', '/uploads/b.webp'],
      offers: {
        price: '11900.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('describes a part as a Product, and a sold listing as SoldOut', () => {
    const part = listingJsonLd(
      { ...listing, category_holds_vehicles: false, order_status: true, listing_status: 'sold' },
      '/listing/l1',
    );
    expect(part['@type']).toBe('Product');
    expect(part).not.toHaveProperty('mileageFromOdometer');
    expect(part.offers).toMatchObject({ availability: 'https://schema.org/SoldOut' });
  });

  it('says a reserved listing is still offered, but promised', () => {
    const reserved = listingJsonLd({ ...listing, listing_status: 'reserved' }, '/listing/l1');
    expect(reserved.offers).toMatchObject({
      availability: 'https://schema.org/LimitedAvailability',
    });
  });
});

describe('planPage', () => {
  it('renders the public pages on the server and leaves the rest to the browser', () => {
    for (const path of [
      '/',
      '/blogs',
      '/search?q=a',
      '/listing/x',
      '/seller/u',
      '/login',
      '/registration',
      '/forgot-password',
      '/accessibility',
    ]) {
      expect(planPage(new URL(path, 'http://x')), path).not.toBeNull();
    }
    for (const path of [
      '/category/x',
      '/user/buyer',
      '/payment/x',
      '/reset-password',
      '/messages',
    ]) {
      expect(planPage(new URL(path, 'http://x')), path).toBeNull();
    }
  });
});

describe('renderedPaths', () => {
  it('has a plan for every route the server registers', () => {
    for (const pattern of renderedPaths) {
      const path = pattern.replace(/:\w+/g, 'x');
      expect(planPage(new URL(path, 'http://x')), pattern).not.toBeNull();
    }
  });
});

describe('truncate', () => {
  it('cuts at a word boundary with an ellipsis', () => {
    expect(truncate('one two three four', 12)).toBe('one two…');
    expect(truncate('  short  text ')).toBe('short text');
  });
});
