/**
 * The search page's filters: category, make, model, price, model year, mileage,
 * condition, fuel, transmission, seller (a private seller or a dealer) and verified sellers. Lists offer the facet values of the
 * matches with their counts. In the sidebar (`lg` and up) choosing in a list applies at once and
 * typed numbers apply with "Apply filters"; in the phone's filters sheet (filters-sheet.tsx)
 * every change goes to `onChange` and the sheet's own button applies.
 */
import type { FormEvent } from 'react';
import type { SearchFacets } from '#contract/search';
import { conditions, fuelTypes, limits, transmissions } from '#contract/limits';
import { fromKm, toKm, type DistanceUnit } from '#web/lib/units';
import { filterKeys, sellerTypeLabels, type SearchState } from '../lib/search-params';

export interface SearchFiltersProps {
  state: SearchState;
  facets: SearchFacets | undefined;
  /** The facet counts are estimates (past 1,000 matches, decision 0012): shown as "about N". */
  estimated?: boolean;
  /** Submitting the form (Apply filters, Enter in a field, the sheet's button). */
  onApply: (filters: SearchState['filters']) => void;
  /**
   * The viewer's unit (units.ts): the mileage field is typed and shown in it; the URL and the
   * API keep `max_mileage` in kilometres.
   */
  unit?: DistanceUnit;
  /** Every change of a field, with the filters the form now holds (the sheet's draft). */
  onChange?: (filters: SearchState['filters']) => void;
  /** Lists and the checkbox apply as soon as they change (the sidebar); default true. */
  applyChoicesAtOnce?: boolean;
  /** The form's id, for a submit button outside it. */
  id?: string;
  /** Apply filters and Clear filters under the fields (the sidebar); default true. */
  actions?: boolean;
  /**
   * The fields show the state's values again when this changes; default: whenever the state's
   * filters change (back, forward or a new search). The sheet keeps one key while it edits.
   */
  formKey?: string;
}

interface Option {
  value: string;
  label: string;
}

const countFormat = new Intl.NumberFormat('en-US');

/**
 * The facet's values with counts ("Toyota (12)", or "Toyota (about 12,000)" when `estimated`),
 * and the current value even when no match has it.
 */
function optionsOf(
  facet: { value: string; count: number; label?: string }[] | undefined,
  all: readonly string[] | undefined,
  current: string | undefined,
  estimated = false,
): Option[] {
  const counts = new Map((facet ?? []).map((f) => [f.value, f]));
  const values = all ? [...all] : (facet ?? []).map((f) => f.value);
  if (current && !values.includes(current)) values.push(current);
  return values.map((value) => {
    const found = counts.get(value);
    const label = found?.label ?? value;
    if (!found) return { value, label };
    const count = countFormat.format(found.count);
    return { value, label: `${label} (${estimated ? `about ${count}` : count})` };
  });
}

/**
 * The filters a form holds (trimmed; empty fields left out), the mileage typed in `unit`
 * turned into the kilometres of the URL and the API.
 */
function readForm(form: HTMLFormElement, unit: DistanceUnit): SearchState['filters'] {
  const data = new FormData(form);
  const filters: SearchState['filters'] = {};
  for (const key of filterKeys) {
    const value = data.get(key);
    if (typeof value === 'string' && value.trim()) filters[key] = value.trim();
  }
  const mileage = Number(filters.max_mileage);
  if (filters.max_mileage && Number.isFinite(mileage)) {
    filters.max_mileage = String(toKm(mileage, unit));
  }
  return filters;
}

