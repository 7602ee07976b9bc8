import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatDate, monthYearFormat } from './local-time';

describe('formatDate (docs/product.md §2: medium date, short time)', () => {
  it('formats an ISO date-time in the medium-short style, in the given time zone', () => {
    const iso = '2025-03-05T23:30:00.000Z';
    expect(formatDate(iso, dateTimeFormat, 'UTC')).toBe('Mar 5, 2025, 11:30 PM');
    // The same instant is already the next day in Auckland: the zone matters (decision 0015).
    expect(formatDate(iso, dateTimeFormat, 'Pacific/Auckland')).toBe('Mar 6, 2025, 12:30 PM');
    expect(formatDate(iso, monthYearFormat, 'UTC')).toBe('March 2025');
  });

  it('shows an unreadable date as it came', () => {
    expect(formatDate('yesterday', dateTimeFormat)).toBe('yesterday');
  });
});
