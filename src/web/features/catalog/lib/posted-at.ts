/** The posting time of a product card (spec §2 Category page: medium date, short time). */
const postedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Formats an ISO-8601 date-time in the browser's time zone, e.g. "Mar 5, 2025, 2:30 PM"; an
 * unreadable date is shown as it came.
 */
export function formatPostedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : postedAt.format(date);
}
