/**
 * The search page's filters (decisions 0012, 0026, 0047): applied and cleared in the URL and the
 * API's query, what the search holds (All, Vehicles, Parts and accessories), the place and its
 * radius in the viewer's unit, "Use my location", and the phone's filters sheet.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { locationMessages } from '#contract/places';
import * as apiRoutes from '#contract/route-table';
import type { SearchFacets } from '#contract/search';
import { answer, answerBeacons } from '#web/test-support/api';
import { denver, searchItem, searchResult } from '#web/test-support/fixtures';
import { renderWithProviders } from '#web/test-support/render';
import { SearchRoute } from './search';

const facets: SearchFacets = {
  make: [
    { value: 'Toyota', count: 12 },
    { value: 'Subaru', count: 3 },
  ],
  fuel_type: [],
  transmission: [],
  condition: [],
  category: [],
};

const items = [
  searchItem(),
  searchItem({ _id: '22222222-2222-4222-8222-222222222222', product_name: 'Toyota Corolla 2015' }),
];

/**
 * The search page at `path`: GET /api/search answers the two items (none when `max_price` is 1),
 * the place `near` names is Denver. Returns the search requests, newest last.
 */
function renderSearch(path = '/search', width?: number) {
  answerBeacons();
  answer(apiRoutes.place, denver);
  const searches = answer(apiRoutes.search, ({ query }) =>
    query.get('max_price') === '1' ? searchResult([], { facets }) : searchResult(items, { facets }),
  );
  const rendered = renderWithProviders(<SearchRoute />, { path, route: '/search', width });
  /** The query of the last search asked, as an object. */
  const lastQuery = () => Object.fromEntries(searches.calls.at(-1)?.query ?? []);
  return { ...rendered, searches, lastQuery };
}

const location = () => screen.getByTestId('location').textContent;
const sidebar = () => screen.getByRole('form', { name: 'Filters' });
const heading = () => screen.getByRole('heading', { level: 1 });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('The search page', () => {
  it('shows how many listings match, their cards, and says so when none do', async () => {
    const { user } = renderSearch('/search?q=outback');
    expect(await screen.findByRole('status')).toHaveTextContent(/^2 results$/);
    expect(screen.getAllByTestId('listing-card')).toHaveLength(2);
    expect(heading()).toHaveTextContent('Search results for "outback"');
    await user.type(within(sidebar()).getByLabelText('Max price ($)'), '1');
    await user.click(within(sidebar()).getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('No listings match your search.')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(/^0 results$/);
  });

  it('applies a list choice at once and typed numbers with Apply filters', async () => {
    const { user, lastQuery } = renderSearch();
    await screen.findAllByTestId('listing-card');
    expect(heading()).toHaveTextContent('All listings');
    // The make's facet counts label its choices.
    const make = within(sidebar()).getByRole('combobox', { name: 'Make' });
    expect(within(make).getByRole('option', { name: 'Toyota (12)' })).toBeInTheDocument();
    await user.selectOptions(make, 'Toyota');
    expect(location()).toBe('/search?make=Toyota');
    await waitFor(() => expect(lastQuery()).toEqual({ make: 'Toyota', sort: 'newest' }));

    await user.type(within(sidebar()).getByLabelText('Max price ($)'), '15000');
    // Typed, not applied.
    expect(location()).toBe('/search?make=Toyota');
    await user.click(within(sidebar()).getByRole('button', { name: 'Apply filters' }));
    expect(location()).toBe('/search?make=Toyota&max_price=15000');
    await waitFor(() =>
      expect(lastQuery()).toEqual({ make: 'Toyota', max_price: '15000', sort: 'newest' }),
    );
    expect(heading()).toHaveTextContent('Toyota under $15,000');
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Toyota', 'Under $15,000']);
    await user.click(screen.getByRole('button', { name: 'Remove Toyota' }));
    expect(location()).toBe('/search?max_price=15000');
  });

  it('clears the filters but keeps the words searched for', async () => {
    const { user } = renderSearch('/search?q=corolla&make=Toyota&max_price=15000&verified=true');
    await screen.findAllByTestId('listing-card');
    expect(within(sidebar()).getByLabelText('Max price ($)')).toHaveValue(15000);
    expect(within(sidebar()).getByLabelText('Verified sellers only')).toBeChecked();
    await user.click(within(sidebar()).getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/search?q=corolla');
    expect(within(sidebar()).getByLabelText('Max price ($)')).toHaveValue(null);
    expect(within(sidebar()).getByLabelText('Verified sellers only')).not.toBeChecked();
  });

  it('takes the mileage in the viewer’s unit and searches in kilometres', async () => {
    const { user, lastQuery } = renderSearch();
    await screen.findAllByTestId('listing-card');
    await user.type(within(sidebar()).getByLabelText('Max mileage (mi)'), '10000');
    await user.click(within(sidebar()).getByRole('button', { name: 'Apply filters' }));
    expect(location()).toBe('/search?max_mileage=16093');
    await waitFor(() => expect(lastQuery()).toEqual({ max_mileage: '16093', sort: 'newest' }));
    // Shown back in miles.
    expect(within(sidebar()).getByLabelText('Max mileage (mi)')).toHaveValue(10000);
  });

  it('searches vehicles, parts or everything, one tap away', async () => {
    const { user, lastQuery } = renderSearch('/search?q=brakes');
    await screen.findAllByTestId('listing-card');
    const kinds = screen.getByRole('group', { name: 'What to search' });
    const kind = (name: string) => within(kinds).getByRole('button', { name });
    expect(kind('All')).toHaveAttribute('aria-pressed', 'true');

    await user.click(kind('Vehicles'));
    expect(location()).toBe('/search?q=brakes&kind=vehicles');
    expect(kind('Vehicles')).toHaveAttribute('aria-pressed', 'true');
    expect(kind('All')).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'brakes', kind: 'vehicles' }));

    await user.click(kind('Parts and accessories'));
    expect(location()).toBe('/search?q=brakes&kind=parts');
    await waitFor(() => expect(lastQuery()).toMatchObject({ kind: 'parts' }));
    // The filters keep it when they apply.
    await user.click(within(sidebar()).getByRole('button', { name: 'Apply filters' }));
    expect(location()).toBe('/search?q=brakes&kind=parts');

    await user.click(kind('All'));
    expect(location()).toBe('/search?q=brakes');
    await waitFor(() => expect(lastQuery()).toEqual({ q: 'brakes', sort: 'newest' }));
  });
});

