import { describe, expect, it } from 'vitest';
import { vehicleRows } from './vehicle-details';

describe('vehicleRows', () => {
  it('lists the given details in order, mileage in km', () => {
    expect(
      vehicleRows({
        make: 'Toyota',
        model: 'Corolla',
        model_year: 2016,
        mileage_km: 155100,
        fuel_type: 'Petrol',
        transmission: null,
        body_type: null,
        color: 'Silver',
        vin: null,
      }),
    ).toEqual([
      ['Make', 'Toyota'],
      ['Model', 'Corolla'],
      ['Model year', '2016'],
      ['Mileage', '155,100 km'],
      ['Fuel', 'Petrol'],
      ['Colour', 'Silver'],
    ]);
  });

  it('shows the mileage in miles for a viewer who reads miles', () => {
    const rows = vehicleRows(
      {
        make: null,
        model: null,
        model_year: null,
        mileage_km: 155100,
        fuel_type: null,
        transmission: null,
        body_type: null,
        color: null,
        vin: null,
      },
      'mi',
    );
    expect(rows).toEqual([['Mileage', '96,375 mi']]);
  });
});
