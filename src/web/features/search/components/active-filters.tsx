/**
 * The active filters above the results, one chip each ("Toyota", "Under $10,000", "Near
 * Austin") with a × button named "Remove Toyota", and "Clear all"; each press is a new URL, so
 * back brings the filter back. Nothing when nothing is filtered.
 */
import type { FilterChip, ChipKey } from '../lib/search-summary';

export function ActiveFilters({
  chips,
  onRemove,
  onClear,
  disabled,
}: {
  chips: FilterChip[];
  onRemove: (key: ChipKey) => void;
  onClear: () => void;
  /** Until hydrated (decision 0015): a press before React runs would do nothing. */
  disabled: boolean;
}) {
  if (chips.length === 0) return null;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      <ul className="contents" aria-label="Active filters">
        {chips.map((chip) => (
          <li
            key={chip.key}
            className="flex max-w-full min-w-0 items-center gap-1 rounded-full border border-base-300 bg-base-200 py-0.5 pr-0.5 pl-3 text-sm"
          >
            <span className="min-w-0 break-words">{chip.label}</span>
            <button
              type="button"
              className="btn btn-circle btn-ghost btn-xs"
              aria-label={`Remove ${chip.label}`}
              disabled={disabled}
              onClick={() => onRemove(chip.key)}
            >
              <svg
                xmlns="http://www.w3.org/2000/svg"
                viewBox="0 0 24 24"
                className="size-3.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                aria-hidden="true"
              >
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn-link btn-sm px-1"
        disabled={disabled}
        onClick={onClear}
      >
        Clear all
      </button>
    </div>
  );
}
