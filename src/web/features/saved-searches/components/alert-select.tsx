/** The alert frequency of a saved search: instantly, daily digest or no e-mails. */
import {
  savedSearchAlerts,
  savedSearchTexts,
  type SavedSearchAlert,
} from '#contract/saved-searches';

export interface AlertSelectProps {
  value: SavedSearchAlert;
  onChange: (alert: SavedSearchAlert) => void;
  id?: string;
  className?: string;
  disabled?: boolean;
  'aria-label'?: string;
}

export function AlertSelect({ value, onChange, ...rest }: AlertSelectProps) {
  return (
    <select
      {...rest}
      className={`select ${rest.className ?? 'w-full'}`}
      value={value}
      onChange={(event) => onChange(event.target.value as SavedSearchAlert)}
    >
      {savedSearchAlerts.map((alert) => (
        <option key={alert} value={alert}>
          {savedSearchTexts.alertLabels[alert]}
        </option>
      ))}
    </select>
  );
}
