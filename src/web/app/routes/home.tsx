/**
 * `/` composed with the one listing card for "Recently listed" (composed here, as the home
 * page's other slots are).
 */
import { ListingCard } from '#web/components/listing-card';
import { HomeRoute } from '../../features/catalog/routes/home';

export function HomeWithListingsRoute() {
  return <HomeRoute renderListing={(product) => <ListingCard product={product} />} />;
}
