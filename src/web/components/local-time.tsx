/**
 * A date or time as the reader's clock shows it, safe on server-rendered pages (decision 0015).
 * The server does not know the reader's time zone, so the server render and the browser's
 * hydrating render both format in UTC (the same text, no hydration mismatch); right after
 * hydration React renders again with the browser's own time zone. A page rendered in the browser
 * alone shows local time at once. Always `en-US` (docs/product.md §2's formats); an unreadable date is shown
 * as it came.
 */
import { useHydrated } from '../lib/use-hydrated';

/** Medium date and short time, e.g. "Mar 5, 2025, 2:30 PM" (docs/product.md §2 Category page). */
export const dateTimeFormat: Intl.DateTimeFormatOptions = {
  dateStyle: 'medium',
  timeStyle: 'short',
};
/**
 * Weekday, day and month with the time, e.g. "Tue, Dec 1, 5:00 PM": a time in words for lists,
 * conversation previews and messages (decision 0048).
 */
export const dayTimeFormat: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
};
/** Medium date, e.g. "Mar 5, 2025". */
export const dateFormat: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
/** Month and year, e.g. "March 2025". */
export const monthYearFormat: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric' };

const formatters = new Map<string, Intl.DateTimeFormat>();

/** `iso` formatted with `options`, in `timeZone` (the runtime's own when undefined). */
export function formatDate(
  iso: string,
  options: Intl.DateTimeFormatOptions,
  timeZone?: string,
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = `${JSON.stringify(options)}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/** `<time dateTime={value}>` showing `value` with `format` (UTC until hydrated). */
export function LocalTime({
  value,
  format = dateTimeFormat,
  className,
}: {
  /** ISO-8601 date-time. */
  value: string;
  format?: Intl.DateTimeFormatOptions;
  className?: string;
}) {
  const hydrated = useHydrated();
  return (
    <time className={className} dateTime={value}>
      {formatDate(value, format, hydrated ? undefined : 'UTC')}
    </time>
  );
}