export function SearchFilters({
  state,
  facets,
  estimated,
  onApply,
  unit = 'km',
  onChange,
  applyChoicesAtOnce = true,
  id,
  actions = true,
  formKey,
}: SearchFiltersProps) {
  const f = state.filters;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(readForm(event.currentTarget, unit));
  };
  const applyNow = (event: { currentTarget: { form: HTMLFormElement | null } }) => {
    if (applyChoicesAtOnce && event.currentTarget.form)
      onApply(readForm(event.currentTarget.form, unit));
  };
  const handleChange = (event: FormEvent<HTMLFormElement>) => {
    onChange?.(readForm(event.currentTarget, unit));
  };

  const select = (
    name: 'category' | 'make' | 'condition' | 'fuel_type' | 'transmission' | 'seller_type',
    label: string,
    options: Option[],
  ) => (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-base-content">{label}</span>
      <select
        name={name}
        defaultValue={f[name] ?? ''}
        className="select select-sm w-full"
        onChange={applyNow}
      >
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
  /** A number field's value from the URL; the mileage (km there) in the viewer's unit. */
  const shown = (name: 'min_price' | 'max_price' | 'min_year' | 'max_year' | 'max_mileage') => {
    const value = f[name];
    if (name !== 'max_mileage' || !value || !Number.isFinite(Number(value))) return value ?? '';
    return String(fromKm(Number(value), unit));
  };
  const number = (
    name: 'min_price' | 'max_price' | 'min_year' | 'max_year' | 'max_mileage',
    label: string,
    attrs: { min: number; max: number; step?: number | 'any' },
  ) => (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-base-content">{label}</span>
      <input
        type="number"
        name={name}
        inputMode="numeric"
        defaultValue={shown(name)}
        className="input input-sm w-full"
        {...attrs}
      />
    </label>
  );

  return (
    <form
      id={id}
      aria-label="Filters"
      // Back, forward or a new search resets the fields to the URL's values.
      // …and a change of unit refills the mileage in the new one.
      key={`${formKey ?? JSON.stringify(f)} ${unit}`}
      onSubmit={handleSubmit}
      onChange={handleChange}
      className="rounded-box border border-base-300 bg-base-100 p-4"
    >
      <input type="hidden" name="q" value={f.q ?? ''} />
      {/* What the search holds is chosen above the results (decision 0047); the form keeps it. */}
      <input type="hidden" name="kind" value={f.kind ?? ''} />
      <fieldset className="fieldset gap-3">
        <legend className="fieldset-legend text-base">Filters</legend>
        {select(
          'category',
          'Category',
          optionsOf(facets?.category, undefined, f.category, estimated),
        )}
        {select('make', 'Make', optionsOf(facets?.make, undefined, f.make, estimated))}
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-base-content">Model</span>
          <input
            type="text"
            name="model"
            defaultValue={f.model ?? ''}
            maxLength={40}
            className="input input-sm w-full"
          />
        </label>
        <div className="grid grid-cols-2 gap-2">
          {number('min_price', 'Min price ($)', { min: 0, max: 10_000_000, step: 'any' })}
          {number('max_price', 'Max price ($)', { min: 0, max: 10_000_000, step: 'any' })}
          {number('min_year', 'From year', { min: 1886, max: 2100 })}
          {number('max_year', 'To year', { min: 1886, max: 2100 })}
        </div>
        {number('max_mileage', `Max mileage (${unit})`, {
          min: 0,
          max: fromKm(limits.mileageKmMax, unit),
        })}
        {select(
          'condition',
          'Condition',
          optionsOf(facets?.condition, conditions, f.condition, estimated),
        )}
        {select(
          'fuel_type',
          'Fuel',
          optionsOf(facets?.fuel_type, fuelTypes, f.fuel_type, estimated),
        )}
        {select(
          'transmission',
          'Transmission',
          optionsOf(facets?.transmission, transmissions, f.transmission, estimated),
        )}
        {select(
          'seller_type',
          'Seller',
          Object.entries(sellerTypeLabels).map(([value, label]) => ({ value, label })),
        )}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="verified"
            value="true"
            defaultChecked={f.verified === 'true'}
            className="checkbox checkbox-sm"
            onChange={applyNow}
          />
          Verified sellers only
        </label>
        {actions && (
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="submit" className="btn btn-sm btn-primary">
              Apply filters
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => onApply(f.q ? { q: f.q } : {})}
            >
              Clear filters
            </button>
          </div>
        )}
      </fieldset>
    </form>
  );
}
