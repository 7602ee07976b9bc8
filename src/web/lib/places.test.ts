import { describe, expect, it } from 'vitest';
import { distanceText, greatCircleKm, localeUnit, radiusChoice, radiusKm } from './places';

describe('distances in the viewer unit', () => {
  it('defaults to miles for en-US and en-GB, kilometres elsewhere', () => {
    expect(localeUnit('en-US')).toBe('mi');
    expect(localeUnit('en-GB')).toBe('mi');
    expect(localeUnit('de-DE')).toBe('km');
    expect(localeUnit('fr')).toBe('km');
  });

  it('writes "N km away" and "N mi away"', () => {
    expect(distanceText(12.34, 'km')).toBe('12 km away');
    expect(distanceText(3.21, 'km')).toBe('3.2 km away');
    expect(distanceText(293.5, 'mi')).toBe('182 mi away');
  });

  it('turns radius choices into the API km and back', () => {
    expect(radiusKm(50, 'km')).toBe(50);
    expect(radiusKm(50, 'mi')).toBe(80.5);
    expect(radiusChoice(80.5, 'mi')).toBe(50);
    expect(radiusChoice(50, 'km')).toBe(50);
  });

  it('measures Austin to Dallas as about 293 km', () => {
    const km = greatCircleKm({ lat: 30.26715, lon: -97.74306 }, { lat: 32.78306, lon: -96.80667 });
    expect(km).toBeGreaterThan(290);
    expect(km).toBeLessThan(296);
  });
});
