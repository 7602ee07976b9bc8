/**
 * Money helpers. The database keeps integer cents (docs/architecture.md); the API's spec-named price
 * fields (`resell_price`, `original_price`, `product_price`, `price`) carry US dollars as numbers
 * with at most two decimals, converted exactly from cents.
 */

/** Converts integer cents to dollars, e.g. 1234567 → 12345.67. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/**
 * Converts a dollar amount to integer cents, rounding half away from zero to the nearest cent,
 * e.g. 12345.675 → 1234568. Throws RangeError on a non-finite number.
 */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError('amount must be a finite number');
  return Math.sign(dollars) * Math.round(Math.abs(dollars) * 100);
}

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Formats dollars for display, e.g. 12500 → "$12,500" and 99.5 → "$99.50"; with `cents: true`
 * always with cents, e.g. 4200 → "$4,200.00" (an amount about to be charged).
 */
export function formatDollars(dollars: number, options: { cents?: boolean } = {}): string {
  const format = options.cents || !Number.isInteger(dollars) ? dollarsAndCents : wholeDollars;
  return format.format(dollars);
}

/**
 * What a card and the listing page show for an original price a car's seller left out
 * (docs/spec-deviations.md).
 */
export const originalPriceNotGiven = 'not given';
