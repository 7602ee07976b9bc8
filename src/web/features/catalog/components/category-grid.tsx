/**
 * docs/product.md §2 Home, item 3: "Browse items by category". A grid of 2 columns, 3 from the `sm`
 * breakpoint; each tile shows the category name in uppercase and links to /category/{id}.
 * A progress bar shows while categories load.
 */
import { Link } from 'react-router';
import { ErrorMessage } from '#web/components/error-message';
import { ProgressBar } from '#web/components/progress-bar';
import { paths } from '#web/lib/paths';
import { useCategories } from '../api/get-categories';

export function CategoryGrid() {
  const { data: categories, isPending, isError, error } = useCategories();
  return (
    <section aria-labelledby="categories-heading" className="mt-12">
      <h2 id="categories-heading" className="mb-6 text-center text-2xl font-bold sm:text-3xl">
        Browse items by category
      </h2>
      {isPending ? (
        <ProgressBar label="Loading categories" />
      ) : isError ? (
        <ErrorMessage error={error} />
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6">
          {categories.map((category) => (
            <li key={category._id}>
              <Link
                to={paths.category.href(category._id)}
                data-testid="category-tile"
                className="group flex min-h-28 items-center justify-center rounded-box border border-base-300 bg-base-100 p-4 text-center text-base font-bold tracking-wider wrap-break-word shadow-sm transition hover:-translate-y-0.5 hover:border-primary hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:text-lg"
              >
                <span className="group-hover:text-primary">
                  {category.category_name.toUpperCase()}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
