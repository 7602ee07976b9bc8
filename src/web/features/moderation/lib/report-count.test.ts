import { describe, expect, it } from 'vitest';
import { formatReportCount } from './report-count';

describe('formatReportCount (docs/product.md §9)', () => {
  it('shows the count as "N User"', () => {
    expect(formatReportCount(1)).toBe('1 User');
    expect(formatReportCount(12)).toBe('12 User');
  });
});
