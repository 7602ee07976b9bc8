/** The VIN check digit (49 CFR § 565.15) and the mapping of vPIC values onto our enums. */
import { describe, expect, it } from 'vitest';
import { expectedCheckDigit, isNorthAmerican } from './check-digit.js';
import { mapFuelType, mapTransmission } from './vin-decoder.js';

describe('expectedCheckDigit', () => {
  it('computes the NHTSA example and other known VINs', () => {
    expect(expectedCheckDigit('1HGCM82633A004352')).toBe('3');
    expect(expectedCheckDigit('11111111111111111')).toBe('1');
    expect(expectedCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(expectedCheckDigit('5YJ3E1EA2KF317000')).toBe('2');
  });

  it('ignores position 9 itself (weight 0)', () => {
    expect(expectedCheckDigit('1HGCM82643A004352')).toBe('3');
  });

  it('refuses what is not a VIN', () => {
    expect(() => expectedCheckDigit('ABC')).toThrow(RangeError);
    expect(() => expectedCheckDigit('1HGCM82633A00435I')).toThrow(RangeError);
  });

  it('knows North-American VINs by their first character', () => {
    expect(isNorthAmerican('1HGCM82633A004352')).toBe(true);
    expect(isNorthAmerican('5YJ3E1EA2KF317000')).toBe(true);
    expect(isNorthAmerican('WVWZZZ1JZXW000001')).toBe(false);
    expect(isNorthAmerican('JTDKB20U793000000')).toBe(false);
  });
});

describe('mapping vPIC values', () => {
  it('maps fuel types onto Petrol/Diesel/Hybrid/Electric/Other', () => {
    expect(mapFuelType('Gasoline')).toBe('Petrol');
    expect(mapFuelType('Flexible Fuel Vehicle (FFV)')).toBe('Petrol');
    expect(mapFuelType('Diesel')).toBe('Diesel');
    expect(mapFuelType('Hybrid')).toBe('Hybrid');
    expect(mapFuelType('Plug-in Hybrid Electric Vehicle (PHEV)')).toBe('Hybrid');
    expect(mapFuelType('Electric')).toBe('Electric');
    expect(mapFuelType('Compressed Natural Gas (CNG)')).toBe('Other');
    expect(mapFuelType('')).toBeNull();
    expect(mapFuelType(undefined)).toBeNull();
  });

  it('maps transmissions onto Manual/Automatic, else nothing', () => {
    expect(mapTransmission('Manual/Standard')).toBe('Manual');
    expect(mapTransmission('Automatic')).toBe('Automatic');
    expect(mapTransmission('Continuously Variable Transmission (CVT)')).toBe('Automatic');
    expect(mapTransmission('Dual-Clutch Transmission (DCT)')).toBe('Automatic');
    expect(mapTransmission('Electronic Continuously Variable (e-CVT)')).toBe('Automatic');
    expect(mapTransmission('Something else')).toBeNull();
    expect(mapTransmission(null)).toBeNull();
  });
});
