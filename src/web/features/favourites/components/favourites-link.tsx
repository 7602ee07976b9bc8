/**
 * The navigation bar's link to /favourites (issue 15), for a signed-in user. Part of the entry
 * chunk, so it names the page itself instead of importing the (zod) contract's texts.
 */
const label = 'Favourites';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

export function FavouritesLink() {
  return (
    <Link
      to={paths.favourites.href()}
      className="btn btn-circle btn-ghost"
      aria-label={label}
      title={label}
      data-testid="favourites-link"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
      >
        <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
      </svg>
    </Link>
  );
}
