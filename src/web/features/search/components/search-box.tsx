/**
 * The navigation bar's search box, on every page and width: an `input type="search"`
 * labelled "Search"; submitting goes to `/search?q=…` (the filters of an open search are not
 * kept: a new keyword is a new search). On `/search` it shows the current keyword.
 */
import { useLocation, useNavigate } from 'react-router';
import { paths } from '#web/lib/paths';

export function SearchBox({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const current =
    location.pathname === paths.search.path
      ? (new URLSearchParams(location.search).get('q') ?? '')
      : '';
  return (
    <form
      role="search"
      className={className}
      // A new URL (back, forward, another search) resets the box to its keyword.
      key={`${location.pathname}?${current}`}
      onSubmit={(event) => {
        event.preventDefault();
        const value = new FormData(event.currentTarget).get('q');
        const q = typeof value === 'string' ? value.trim() : '';
        void navigate(paths.search.href(q ? new URLSearchParams({ q }).toString() : ''));
      }}
    >
      <label className="input input-sm w-full">
        <svg
          xmlns="http://www.w3.org/2000/svg"
          viewBox="0 0 24 24"
          className="size-4 shrink-0 opacity-60"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" />
          <path strokeLinecap="round" d="m20 20-3.5-3.5" />
        </svg>
        <input
          type="search"
          name="q"
          aria-label="Search"
          placeholder="Search cars, makes, models…"
          defaultValue={current}
          maxLength={100}
          enterKeyHint="search"
          className="grow"
        />
      </label>
    </form>
  );
}
