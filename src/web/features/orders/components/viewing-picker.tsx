/**
 * A viewing day and half-hour slot in the viewer's time zone (decision 0034): a native date input
 * bounded to the next 30 days and a select of slots, both labelled, so they work by keyboard and
 * with a screen reader on every phone.
 */
import { useId } from 'react';
import { viewingDayBounds, viewingSlots } from '../lib/viewing-time';

export interface ViewingPickerProps {
  day: string;
  slot: string;
  onDayChange: (day: string) => void;
  onSlotChange: (slot: string) => void;
  /** Shown under the fields, and tied to them for screen readers. */
  error?: string | null;
  disabled?: boolean;
}

export function ViewingPicker({
  day,
  slot,
  onDayChange,
  onSlotChange,
  error,
  disabled,
}: ViewingPickerProps) {
  const id = useId();
  const bounds = viewingDayBounds();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <fieldset className="fieldset" aria-describedby={error ? `${id}-error` : `${id}-zone`}>
      <legend className="fieldset-legend">Viewing time (optional)</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <label className="flex flex-col gap-1">
          <span className="text-sm">Day</span>
          <input
            type="date"
            className="input w-full"
            min={bounds.min}
            max={bounds.max}
            value={day}
            disabled={disabled}
            onChange={(event) => onDayChange(event.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm">Time</span>
          <select
            className="select w-full"
            value={slot}
            disabled={disabled}
            onChange={(event) => onSlotChange(event.target.value)}
          >
            <option value="">Choose a time</option>
            {viewingSlots.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p id={`${id}-zone`} className="text-xs opacity-80">
        Times are in your time zone ({zone}); the other side sees them in theirs.
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
