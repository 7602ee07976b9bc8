/**
 * The one line of key facts under a listing's price (decision 0035):
 * `2016 · 155,100 km · Petrol · Automatic · Austin, TX` — model year, mileage, fuel, gearbox and
 * place, each only when the listing gives it. A listing without vehicle details (a part, a
 * battery) shows its condition instead of them.
 */
import type { Listing } from '#contract/listings';

const thousands = new Intl.NumberFormat('en-US');

/**
 * A mileage for display, e.g. `155,100 km`. Kilometres are what the listing stores
 * (`mileage_km`) and what every page shows today; this is the one place to switch when the
 * viewer can choose miles.
 * @param km whole kilometres (≥ 0)
 */
export function mileageText(km: number): string {
  return `${thousands.format(km)} km`;
}

/** The facts of `listing`, in the line's order; join them with ` · ` to show. */
export function keyFacts(
  listing: Pick<
    Listing,
    'model_year' | 'mileage_km' | 'fuel_type' | 'transmission' | 'seller_location' | 'condition'
  >,
): string[] {
  const vehicle = [
    listing.model_year === null ? null : String(listing.model_year),
    listing.mileage_km === null ? null : mileageText(listing.mileage_km),
    listing.fuel_type,
    listing.transmission,
  ].filter((fact): fact is string => fact !== null && fact !== undefined && fact !== '');
  return [...(vehicle.length > 0 ? vehicle : [listing.condition]), listing.seller_location];
}
