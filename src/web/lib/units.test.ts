import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  distanceText,
  formatDistance,
  formatMileage,
  fromKm,
  localeUnit,
  readUnit,
  toKm,
  UNIT_STORAGE_KEY,
  subscribeUnit,
  useUnit,
  writeUnit,
} from './units';

describe('formatMileage', () => {
  it('shows kilometres as given, in whole units with thousands separators', () => {
    expect(formatMileage(120_000, 'km')).toBe('120,000 km');
    expect(formatMileage(0, 'km')).toBe('0 km');
  });

  it('converts to statute miles, rounded to whole miles', () => {
    expect(formatMileage(120_000, 'mi')).toBe('74,565 mi');
    expect(formatMileage(1, 'mi')).toBe('1 mi');
    expect(formatMileage(160_934, 'mi')).toBe('100,000 mi');
  });

  it('is never longer in miles than in kilometres (the hydration swap cannot add a line)', () => {
    for (const km of [0, 9, 99, 1_609, 15_000, 99_999, 160_934, 999_999, 5_000_000]) {
      expect(formatMileage(km, 'mi').length).toBeLessThanOrEqual(formatMileage(km, 'km').length);
    }
  });
});

describe('formatDistance', () => {
  it('uses one decimal below 10 and whole units from 10 up', () => {
    expect(formatDistance(3.21, 'km')).toBe('3.2 km');
    expect(formatDistance(12.34, 'km')).toBe('12 km');
    expect(formatDistance(293.5, 'mi')).toBe('182 mi');
    expect(formatDistance(8, 'mi')).toBe('5 mi');
    expect(distanceText(12.34, 'km')).toBe('12 km away');
    // Below one unit (a listing in the viewer's own town measures 0).
    expect(distanceText(0, 'mi')).toBe('Under 1 mi away');
    expect(distanceText(1.5, 'mi')).toBe('Under 1 mi away');
    expect(distanceText(1.5, 'km')).toBe('1.5 km away');
  });
});

describe('filter values', () => {
  it('turns a typed mileage into API kilometres and back', () => {
    expect(toKm(50_000, 'mi')).toBe(80_467);
    expect(toKm(50_000, 'km')).toBe(50_000);
    expect(fromKm(80_467, 'mi')).toBe(50_000);
    expect(fromKm(80_467, 'km')).toBe(80_467);
  });
});

describe('the unit preference', () => {
  /** A Map-backed local storage (the tests run in Node, which has none). */
  function stubStorage(): Map<string, string> {
    const map = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
      removeItem: (key: string) => void map.delete(key),
    });
    return map;
  }
  afterEach(() => vi.unstubAllGlobals());

  it('defaults from the locale: miles for en-US and en-GB, kilometres for de-DE, en-IE, fr', () => {
    expect(localeUnit('en-US')).toBe('mi');
    expect(localeUnit('en-GB')).toBe('mi');
    expect(localeUnit('de-DE')).toBe('km');
    expect(localeUnit('en-IE')).toBe('km');
    expect(localeUnit('fr')).toBe('km');
  });

  it('reads the browser locale until the viewer chooses, then the stored choice', () => {
    const storage = stubStorage();
    vi.stubGlobal('navigator', { language: 'en-US' });
    expect(readUnit()).toBe('mi');
    writeUnit('km');
    expect(storage.get(UNIT_STORAGE_KEY)).toBe('km');
    expect(readUnit()).toBe('km');
    storage.set(UNIT_STORAGE_KEY, 'furlongs');
    expect(readUnit()).toBe('mi');
    vi.stubGlobal('navigator', { language: 'de-DE' });
    expect(readUnit()).toBe('km');
  });

  it('tells every subscriber when the choice changes, until it unsubscribes', () => {
    stubStorage();
    const heard = vi.fn();
    const unsubscribe = subscribeUnit(heard);
    writeUnit('mi');
    expect(heard).toHaveBeenCalledTimes(1);
    unsubscribe();
    writeUnit('km');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('renders kilometres on the server whatever the viewer chose', () => {
    stubStorage().set(UNIT_STORAGE_KEY, 'mi');
    function Shown() {
      return createElement('span', null, formatMileage(120_000, useUnit()));
    }
    expect(renderToString(createElement(Shown))).toBe('<span>120,000 km</span>');
  });
});
