import { describe, expect, it } from 'vitest';
import {
  apiSearchQuery,
  radiusIn,
  radiusOf,
  readSearchState,
  resultsText,
  showResultsText,
  withCentre,
  writeSearchState,
} from './search-params';

describe('search URL state', () => {
  it('reads known, non-empty parameters and a known sort', () => {
    const state = readSearchState(
      new URLSearchParams('q=%20corolla%20&make=&bogus=1&max_price=9000&sort=price_asc'),
    );
    expect(state).toEqual({ filters: { q: 'corolla', max_price: '9000' }, sort: 'price_asc' });
    expect(readSearchState(new URLSearchParams('sort=cheapest')).sort).toBe('newest');
  });

  it('keeps the seller type private or business, and drops any other value', () => {
    expect(readSearchState(new URLSearchParams('seller_type=business')).filters).toEqual({
      seller_type: 'business',
    });
    expect(readSearchState(new URLSearchParams('seller_type=private')).filters).toEqual({
      seller_type: 'private',
    });
    for (const other of ['robot', 'constructor', 'Business'])
      expect(readSearchState(new URLSearchParams(`seller_type=${other}`)).filters).toEqual({});
    expect(
      writeSearchState({ filters: { seller_type: 'business', verified: 'true' }, sort: 'newest' }),
    ).toBe('verified=true&seller_type=business');
  });

  it('writes them back in a stable order, leaving out the default sort', () => {
    expect(writeSearchState({ filters: { max_price: '9000', q: 'civic' }, sort: 'newest' })).toBe(
      'q=civic&max_price=9000',
    );
    expect(writeSearchState({ filters: {}, sort: 'year_desc' })).toBe('sort=year_desc');
  });

  it('shows exact counts as "N results" and estimates (past 1,000 matches) as "About N results"', () => {
    expect(resultsText(0, false)).toBe('0 results');
    expect(resultsText(1, false)).toBe('1 result');
    expect(resultsText(1000, false)).toBe('1,000 results');
    expect(resultsText(25000, true)).toBe('About 25,000 results');
  });

  it('words the filters sheet button the same way: "Show N results"', () => {
    expect(showResultsText(0, false)).toBe('Show 0 results');
    expect(showResultsText(1, false)).toBe('Show 1 result');
    expect(showResultsText(1234, false)).toBe('Show 1,234 results');
    expect(showResultsText(25000, true)).toBe('Show about 25,000 results');
  });

  it('keeps a centre and radius in the URL with the API names; nearest first only with a centre', () => {
    const state = readSearchState(new URLSearchParams('near=4671654&radius_km=80.5&sort=distance'));
    expect(state).toEqual({
      filters: {},
      centre: { near: '4671654', radius_km: '80.5' },
      sort: 'distance',
    });
    expect(writeSearchState(state)).toBe('near=4671654&radius_km=80.5');
    expect(readSearchState(new URLSearchParams('sort=distance')).sort).toBe('newest');
    expect(readSearchState(new URLSearchParams('lat=30.2&lon=-97.7&sort=distance')).sort).toBe(
      'distance',
    );
  });

  it('sorts nearest first with a centre unless another order is named, and writes newest then', () => {
    expect(readSearchState(new URLSearchParams('near=1')).sort).toBe('distance');
    const newest = readSearchState(new URLSearchParams('near=1&sort=newest'));
    expect(newest.sort).toBe('newest');
    expect(writeSearchState(newest)).toBe('near=1&sort=newest');
    expect(writeSearchState({ filters: {}, sort: 'newest' })).toBe('');
  });

  it('choosing a place sorts nearest first unless an order was chosen; removing it falls back', () => {
    const plain = readSearchState(new URLSearchParams('kind=vehicles'));
    expect(withCentre(plain, { near: '1', radius_mi: '25' }).sort).toBe('distance');
    const cheap = readSearchState(new URLSearchParams('sort=price_asc'));
    expect(withCentre(cheap, { near: '1' }).sort).toBe('price_asc');
    const near = readSearchState(new URLSearchParams('near=1'));
    expect(withCentre(near, {})).toEqual({ filters: {}, sort: 'newest' });
  });

  it('keeps a radius in miles in the URL and sends its exact kilometres to the API', () => {
    const state = readSearchState(new URLSearchParams('near=1&radius_mi=25&kind=vehicles'));
    expect(radiusOf(state)).toEqual({ value: 25, unit: 'mi' });
    expect(apiSearchQuery(state)).toEqual({
      kind: 'vehicles',
      near: '1',
      radius_km: '40.234',
      sort: 'distance',
    });
    expect(radiusIn({ value: 40.234, unit: 'km' }, 'mi')).toBe(25);
    expect(radiusIn({ value: 50, unit: 'km' }, 'mi')).toBe(31.1);
    expect(readSearchState(new URLSearchParams('kind=boats')).filters).toEqual({});
  });
});
