/**
 * `/saved-searches` (signed-in users): the user's saved searches, newest first, each
 * with its number of new matches since it was last opened, its alert frequency (changed in
 * place), `Open` (marks it opened and goes to `/search` with its query), `Rename` (inline) and
 * `Delete` (confirmed). One column at 360 px; nothing hidden.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import toast from '#web/lib/toast';
import { savedSearchNameMax, savedSearchTexts, type SavedSearch } from '#contract/saved-searches';
import { searchRadiusDefaultKm } from '#contract/search-options';
import { confirmAction } from '#web/components/dialogs';
import { ErrorMessage } from '#web/components/error-message';
import { PageTitle } from '#web/components/page-title';
import { ProgressBar } from '#web/components/progress-bar';
import { errorText } from '#web/lib/error-text';
import { usePlace } from '#web/lib/place-query';
import { placeLabel } from '#web/lib/places';
import { formatDistance, formatMileage, useUnit } from '#web/lib/units';
import { paths } from '#web/lib/paths';
import {
  useDeleteSavedSearch,
  useSavedSearches,
  useUpdateSavedSearch,
  useVisitSavedSearch,
} from '../api/saved-searches';
import { AlertSelect } from '../components/alert-select';

const filterLabels: Record<string, string> = {
  q: 'Keyword',
  category: 'Category',
  make: 'Make',
  model: 'Model',
  min_price: 'Min price',
  max_price: 'Max price',
  min_year: 'From year',
  max_year: 'To year',
  max_mileage: 'Max mileage',
  condition: 'Condition',
  fuel_type: 'Fuel',
  transmission: 'Transmission',
  verified: 'Verified sellers',
  sort: 'Sort',
};

/** `/search?…` of a saved query. */
export function searchHref(query: SavedSearch['query']): string {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return paths.search.href(params.toString());
}

/** The centre's parameters (decision 0026): summarised as "Near" and "Within", not one by one. */
const centreKeys = new Set(['near', 'lat', 'lon', 'radius_km']);

/**
 * A saved query as badges: each filter with its label; the mileage, and the centre's radius, in
 * the viewer's unit (the query keeps km, as the API); the centre as its place's name ("Your
 * location" for a position).
 */
function QuerySummary({ query }: { query: SavedSearch['query'] }) {
  const unit = useUnit();
  const near = query.near === undefined ? undefined : String(query.near);
  const { data: place } = usePlace(near);
  const entries = Object.entries(query).filter(
    ([key]) => key !== 'category' && !centreKeys.has(key),
  );
  const hasCentre = near !== undefined || query.lat !== undefined;
  const where = near === undefined ? 'Your location' : place ? placeLabel(place) : '…';
  const radius = query.radius_km === undefined ? searchRadiusDefaultKm : Number(query.radius_km);
  const badge = 'badge badge-outline badge-sm h-auto py-0.5 break-all';
  if (entries.length === 0 && !hasCentre && query.category === undefined) {
    return <span>All listings</span>;
  }
  return (
    <span className="flex flex-wrap gap-1">
      {entries.map(([key, value]) => (
        <span key={key} className={badge}>
          {filterLabels[key] ?? key}:{' '}
          {key === 'max_mileage' ? formatMileage(Number(value), unit) : String(value)}
        </span>
      ))}
      {hasCentre && (
        <>
          <span className={badge}>Near: {where}</span>
          <span className={badge}>Within: {formatDistance(radius, unit)}</span>
        </>
      )}
      {query.category !== undefined && (
        <span className="badge badge-outline badge-sm">Category filter</span>
      )}
    </span>
  );
}

function SavedSearchItem({ search }: { search: SavedSearch }) {
  const navigate = useNavigate();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const visit = useVisitSavedSearch();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | undefined>();

  const open = async () => {
    await visit.mutateAsync(search._id).catch(() => undefined);
    void navigate(searchHref(search.query));
  };
  const rename = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update.mutateAsync({ id: search._id, name: name.trim() });
      setRenaming(false);
      setError(undefined);
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  const del = async () => {
    const confirmed = await confirmAction({
      title: `Delete “${search.name}”?`,
      consequence: 'You get no more alerts for it.',
      tone: 'destructive',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(search._id);
      toast.success('Saved search deleted');
    } catch (failure) {
      toast.error(errorText(failure));
    }
  };

  return (
    <li
      className="rounded-box border border-base-300 bg-base-100 p-4"
      data-testid="saved-search"
      aria-label={search.name}
    >
      {renaming ? (
        <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void rename(event)}>
          <label className="grow">
            <span className="block pb-1 text-sm font-medium">New name</span>
            <input
              className="input w-full"
              value={name}
              maxLength={savedSearchNameMax}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={error ? true : undefined}
            />
          </label>
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            Save name
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setRenaming(false);
              setName(search.name);
              setError(undefined);
            }}
          >
            Cancel
          </button>
          {error && (
            <p role="alert" className="w-full text-sm text-error">
              {error}
            </p>
          )}
        </form>
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="min-w-0 text-lg font-semibold break-words">{search.name}</h2>
          <span
            className={`badge ${search.new_matches > 0 ? 'badge-secondary' : 'badge-ghost'}`}
            data-testid="new-matches"
          >
            {search.new_matches} new {search.new_matches === 1 ? 'match' : 'matches'}
          </span>
        </div>
      )}
      <div className="mt-2 text-sm">
        <QuerySummary query={search.query} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => void open()}
          disabled={visit.isPending}
        >
          Open
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => setRenaming(true)}
          disabled={renaming}
        >
          Rename
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm btn-error"
          onClick={() => void del()}
          disabled={remove.isPending}
        >
          Delete
        </button>
        <label className="flex items-center gap-2 text-sm">
          <span className="font-medium">E-mail alerts</span>
          <AlertSelect
            className="select-sm w-auto"
            value={search.alert}
            disabled={update.isPending}
            onChange={(alert) =>
              void update
                .mutateAsync({ id: search._id, alert })
                .then(() => toast.success('Alerts updated'))
                .catch((failure: unknown) => toast.error(errorText(failure)))
            }
          />
        </label>
      </div>
    </li>
  );
}

export function SavedSearchesRoute() {
  const { data, error, isPending } = useSavedSearches();
  return (
    <>
      <PageTitle title={savedSearchTexts.title} />
      <h1 className="mb-6 text-3xl font-bold">{savedSearchTexts.title}</h1>
      {isPending ? (
        <ProgressBar label="Loading saved searches" />
      ) : !data ? (
        <ErrorMessage error={error} />
      ) : data.length === 0 ? (
        <p className="rounded-box border border-base-300 bg-base-100 p-8 text-center text-lg">
          {savedSearchTexts.empty}{' '}
          <Link className="link" to={paths.search.href()}>
            Search now
          </Link>
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {data.map((search) => (
            <SavedSearchItem key={search._id} search={search} />
          ))}
        </ul>
      )}
    </>
  );
}
