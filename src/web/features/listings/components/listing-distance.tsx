/**
 * "12 km away" on a listing page (decision 0026): the listing's place measured from the
 * viewer's centre (`useViewerDistanceKm`: this device's remembered centre, else the signed-in
 * user's home place), in the viewer's unit. Nothing before hydration (the server does not know
 * the centre) or without a centre or a place.
 */
import type { Place } from '#contract/places';
import { useViewerDistanceKm } from '#web/lib/home-place';
import { distanceText, useUnit } from '#web/lib/units';

export function ListingDistance({ place }: { place: Place | null }) {
  const km = useViewerDistanceKm(place);
  const unit = useUnit();
  if (km === undefined) return null;
  return (
    <span className="text-base-content/70">
      {' · '}
      {distanceText(km, unit)}
    </span>
  );
}
