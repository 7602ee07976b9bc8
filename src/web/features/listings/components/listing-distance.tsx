/**
 * "12 km away" on a listing page (decision 0026): the listing's place measured from the
 * viewer's centre (`useViewerCentre`: this device's remembered centre, else the signed-in user's
 * home place), in the viewer's unit. Nothing before hydration (the server does not know the
 * centre) or without a centre or a place.
 */
import type { Place } from '#contract/places';
import { useViewerCentre } from '#web/lib/home-place';
import { distanceText, greatCircleKm, readUnit } from '#web/lib/places';

export function ListingDistance({ place }: { place: Place | null }) {
  const centre = useViewerCentre();
  if (!centre || !place) return null;
  return (
    <span className="text-base-content/70">
      {' · '}
      {distanceText(greatCircleKm(centre, place), readUnit())}
    </span>
  );
}