describe('The search page’s place and radius', () => {
  const within_ = () => screen.getByRole('combobox', { name: 'Within' });

  it('offers no radius before a place is chosen', async () => {
    renderSearch();
    await screen.findAllByTestId('listing-card');
    expect(within_()).toHaveValue('anywhere');
    expect(within(within_()).getByRole('option', { name: '100 mi' })).toBeDisabled();
  });

  it('searches nearest first within 25 mi of a chosen place', async () => {
    answer(apiRoutes.places, [denver]);
    const { user, lastQuery } = renderSearch();
    await screen.findAllByTestId('listing-card');
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'denv');
    await user.click(
      await screen.findByRole('option', { name: /^Denver\b.*Colorado, United States$/ }),
    );
    expect(location()).toBe(`/search?near=${denver.id}&radius_mi=25`);
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        near: String(denver.id),
        radius_km: '40.234',
        sort: 'distance',
      }),
    );
    expect(heading()).toHaveTextContent('Listings within 25 mi of Denver');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('distance');
  });

  it('changes the radius in the viewer’s unit, and Anywhere drops the place', async () => {
    const { user, lastQuery } = renderSearch(`/search?near=${denver.id}`);
    await screen.findAllByTestId('listing-card');
    // The API's default radius, 50 km, said in miles as it is: never rounded to a choice.
    expect(within_()).toHaveValue('31.1');
    expect(await screen.findByRole('combobox', { name: 'Location' })).toHaveValue(
      'Denver, Colorado',
    );
    await user.selectOptions(within_(), '100');
    expect(location()).toBe(`/search?near=${denver.id}&radius_mi=100`);
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        near: String(denver.id),
        radius_km: '160.934',
        sort: 'distance',
      }),
    );
    expect(heading()).toHaveTextContent('Listings within 100 mi of Denver');

    await user.selectOptions(within_(), 'anywhere');
    expect(location()).toBe('/search');
    await waitFor(() => expect(lastQuery()).toEqual({ sort: 'newest' }));
  });

  it.each([
    ['beside the results', 1024],
    ['in the phone’s filters sheet', 360],
  ])(
    'says so when the browser refuses the location, and keeps the place, %s',
    async (_where, width) => {
      const getCurrentPosition = vi.fn<Geolocation['getCurrentPosition']>((_found, refused) =>
        refused?.({
          code: 1,
          message: 'User denied Geolocation',
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        }),
      );
      vi.spyOn(navigator, 'geolocation', 'get').mockReturnValue({
        getCurrentPosition,
      } as unknown as Geolocation);
      const { user } = renderSearch(`/search?near=${denver.id}&radius_mi=100`, width);
      await screen.findAllByTestId('listing-card');
      let controls = screen.getByRole('region', { name: 'Location' });
      if (width < 1024) {
        await user.click(screen.getByRole('button', { name: 'Filters' }));
        controls = within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('region', {
          name: 'Location',
        });
      }
      const place = within(controls).getByRole('combobox', { name: 'Location' });
      await waitFor(() => expect(place).toHaveValue('Denver, Colorado'));
      await user.click(within(controls).getByRole('button', { name: 'Use my location' }));
      expect(within(controls).getByRole('alert')).toHaveTextContent(locationMessages.refused);
      expect(place).toHaveValue('Denver, Colorado');
      expect(getCurrentPosition).toHaveBeenCalledTimes(1);
      if (width < 1024) {
        await user.click(screen.getByRole('button', { name: /^Show/ }));
      }
      expect(location()).toBe(`/search?near=${denver.id}&radius_mi=100`);
    },
  );

  it('searches around the position the browser shares', async () => {
    vi.spyOn(navigator, 'geolocation', 'get').mockReturnValue({
      getCurrentPosition: (found: PositionCallback) =>
        found({
          coords: { latitude: 30.26715, longitude: -97.74306 },
        } as GeolocationPosition),
    } as unknown as Geolocation);
    const { user, lastQuery } = renderSearch();
    await screen.findAllByTestId('listing-card');
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(location()).toBe('/search?lat=30.267&lon=-97.743&radius_mi=25');
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        lat: '30.267',
        lon: '-97.743',
        radius_km: '40.234',
        sort: 'distance',
      }),
    );
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue(
      `${locationMessages.here}, 30.267, -97.743`,
    );
  });
});

