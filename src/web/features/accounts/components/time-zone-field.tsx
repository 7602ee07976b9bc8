/**
 * The profile's time zone (decision 0049): every time in the user's mail is written in it. A
 * native select of the browser's IANA zones (`Intl.supportedValuesOf('timeZone')`), saved as soon
 * as one is chosen; "Not set" forgets it. Under it, which zone mail uses now and why: the chosen
 * one, the home place's, or UTC.
 */
import { useId, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Profile } from '#contract/profile';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { errorText } from '#web/lib/error-text';
import { queryKeys } from '#web/lib/query-keys';
import toast from '#web/lib/toast';

export const timeZoneTexts = {
  label: 'Time zone',
  help: 'Times in your e-mails (viewings, receipts, reminders) are written in this time zone.',
  notSet: 'Not set',
  saved: 'Time zone saved',
  removed: 'Time zone removed',
  /** Which zone mail uses now, and why. */
  inUse: (name: string, source: Profile['mail_time_zone']['source']) =>
    source === 'profile'
      ? `Your e-mails use ${name}.`
      : source === 'home-place'
        ? `Until you choose, your e-mails use ${name}, the time zone of your home place.`
        : 'Until you choose, your e-mails use UTC.',
};

/** The zones to offer: the browser's list, with the saved one even if this browser lacks it. */
function zoneOptions(saved: string | null): string[] {
  const zones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
  return saved && !zones.includes(saved) ? [saved, ...zones] : zones;
}

export function TimeZoneField({ profile }: { profile: Profile }) {
  const id = useId();
  const queryClient = useQueryClient();
  const options = useMemo(() => zoneOptions(profile.time_zone), [profile.time_zone]);

  const handleChange = (value: string) => {
    const zone = value === '' ? null : value;
    apiCall(apiRoutes.updateProfile, { body: { time_zone: zone } })
      .then((updated) => {
        queryClient.setQueryData(queryKeys.profile(profile.uid), updated);
        toast.success(zone ? timeZoneTexts.saved : timeZoneTexts.removed);
      })
      .catch((error: unknown) => toast.error(errorText(error)));
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${id}-zone`} className="font-medium">
        {timeZoneTexts.label}
      </label>
      <p id={`${id}-help`} className="text-sm">
        {timeZoneTexts.help}
      </p>
      <select
        id={`${id}-zone`}
        className="select select-bordered w-full max-w-full"
        aria-describedby={`${id}-help ${id}-in-use`}
        value={profile.time_zone ?? ''}
        onChange={(event) => handleChange(event.target.value)}
      >
        <option value="">{timeZoneTexts.notSet}</option>
        {options.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </select>
      <p id={`${id}-in-use`} className="text-base-content/70 text-sm" aria-live="polite">
        {timeZoneTexts.inUse(profile.mail_time_zone.name, profile.mail_time_zone.source)}
      </p>
    </div>
  );
}
