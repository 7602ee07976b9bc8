/**
 * Home page (spec §2 Home): the picture carousel, the Advertisement section (only with promoted
 * products) and the category grid.
 */
import { PageTitle } from '#web/components/page-title';
import { Advertisement } from '../components/advertisement';
import { CategoryGrid } from '../components/category-grid';
import { HeroCarousel } from '../components/hero-carousel';

export function HomeRoute() {
  return (
    <>
      <PageTitle />
      <h1 className="sr-only">Second Gear</h1>
      <HeroCarousel />
      <Advertisement />
      <CategoryGrid />
    </>
  );
}
