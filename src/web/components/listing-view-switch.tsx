/**
 * The List | Grid choice of a list of listings on a phone (decision 0047, lib/listing-view.ts):
 * shown below the `sm` breakpoint only (from it up every list is the grid), remembered on the
 * device. Disabled until hydrated (decision 0015). 44 px targets.
 */
import { useHydrated } from '../lib/use-hydrated';
import { useListingView, writeListingView, type ListingView } from '../lib/listing-view';

const choices: ReadonlyArray<{ view: ListingView; label: string }> = [
  { view: 'list', label: 'List' },
  { view: 'grid', label: 'Grid' },
];

export function ListingViewSwitch({ className = '' }: { className?: string }) {
  const view = useListingView();
  const hydrated = useHydrated();
  return (
    <div role="group" aria-label="Show listings as" className={`join sm:hidden ${className}`}>
      {choices.map((choice) => (
        <button
          key={choice.view}
          type="button"
          aria-pressed={view === choice.view}
          disabled={!hydrated}
          onClick={() => writeListingView(choice.view)}
          className={`btn join-item min-h-11 btn-sm ${view === choice.view ? 'btn-primary' : ''}`}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
