/**
 * `/` composed with the search feature's result card for "Recently listed" (composed here
 * because features do not import each other). This is the one place that names the card: one
 * shared listing card can replace it here.
 */
import { HomeRoute } from '../../features/catalog/routes/home';
import { ResultCard } from '../../features/search/components/result-card';

export function HomeWithListingsRoute() {
  return <HomeRoute renderListing={(product) => <ResultCard product={product} />} />;
}
