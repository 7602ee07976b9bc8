/**
 * "12 km away" on a listing page (decision 0026): the listing's place measured from the
 * viewer's remembered centre (this device's, else the signed-in user's home place), in the
 * viewer's unit. Nothing before hydration (the server does not know the centre) or without a
 * centre or a place.
 */
import type { Place } from '#contract/places';
import { useHomePlace } from '#web/lib/home-place';
import { distanceText, greatCircleKm, readUnit, rememberedPosition } from '#web/lib/places';
import { useHydrated } from '#web/lib/use-hydrated';

export function ListingDistance({ place }: { place: Place | null }) {
  const hydrated = useHydrated();
  const { homePlace } = useHomePlace();
  if (!hydrated || !place) return null;
  const centre = rememberedPosition() ?? homePlace;
  if (!centre) return null;
  return (
    <span className="text-base-content/70">
      {' · '}
      {distanceText(greatCircleKm(centre, place), readUnit())}
    </span>
  );
}
