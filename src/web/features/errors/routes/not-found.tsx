/** Route for any unmatched path (docs/product.md §2 route table "any other"). */
import { NotFound } from '#web/components/not-found';

export function NotFoundRoute() {
  return <NotFound />;
}
