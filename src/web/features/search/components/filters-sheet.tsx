/**
 * The search filters on a phone (below `lg`): a `Filters` button opens a full-screen sheet, a
 * modal `<dialog>` (the browser keeps focus inside it and the page behind inert; Escape or
 * "Close filters" closes it without changing the search, and focus returns to the button). The
 * sheet edits a draft of the search — location and filters — and its `Show N results` button
 * counts the draft's matches as it changes (GET /api/search, asked 300 ms after the last change,
 * the same query the results page then shows from the cache); pressing it applies the draft and
 * closes the sheet, so the results start at the top of the screen.
 */
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { DistanceUnit } from '#web/lib/places';
import { searchQueryOptions } from '../api/search-listings';
import { showResultsText, withCentre, type SearchState } from '../lib/search-params';
import { LocationFilter } from './location-filter';
import { SearchFilters } from './search-filters';

/** Waits this long after the last change before counting the draft's matches (ms). */
const COUNT_PAUSE_MS = 300;

/** `value`, once it has stayed the same for `ms` milliseconds. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export interface FiltersSheetProps {
  /** The search in the URL, which the sheet starts from. */
  state: SearchState;
  unit: DistanceUnit;
  onUnit: (unit: DistanceUnit) => void;
  /** Applies the draft (a new URL). */
  onApply: (next: SearchState) => void;
  disabled: boolean;
  /** Classes of the `Filters` button (the page hides it from `lg` up). */
  className?: string;
}

export function FiltersSheet({
  state,
  unit,
  onUnit,
  onApply,
  disabled,
  className = '',
}: FiltersSheetProps) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!open || !element || element.open) return;
    element.showModal();
    // The sheet opens with the focus on its first control, "Close filters".
    element.querySelector<HTMLElement>('button')?.focus();
  }, [open]);

  const close = () => {
    dialog.current?.close();
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        className={`btn btn-outline btn-sm ${className}`}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        Filters
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        // Escape closes the dialog natively; whichever way it closes, the state follows.
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
        className="m-0 h-dvh max-h-none w-full max-w-none bg-base-100 p-0 text-base-content backdrop:bg-black/40 open:flex open:flex-col"
      >
        {open && (
          <SheetBody
            state={state}
            unit={unit}
            onUnit={onUnit}
            titleId={titleId}
            onClose={close}
            onApply={(next) => {
              onApply(next);
              close();
            }}
          />
        )}
      </dialog>
    </>
  );
}

function SheetBody({
  state,
  unit,
  onUnit,
  titleId,
  onClose,
  onApply,
}: {
  state: SearchState;
  unit: DistanceUnit;
  onUnit: (unit: DistanceUnit) => void;
  titleId: string;
  onClose: () => void;
  onApply: (next: SearchState) => void;
}) {
  const formId = useId();
  const [draft, setDraft] = useState(state);
  // The fields are filled from the draft when the form mounts; "Clear filters" remounts it.
  const [formKey, setFormKey] = useState(0);
  const counted = useSettled(draft, COUNT_PAUSE_MS);
  const { data, isFetching, isPlaceholderData } = useInfiniteQuery({
    ...searchQueryOptions(counted),
    placeholderData: keepPreviousData,
  });
  const first = data?.pages[0];
  const settling = counted !== draft || isFetching || isPlaceholderData;

  return (
    <>
      <header className="flex items-center justify-between gap-3 border-b border-base-300 px-4 py-3">
        <h2 id={titleId} className="text-xl font-semibold">
          Filters
        </h2>
        <button
          type="button"
          className="btn btn-square btn-ghost btn-sm"
          aria-label="Close filters"
          onClick={onClose}
        >
          <span aria-hidden="true" className="text-xl leading-none">
            ×
          </span>
        </button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        <LocationFilter
          state={draft}
          unit={unit}
          disabled={false}
          onUnit={onUnit}
          className="mb-4 flex"
          onCentre={(centre) => setDraft((current) => withCentre(current, centre))}
        />
        <SearchFilters
          id={formId}
          state={draft}
          facets={first?.facets}
          estimated={first?.estimated}
          applyChoicesAtOnce={false}
          actions={false}
          unit={unit}
          formKey={String(formKey)}
          onChange={(filters) => setDraft((current) => ({ ...current, filters }))}
          onApply={(filters) => onApply({ ...draft, filters })}
        />
      </div>
      <footer className="flex items-center gap-3 border-t border-base-300 px-4 py-3">
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setDraft((current) => ({
              filters: current.filters.q ? { q: current.filters.q } : {},
              sort: current.sort === 'distance' ? 'newest' : current.sort,
            }));
            setFormKey((key) => key + 1);
          }}
        >
          Clear filters
        </button>
        <button type="submit" form={formId} className="btn flex-1 btn-primary" aria-busy={settling}>
          {first ? showResultsText(first.total, first.estimated) : 'Show results'}
        </button>
      </footer>
    </>
  );
}
