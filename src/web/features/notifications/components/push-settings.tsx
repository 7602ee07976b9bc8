/**
 * Push notifications on the profile (decision 0045), beside the e-mail settings: a button that
 * turns them on for this device (permission, subscription), and one checkbox per kind, saved at
 * once (PUT /api/push/settings). Where the browser cannot take pushes it says so.
 */
import { useId, useState } from 'react';
import toast from '#web/lib/toast';
import type { PushKind } from '#contract/push';
import { ErrorMessage } from '#web/components/error-message';
import { errorText } from '#web/lib/error-text';
import {
  pushSupport,
  subscribeThisDevice,
  usePushSettings,
  useUpdatePushSettings,
} from '../api/push';

export const pushSettingsTexts = {
  heading: 'Push notifications',
  turnOn: 'Turn on for this device',
  on: 'Push notifications are on for this device.',
  unsupported: 'This browser cannot show push notifications.',
  denied: 'Notifications are blocked for this site in your browser settings.',
  saved: 'Push settings saved',
};

export function PushSettings({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const headingId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const settings = usePushSettings();
  const update = useUpdatePushSettings();
  const [support, setSupport] = useState(pushSupport);
  const [busy, setBusy] = useState(false);

  const change = (kind: PushKind, enabled: boolean) =>
    update.mutate([{ kind, enabled }], {
      onSuccess: () => toast.success(pushSettingsTexts.saved),
      onError: (error) => toast.error(errorText(error)),
    });

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <Heading
        id={headingId}
        className={headingLevel === 3 ? 'font-semibold' : 'text-xl font-semibold'}
      >
        {pushSettingsTexts.heading}
      </Heading>
      {support === 'unsupported' ? (
        <p className="text-base-content/70 text-sm">{pushSettingsTexts.unsupported}</p>
      ) : support === 'denied' ? (
        <p className="text-base-content/70 text-sm">{pushSettingsTexts.denied}</p>
      ) : support === 'granted' ? (
        <p className="text-base-content/70 text-sm">{pushSettingsTexts.on}</p>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            subscribeThisDevice()
              .then(() => toast.success(pushSettingsTexts.on))
              .catch((error: unknown) => toast.error(errorText(error)))
              .finally(() => {
                setBusy(false);
                setSupport(pushSupport());
              });
          }}
        >
          {pushSettingsTexts.turnOn}
        </button>
      )}
      {settings.isPending ? (
        <span className="loading loading-spinner" aria-label="Loading push settings" />
      ) : settings.isError ? (
        <ErrorMessage error={settings.error} />
      ) : (
        <ul className="divide-base-300 divide-y">
          {settings.data.settings.map((setting) => {
            const id = `${headingId}-${setting.kind}`;
            return (
              <li key={setting.kind} className="flex items-start gap-3 py-3">
                <input
                  id={id}
                  type="checkbox"
                  className="checkbox checkbox-primary mt-1 shrink-0"
                  checked={setting.enabled}
                  disabled={update.isPending}
                  aria-describedby={`${id}-description`}
                  onChange={(event) => change(setting.kind, event.target.checked)}
                />
                <div className="min-w-0">
                  <label htmlFor={id} className="cursor-pointer font-medium">
                    {setting.label} (push)
                  </label>
                  <p id={`${id}-description`} className="text-base-content/70 text-sm break-words">
                    {setting.description}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
