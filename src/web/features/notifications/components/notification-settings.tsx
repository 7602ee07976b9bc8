/**
 * The signed-in user's notification e-mail settings: one checkbox per kind with its
 * label and what it means. Changing a box saves at once (PUT /api/notification-settings) and
 * says so in a toast; a failed save shows the server's message and puts the box back. Payment
 * receipts are always sent: their box is checked and disabled. Saved-search alerts are set on
 * each saved search, which the list says with a link.
 *
 * Exported for the profile page (`/user/profile`), whose "Notifications" card already has an
 * `<h2>`: `<ProfileRoute notifications={<NotificationSettings headingLevel={3} />} />`.
 */
import { useId } from 'react';
import toast from '#web/lib/toast';
import { Link } from 'react-router';
import type { NotificationKind } from '#contract/notifications';
import { ErrorMessage } from '#web/components/error-message';
import { errorText } from '#web/lib/error-text';
import { paths } from '#web/lib/paths';
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
} from '../api/notification-settings';

/** The toast after a change is saved. */
export const notificationSettingsSavedText = 'Notification settings saved';

export interface NotificationSettingsProps {
  /** The level of the "E-mail notifications" heading (2 alone on a page, 3 inside a card). */
  headingLevel?: 2 | 3;
}

export function NotificationSettings({ headingLevel = 2 }: NotificationSettingsProps) {
  const headingId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();

  const change = (kind: NotificationKind, enabled: boolean) =>
    update.mutate([{ kind, enabled }], {
      onSuccess: () => toast.success(notificationSettingsSavedText),
      onError: (error) => toast.error(errorText(error)),
    });

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <Heading
        id={headingId}
        className={headingLevel === 3 ? 'font-semibold' : 'text-xl font-semibold'}
      >
        E-mail notifications
      </Heading>
      {settings.isPending ? (
        <span className="loading loading-spinner" aria-label="Loading notification settings" />
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
                  disabled={setting.locked || update.isPending}
                  aria-describedby={`${id}-description`}
                  onChange={(event) => change(setting.kind, event.target.checked)}
                />
                <div className="min-w-0">
                  <label htmlFor={id} className="cursor-pointer font-medium">
                    {setting.label}
                  </label>
                  <p id={`${id}-description`} className="text-base-content/70 text-sm break-words">
                    {setting.description}
                  </p>
                </div>
              </li>
            );
          })}
          <li className="text-base-content/70 py-3 text-sm">
            Alerts for saved searches are set on each search in{' '}
            <Link to={paths.savedSearches.href()} className="link link-primary">
              Saved searches
            </Link>
            .
          </li>
        </ul>
      )}
    </section>
  );
}
