import { describe, expect, it } from 'vitest';
import { formatPostedAt } from './posted-at';

describe('formatPostedAt (spec §2: medium date, short time)', () => {
  it('formats an ISO date-time in the medium-short style of the time zone', () => {
    const iso = '2025-03-05T14:30:00.000Z';
    const expected = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));
    expect(formatPostedAt(iso)).toBe(expected);
    expect(expected).toMatch(/^Mar \d, 2025, \d{1,2}:\d{2}\s?[AP]M$/);
  });

  it('shows an unreadable date as it came', () => {
    expect(formatPostedAt('yesterday')).toBe('yesterday');
  });
});
