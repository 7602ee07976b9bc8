/**
 * docs/product.md §2 Home, item 2: the Advertisement section, shown only when GET /api/promoted-product/
 * returns a non-empty list. The carousel (Embla) is a separate chunk, loaded only then.
 * On failure nothing is shown (docs/product.md §8: load errors "not shown"). While the list loads, and while
 * the carousel's chunk loads, a placeholder of the carousel's final height (a 288 px card and
 * 48 px of shadow room and pagination dots) holds the place, so the category grid below never
 * jumps down when the carousel arrives. With no promoted product it closes again.
 */
import { lazy, Suspense } from 'react';
import { usePromotedProducts } from '../api/get-promoted-products';

const AdvertisementCarousel = lazy(() =>
  import('./advertisement-carousel').then((module) => ({
    default: module.AdvertisementCarousel,
  })),
);

/** The carousel's height while it loads: its card (h-72), 8 px shadow room and its dots (h-10). */
const placeholder = (
  <div className="pb-12" aria-hidden="true">
    <div className="h-72 animate-pulse rounded-box bg-base-300" />
  </div>
);

export function Advertisement() {
  const { data: products, isPending } = usePromotedProducts();
  if (isPending) return <div className="mt-12">{placeholder}</div>;
  if (!products || products.length === 0) return null;
  return (
    <section aria-labelledby="advertisement-heading" className="mt-12">
      <h2 id="advertisement-heading" className="sr-only">
        Advertisement
      </h2>
      <Suspense fallback={placeholder}>
        <AdvertisementCarousel products={products} />
      </Suspense>
    </section>
  );
}
