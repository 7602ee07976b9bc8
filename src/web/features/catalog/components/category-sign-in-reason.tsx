/**
 * Why the login page asks a visitor to sign in, when they were sent there from a category page
 * (docs/product.md §2: /category/{id} needs a login): "Sign in to see Sedan listings". The name is looked up
 * by the category id of the path (GET /api/categories, usually cached from the home page), so the
 * page never shows text taken from the address. Any other path, or an unknown id, shows nothing.
 * While the name loads the line keeps its height, so the form below does not move.
 *
 * Browsing never needs an account (decision 0047): below the reason, a link opens the same
 * category on the public search ("Browse Sedan listings without signing in").
 */
import { Link, matchPath } from 'react-router';
import { paths } from '#web/lib/paths';
import { useCategories } from '../api/get-categories';

/** "Sign in to see {name} listings". */
export const signInReasonText = (categoryName: string) => `Sign in to see ${categoryName} listings`;

/** The link to the category on the public search. */
export const browseWithoutSignInText = (categoryName: string) =>
  `Browse ${categoryName} listings without signing in`;

/** The category id of a same-site path such as `/category/abc?x=1`, or null. */
export function categoryIdOf(path: string): string | null {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return matchPath(paths.category.path, pathname)?.params.id ?? null;
}

/** @param path where the visitor goes after signing in (the login page's `from`). */
export function CategorySignInReason({ path }: { path: string }) {
  const id = categoryIdOf(path);
  if (!id) return null;
  return <Reason id={id} />;
}

function Reason({ id }: { id: string }) {
  const { data: categories } = useCategories();
  const category = categories?.find((candidate) => candidate._id === id);
  return (
    <>
      <p className="min-h-6 text-center font-medium" data-testid="sign-in-reason">
        {category ? signInReasonText(category.category_name) : null}
      </p>
      {/* Only for a category the catalogue knows, like the reason; its height is kept. */}
      <p className="min-h-6 text-center">
        {category && (
          <Link
            to={paths.search.href(new URLSearchParams({ category: category._id }).toString())}
            className="link link-primary"
          >
            {browseWithoutSignInText(category.category_name)}
          </Link>
        )}
      </p>
    </>
  );
}
