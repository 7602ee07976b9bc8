/**
 * Spec §2 Home, item 2: the Advertisement section, shown only when GET /api/promoted-product/
 * returns a non-empty list. The Swiper carousel is a separate chunk, loaded only then.
 * While loading or on failure nothing is shown (spec §8: load errors "not shown").
 */
import { lazy, Suspense } from 'react';
import { usePromotedProducts } from '../api/get-promoted-products';

const AdvertisementCarousel = lazy(() =>
  import('./advertisement-carousel').then((module) => ({
    default: module.AdvertisementCarousel,
  })),
);

export function Advertisement() {
  const { data: products } = usePromotedProducts();
  if (!products || products.length === 0) return null;
  return (
    <section aria-labelledby="advertisement-heading" className="mt-12">
      <h2 id="advertisement-heading" className="sr-only">
        Advertisement
      </h2>
      <Suspense fallback={<div className="h-72 animate-pulse rounded-box bg-base-300" />}>
        <AdvertisementCarousel products={products} />
      </Suspense>
    </section>
  );
}
