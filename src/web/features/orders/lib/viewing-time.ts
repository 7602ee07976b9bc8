/**
 * Viewing times in the viewer's own time zone (decision 0034): a day within the next 30 days and
 * a half-hour slot, turned into the instant the API stores (ISO 8601, UTC) and back into the
 * viewer's local words. The browser's time zone is the viewer's; the other side sees the same
 * instant in theirs.
 */
import { viewingWindowDays } from '#contract/limits';

/** The half-hour slots offered, `HH:MM` from 07:00 to 21:30. */
export const viewingSlots: readonly string[] = Array.from({ length: 30 }, (_, i) => {
  const minutes = 7 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
});

/** A local calendar day as `YYYY-MM-DD`. */
function localDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The first and last day a viewing may be on, in the viewer's time zone (`YYYY-MM-DD`). */
export function viewingDayBounds(now: Date = new Date()): { min: string; max: string } {
  const last = new Date(now);
  last.setDate(last.getDate() + viewingWindowDays - 1);
  return { min: localDay(now), max: localDay(last) };
}

/**
 * The instant of `day` (`YYYY-MM-DD`) at `slot` (`HH:MM`) in the viewer's time zone, as ISO 8601
 * in UTC; null when either is missing or malformed.
 */
export function viewingInstant(day: string, slot: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(slot)) return null;
  const at = new Date(`${day}T${slot}:00`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/**
 * Why a chosen day and slot cannot be a viewing time (in the past, or past the window), or null
 * when it can. Both empty is no viewing at all (null).
 */
export function viewingProblem(day: string, slot: string, now: Date = new Date()): string | null {
  if (!day && !slot) return null;
  const at = viewingInstant(day, slot);
  if (!at) return 'Choose a day and a time for the viewing';
  const time = new Date(at).getTime();
  if (time <= now.getTime()) return 'Choose a time in the future';
  if (time > now.getTime() + viewingWindowDays * 24 * 60 * 60 * 1000) {
    return `Choose a day within the next ${viewingWindowDays} days`;
  }
  return null;
}

const formatter = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** A viewing time in the viewer's words and time zone, e.g. "Tue, 1 Dec, 15:30 GMT+1". */
export function formatViewing(iso: string): string {
  return formatter.format(new Date(iso));
}
