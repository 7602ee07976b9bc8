/**
 * The one line of key facts under a listing's price (decision 0035):
 * `2016 · 155,100 km · Petrol · Automatic · Austin, TX` — model year, mileage, fuel, gearbox and
 * place, each only when the listing gives it. A listing without vehicle details (a part, a
 * battery) shows its condition instead of them.
 */
import type { Listing } from '#contract/listings';
import { formatMileage, type DistanceUnit } from '#web/lib/units';

/**
 * The facts of `listing`, in the line's order; join them with ` · ` to show. The mileage (stored
 * in km) is shown in `unit`, the viewer's choice (lib/units.ts).
 */
export function keyFacts(
  listing: Pick<
    Listing,
    'model_year' | 'mileage_km' | 'fuel_type' | 'transmission' | 'seller_location' | 'condition'
  >,
  unit: DistanceUnit,
): string[] {
  const vehicle = [
    listing.model_year === null ? null : String(listing.model_year),
    listing.mileage_km === null ? null : formatMileage(listing.mileage_km, unit),
    listing.fuel_type,
    listing.transmission,
  ].filter((fact): fact is string => fact !== null && fact !== undefined && fact !== '');
  return [...(vehicle.length > 0 ? vehicle : [listing.condition]), listing.seller_location];
}
