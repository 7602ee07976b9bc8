import { describe, expect, it } from 'vitest';
import { readSearchState } from './search-params';
import { searchChips, searchHeading, withoutChip, withoutFilters } from './search-summary';

const state = (query: string) => readSearchState(new URLSearchParams(query));

describe('searchHeading', () => {
  it('says "All listings" only when nothing is filtered (the order does not count)', () => {
    expect(searchHeading(state(''))).toBe('All listings');
    expect(searchHeading(state('sort=price_asc'))).toBe('All listings');
    expect(searchHeading(state('radius_km=50'))).toBe('All listings');
    expect(searchHeading(state('make=Toyota'))).not.toBe('All listings');
  });

  it('names a keyword alone as search results for it', () => {
    expect(searchHeading(state('q=red'))).toBe('Search results for "red"');
  });

  it('names the make and model with the price range', () => {
    expect(searchHeading(state('make=Toyota&model=Corolla&max_price=10000'))).toBe(
      'Toyota Corolla under $10,000',
    );
    expect(searchHeading(state('make=Honda&min_price=5000'))).toBe('Honda over $5,000');
    expect(searchHeading(state('min_price=5000&max_price=9999.5'))).toBe(
      'Listings between $5,000 and $9,999.50',
    );
  });

  it('names a category and a place by the names given, and stays general without them', () => {
    expect(
      searchHeading(state('category=c1&near=4671654'), { category: 'Sedans', place: 'Austin' }),
    ).toBe('Sedans within 50 km of Austin');
    expect(searchHeading(state('category=c1&near=4671654'))).toBe(
      'Listings in the chosen category within 50 km',
    );
    expect(searchHeading(state('lat=30.2&lon=-97.7'))).toBe(
      'Listings within 50 km of your location',
    );
    expect(searchHeading(state('make=Toyota&category=c1'), { category: 'Sedan' })).toBe(
      'Toyota in Sedan',
    );
  });

  it('puts fuel and transmission first and the other filters and a keyword after', () => {
    expect(
      searchHeading(
        state(
          'q=red&make=Toyota&fuel_type=Diesel&transmission=Manual&condition=Good&min_year=2015&max_year=2020&max_mileage=120000&verified=true',
        ),
      ),
    ).toBe(
      'Manual Diesel Toyota in Good condition from 2015 to 2020 under 120,000 km from verified sellers matching "red"',
    );
    expect(searchHeading(state('fuel_type=Electric'))).toBe('Electric listings');
    expect(searchHeading(state('max_year=2010'))).toBe('Listings up to 2010');
    expect(searchHeading(state('make=Ford&seller_type=business'))).toBe('Ford from dealers');
    expect(searchHeading(state('seller_type=private'))).toBe('Listings from private sellers');
  });
});

describe('the radius and kind in words', () => {
  it('says the radius applied in the viewer unit, as the URL holds it or converted exactly', () => {
    const miles = state('kind=vehicles&near=4671654&radius_mi=25');
    expect(searchHeading(miles, { place: 'Austin', unit: 'mi' })).toBe(
      'Vehicles within 25 mi of Austin',
    );
    expect(searchHeading(miles, { place: 'Austin', unit: 'km' })).toBe(
      'Vehicles within 40.2 km of Austin',
    );
    // The API's default radius (50 km) seen in miles is 31.1 mi, not the nearest choice.
    expect(searchChips(state('near=4671654'), { place: 'Austin', unit: 'mi' })).toEqual([
      { key: 'centre', label: 'Within 31.1 mi of Austin' },
    ]);
    expect(searchChips(state('kind=parts'))).toEqual([
      { key: 'kind', label: 'Parts and accessories' },
    ]);
    expect(searchHeading(state('kind=parts'))).toBe('Parts and accessories');
  });
});

describe('searchChips', () => {
  it('makes one chip per active filter, in the URL order, a centre as one chip', () => {
    const chips = searchChips(
      state('max_price=10000&make=Toyota&q=red&near=4671654&radius_km=50&verified=true'),
      { place: 'Austin' },
    );
    expect(chips).toEqual([
      { key: 'q', label: '"red"' },
      { key: 'make', label: 'Toyota' },
      { key: 'max_price', label: 'Under $10,000' },
      { key: 'verified', label: 'Verified sellers' },
      { key: 'centre', label: 'Within 50 km of Austin' },
    ]);
    expect(searchChips(state('sort=price_asc'))).toEqual([]);
    expect(searchChips(state('seller_type=business'))).toEqual([
      { key: 'seller_type', label: 'Dealers' },
    ]);
    expect(searchChips(state('seller_type=private'))).toEqual([
      { key: 'seller_type', label: 'Private sellers' },
    ]);
  });

  it('removes one chip, or all; removing the centre drops a nearest-first order', () => {
    const before = state('make=Toyota&max_price=10000&near=1&radius_km=50');
    expect(withoutChip(before, 'make')).toEqual({
      filters: { max_price: '10000' },
      centre: { near: '1', radius_km: '50' },
      sort: 'distance',
    });
    expect(withoutChip(before, 'centre')).toEqual({
      filters: { make: 'Toyota', max_price: '10000' },
      sort: 'newest',
    });
    expect(withoutFilters(state('make=Toyota&sort=price_asc'))).toEqual({
      filters: {},
      sort: 'price_asc',
    });
  });
});