describe('The filters sheet on a phone', () => {
  it('edits a draft, counts its matches, and applies it on Show N results', async () => {
    const { user, searches } = renderSearch('/search?q=outback', 360);
    await screen.findAllByTestId('listing-card');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('button', { name: 'Close filters' })).toHaveFocus();
    const show = within(sheet).getByRole('button', { name: /^Show/ });
    await waitFor(() => expect(show).toHaveTextContent(/^Show 2 results$/));

    await user.type(within(sheet).getByLabelText('Max price ($)'), '1');
    // Counted for the draft, 300 ms after the last change; nothing applied yet.
    await waitFor(() => expect(show).toHaveTextContent(/^Show 0 results$/));
    expect(location()).toBe('/search?q=outback');
    expect(searches.calls.at(-1)?.query.get('max_price')).toBe('1');

    await user.click(show);
    expect(location()).toBe('/search?q=outback&max_price=1');
    expect(sheet).not.toHaveAttribute('open');
    expect(await screen.findByText('No listings match your search.')).toBeVisible();
  });

  it('clears the draft’s filters but keeps the words, and closes unchanged', async () => {
    const { user } = renderSearch('/search?q=outback&make=Toyota', 360);
    await screen.findAllByTestId('listing-card');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('combobox', { name: 'Make' })).toHaveValue('Toyota');
    await user.click(within(sheet).getByRole('button', { name: 'Clear filters' }));
    expect(within(sheet).getByRole('combobox', { name: 'Make' })).toHaveValue('');
    await user.click(within(sheet).getByRole('button', { name: 'Close filters' }));
    expect(sheet).not.toHaveAttribute('open');
    expect(location()).toBe('/search?q=outback&make=Toyota');
  });
});
