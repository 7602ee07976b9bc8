/**
 * The navigation bar's link to /favourites, for a signed-in user. Part of the entry
 * chunk, so it names the page itself instead of importing the (zod) contract's texts.
 */
import { NavIconLink } from '#web/components/nav-icon-link';
import { paths } from '#web/lib/paths';

/** A heart outline. */
const heart =
  'M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z';

export function FavouritesLink() {
  return (
    <NavIconLink
      to={paths.favourites.href()}
      label="Favourites"
      iconPath={heart}
      testId="favourites-link"
    />
  );
}
