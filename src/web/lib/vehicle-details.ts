/** The vehicle details of a listing as label/value rows, only those given. */
import type { VehicleDetails } from '../../contract/entities';
import { formatMileage, type DistanceUnit } from './units';

/** Labels in the order the listing page and the forms show them. */
export const vehicleLabels = {
  make: 'Make',
  model: 'Model',
  model_year: 'Model year',
  mileage_km: 'Mileage',
  fuel_type: 'Fuel',
  transmission: 'Transmission',
  body_type: 'Body type',
  color: 'Colour',
  vin: 'VIN',
} as const satisfies Record<keyof VehicleDetails, string>;

/**
 * `[label, text]` of every detail that is not null, e.g. `['Mileage', '155,100 km']`; the
 * mileage (stored in km) in `unit`, the viewer's (units.ts).
 */
export function vehicleRows(
  details: VehicleDetails,
  unit: DistanceUnit = 'km',
): Array<[string, string]> {
  return (Object.keys(vehicleLabels) as Array<keyof VehicleDetails>).flatMap((key) => {
    const value = details[key];
    if (value === null || value === undefined) return [];
    const text = key === 'mileage_km' ? formatMileage(Number(value), unit) : String(value);
    return [[vehicleLabels[key], text]];
  });
}
