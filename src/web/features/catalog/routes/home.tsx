/**
 * Home page (docs/product.md §2 Home): the picture carousel (each slide with a headline and a call to
 * action), the Advertisement section (only with promoted products) and the category grid; below
 * them, the newest live listings ("Recently listed"), and last, once the page is live, the newest
 * near the viewer's centre ("Near Austin, Texas") when they have one.
 */
import type { ReactNode } from 'react';
import type { ProductCard } from '#contract/entities';
import { PageTitle } from '#web/components/page-title';
import { Advertisement } from '../components/advertisement';
import { CategoryGrid } from '../components/category-grid';
import { HeroCarousel } from '../components/hero-carousel';
import { NearYou } from '../components/near-you';
import { RecentlyListed } from '../components/recently-listed';

/**
 * @param renderListing draws one listing card of "Recently listed" (given by src/web/app, which
 *   composes features).
 */
export function HomeRoute({
  renderListing,
}: {
  renderListing: (product: ProductCard) => ReactNode;
}) {
  return (
    <>
      <PageTitle />
      <h1 className="sr-only">Second Gear</h1>
      <HeroCarousel />
      <Advertisement />
      <CategoryGrid />
      <RecentlyListed renderListing={renderListing} />
      <NearYou renderListing={renderListing} />
    </>
  );
}
