/**
 * What a search shows, in words, built from its URL state alone (so the server's HTML and the
 * browser agree): the page's heading ("Toyota Corolla under $10,000", `Search results for "red"`,
 * "All listings" only when nothing is filtered) and the removable chips of the active filters.
 * Names the URL does not carry (a category's name, a place's name) come in `names`; without
 * them the words stay general ("in the chosen category", "nearby").
 */
import { locationMessages } from '#contract/places';
import type { DistanceUnit } from '#web/lib/units';
import {
  hasCentre,
  kindLabels,
  radiusIn,
  radiusOf,
  type FilterKey,
  type SearchState,
} from './search-params';

/** Names for the ids in the URL, when known. */
export interface SearchNames {
  /** The name of the category `filters.category` (its id). */
  category?: string;
  /** The name of the place `centre.near` (its id), e.g. "Austin". */
  place?: string;
  /**
   * The viewer's distance unit: the radius is said in it ("within 25 mi of Austin", decision
   * 0047); kilometres when not given (the server's HTML).
   */
  unit?: DistanceUnit;
}

/** What a chip removes: one filter parameter, or the whole centre (place or position and radius). */
export type ChipKey = FilterKey | 'centre';

/** One active filter: its words ("Under $10,000") and what removing it takes away. */
export interface FilterChip {
  key: ChipKey;
  label: string;
}

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
});
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const whole = new Intl.NumberFormat('en-US');

/** `9000` → "$9,000", `9999.5` → "$9,999.50"; text that is not a number stays as typed. */
function money(text: string): string {
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  return (Number.isInteger(value) ? dollars : cents).format(value);
}

/** `120000` → "120,000 km"; text that is not a number stays as typed. */
function kilometres(text: string): string {
  const value = Number(text);
  return `${Number.isFinite(value) ? whole.format(value) : text} km`;
}

/**
 * "within 25 mi of Austin", "within 50 km of your location", or "within 50 km" while the place's
 * name is unknown: the radius the search applies, in the viewer's unit (decision 0047).
 */
function nearText(state: SearchState, names: SearchNames): string {
  const unit = names.unit ?? 'km';
  const radius = radiusOf(state);
  const within = radius ? `within ${whole.format(radiusIn(radius, unit))} ${unit}` : 'nearby';
  if (state.centre?.near) return names.place ? `${within} of ${names.place}` : within;
  return `${within} of ${locationMessages.here.toLowerCase()}`;
}

/** A range in words: "between $5,000 and $10,000", "under $10,000", "over $5,000". */
function range(
  low: string | undefined,
  high: string | undefined,
  words: { both: string; low: string; high: string },
  format: (text: string) => string,
): string | undefined {
  if (low && high) return words.both.replace('{low}', format(low)).replace('{high}', format(high));
  if (low) return `${words.low} ${format(low)}`;
  if (high) return `${words.high} ${format(high)}`;
  return undefined;
}

/**
 * The search page's heading for a state, e.g. "Toyota Corolla under $10,000", "Sedan near
 * Austin", "Automatic Diesel listings from verified sellers", `Search results for "red"`, or
 * "All listings" when nothing is filtered. The sort order is not part of it (it changes the
 * order, not what is shown).
 */
export function searchHeading(state: SearchState, names: SearchNames = {}): string {
  const f = state.filters;
  const centred = hasCentre(state);
  const { q, ...others } = f;
  const filtered = Object.values(others).some(Boolean) || centred;
  if (!filtered) return q ? `Search results for "${q}"` : 'All listings';

  const category = f.category ? (names.category ?? 'the chosen category') : undefined;
  const vehicle = [f.make, f.model].filter(Boolean).join(' ');
  const adjectives = [f.transmission, f.fuel_type].filter(Boolean).join(' ');
  const kind = f.kind === 'vehicles' || f.kind === 'parts' ? kindLabels[f.kind] : undefined;
  let noun = vehicle || (f.category && names.category) || kind?.toLowerCase() || 'listings';
  if (vehicle && category) noun += ` in ${category}`;
  if (!vehicle && f.category && !names.category) noun = `listings in ${category}`;
  let words = adjectives ? `${adjectives} ${noun}` : noun;
  words = words.charAt(0).toUpperCase() + words.slice(1);

  const after = [
    f.condition && `in ${f.condition} condition`,
    range(
      f.min_price,
      f.max_price,
      { both: 'between {low} and {high}', low: 'over', high: 'under' },
      money,
    ),
    range(
      f.min_year,
      f.max_year,
      { both: 'from {low} to {high}', low: 'from', high: 'up to' },
      (text) => text,
    ),
    f.max_mileage && `under ${kilometres(f.max_mileage)}`,
    f.verified === 'true' && 'from verified sellers',
    f.seller_type === 'business' && 'from dealers',
    f.seller_type === 'private' && 'from private sellers',
    centred && nearText(state, names),
    q && `matching "${q}"`,
  ].filter(Boolean);
  return [words, ...after].join(' ');
}

/**
 * The chips of the active filters, in the URL's order, each with the words its remove button
 * names ("Remove Toyota"). A place or position is one chip with its radius ("Within 25 mi of
 * Austin").
 */
export function searchChips(state: SearchState, names: SearchNames = {}): FilterChip[] {
  const f = state.filters;
  const chips: FilterChip[] = [];
  const add = (key: ChipKey, label: string | undefined | false) => {
    if (label) chips.push({ key, label });
  };
  add('q', f.q && `"${f.q}"`);
  add('kind', (f.kind === 'vehicles' || f.kind === 'parts') && kindLabels[f.kind]);
  add('category', f.category && (names.category ?? 'Category'));
  add('make', f.make);
  add('model', f.model);
  add('min_price', f.min_price && `Over ${money(f.min_price)}`);
  add('max_price', f.max_price && `Under ${money(f.max_price)}`);
  add('min_year', f.min_year && `From ${f.min_year}`);
  add('max_year', f.max_year && `Up to ${f.max_year}`);
  add('max_mileage', f.max_mileage && `Under ${kilometres(f.max_mileage)}`);
  add('condition', f.condition && `${f.condition} condition`);
  add('fuel_type', f.fuel_type);
  add('transmission', f.transmission);
  add('verified', f.verified === 'true' && 'Verified sellers');
  add(
    'seller_type',
    f.seller_type === 'business' ? 'Dealers' : f.seller_type === 'private' && 'Private sellers',
  );
  if (hasCentre(state)) {
    const near = nearText(state, names);
    add('centre', near.charAt(0).toUpperCase() + near.slice(1));
  }
  return chips;
}

/**
 * The state without one chip's filter; removing the centre also drops a nearest-first order,
 * which needs one (as `readSearchState` does for a link without a centre).
 */
export function withoutChip(state: SearchState, key: ChipKey): SearchState {
  if (key === 'centre') {
    return {
      filters: state.filters,
      sort: state.sort === 'distance' ? 'newest' : state.sort,
    };
  }
  const filters = { ...state.filters };
  delete filters[key];
  return { ...state, filters };
}

/** The state with no filter and no centre ("Clear all"); the order stays unless it needs a centre. */
export function withoutFilters(state: SearchState): SearchState {
  return { filters: {}, sort: state.sort === 'distance' ? 'newest' : state.sort };
}
