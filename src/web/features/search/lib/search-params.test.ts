import { describe, expect, it } from 'vitest';
import { readSearchState, resultsText, showResultsText, writeSearchState } from './search-params';

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
    expect(writeSearchState(state)).toBe('near=4671654&radius_km=80.5&sort=distance');
    expect(readSearchState(new URLSearchParams('sort=distance')).sort).toBe('newest');
    expect(readSearchState(new URLSearchParams('lat=30.2&lon=-97.7&sort=distance')).sort).toBe(
      'distance',
    );
  });
});
