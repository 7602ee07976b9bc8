import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatDollars } from './money.js';

describe('money (decision 0003: cents in the database, dollars in the API)', () => {
  it('converts cents to dollars exactly', () => {
    expect(centsToDollars(1_234_567)).toBe(12_345.67);
    expect(centsToDollars(0)).toBe(0);
    expect(centsToDollars(5)).toBe(0.05);
  });

  it('converts dollars to whole cents, rounding half away from zero', () => {
    expect(dollarsToCents(12_345.67)).toBe(1_234_567);
    expect(dollarsToCents(12_345.675)).toBe(1_234_568);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(0.125)).toBe(13);
    expect(dollarsToCents(-0.125)).toBe(-13);
    expect(dollarsToCents(10_000_000)).toBe(1_000_000_000);
  });

  it('round-trips every cent amount', () => {
    for (const cents of [0, 1, 99, 100, 12_999, 1_000_000_000]) {
      expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
    }
  });

  it('refuses a non-finite amount', () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('formats whole dollars without cents and others with two decimals', () => {
    expect(formatDollars(12_500)).toBe('$12,500');
    expect(formatDollars(99.5)).toBe('$99.50');
    expect(formatDollars(0)).toBe('$0');
    expect(formatDollars(1_234_567.89)).toBe('$1,234,567.89');
  });
});
