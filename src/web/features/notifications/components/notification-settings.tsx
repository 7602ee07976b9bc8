/**
 * The signed-in user's notification settings, e-mail and push in one table (decisions 0018 and
 * 0045): one row per kind, its label and what it covers, an E-mail switch and a Push switch side
 * by side. The two channels' kinds come from their own APIs (GET /api/notification-settings,
 * GET /api/push/settings); a kind both have (`message`, `offer`, `viewing`, `price-drop`) is one
 * row whose label says exactly what both switches cover (decision 0049), and a kind only one
 * channel has shows "—" in the other column (new bookings, declined or cancelled bookings and
 * receipts are not pushed; saved-search mails are set per search).
 *
 * Changing a switch saves at once (PUT of its channel) and says so in a toast; a failed save
 * shows the server's message and puts the switch back. Receipts, payments and safety are always mailed: their
 * box is checked and disabled. The Push switches are disabled, with the reason above the table,
 * until this browser is subscribed ("Turn on for this device") and where it cannot take pushes.
 *
 * Exported for the profile page (`/user/profile`), whose "Notifications" card already has an
 * `<h2>`: `<ProfileRoute notifications={<NotificationSettings headingLevel={3} />} />`.
 */
import { useEffect, useId, useState } from 'react';
import toast from '#web/lib/toast';
import { Link } from 'react-router';
import type { NotificationSetting } from '#contract/notifications';
import type { PushSetting } from '#contract/push';
import { ErrorMessage } from '#web/components/error-message';
import { errorText } from '#web/lib/error-text';
import { paths } from '#web/lib/paths';
import {
  pushDeviceState,
  subscribeThisDevice,
  useNotificationSettings,
  usePushSettings,
  useUpdateNotificationSettings,
  useUpdatePushSettings,
  type PushDeviceState,
} from '../api/notification-settings';

export const notificationSettingsTexts = {
  heading: 'E-mail and push notifications',
  kindColumn: 'Notification',
  mailColumn: 'E-mail',
  pushColumn: 'Push',
  /** The accessible names of a row's switches. */
  mailSwitch: (label: string) => `${label} by e-mail`,
  pushSwitch: (label: string) => `${label} by push`,
  noMail: 'No e-mail switch for this kind',
  noPush: 'Not sent as a push notification',
  saved: 'Notification settings saved',
  loading: 'Loading notification settings',
  turnOn: 'Turn on for this device',
  /** Why the Push switches are disabled, or that they work. */
  push: {
    checking: 'Checking whether this browser can show push notifications…',
    unsupported: 'This browser cannot show push notifications.',
    denied: 'Notifications are blocked for this site in your browser settings.',
    off: 'Turn push on for this device to use the Push switches.',
    on: 'Push notifications are on for this device.',
  },
  savedSearchMail: 'E-mail alerts are set on each search in',
};

/**
 * The order of the rows; a kind the APIs answer that is missing here goes at the end. Related
 * rows sit together: messages, then the deal (bookings, offers, viewings, declines)…
 */
const rowOrder = [
  'message',
  'booking',
  'offer',
  'viewing',
  'order-update',
  'saved-search',
  'price-drop',
  'payment',
] as const;

interface Row {
  kind: string;
  label: string;
  mail?: NotificationSetting;
  push?: PushSetting;
}

function rowsOf(mail: NotificationSetting[], push: PushSetting[]): Row[] {
  const kinds = [...rowOrder, ...mail.map((s) => s.kind), ...push.map((s) => s.kind)];
  const rows: Row[] = [];
  for (const kind of new Set<string>(kinds)) {
    const mailSetting = mail.find((s) => s.kind === kind);
    const pushSetting = push.find((s) => s.kind === kind);
    const label = mailSetting?.label ?? pushSetting?.label;
    if (label === undefined) continue;
    rows.push({ kind, label, mail: mailSetting, push: pushSetting });
  }
  return rows;
}

export interface NotificationSettingsProps {
  /** The level of the heading (2 alone on a page, 3 inside a card). */
  headingLevel?: 2 | 3;
}

export function NotificationSettings({ headingLevel = 2 }: NotificationSettingsProps) {
  const id = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const mail = useNotificationSettings();
  const push = usePushSettings();
  const updateMail = useUpdateNotificationSettings();
  const updatePush = useUpdatePushSettings();
  const [device, setDevice] = useState<PushDeviceState | 'checking'>('checking');
  const [subscribing, setSubscribing] = useState(false);
  const texts = notificationSettingsTexts;

  useEffect(() => {
    let live = true;
    void pushDeviceState().then((state) => live && setDevice(state));
    return () => {
      live = false;
    };
  }, []);

  const saved = {
    onSuccess: () => toast.success(texts.saved),
    onError: (error: Error) => toast.error(errorText(error)),
  };
  const pushReasonId = `${id}-push-state`;
  const pushUsable = device === 'on';

  const turnOn = () => {
    setSubscribing(true);
    subscribeThisDevice()
      .then(() => toast.success(texts.push.on))
      .catch((error: unknown) => toast.error(errorText(error)))
      .finally(() => {
        setSubscribing(false);
        void pushDeviceState().then(setDevice);
      });
  };

  const cell = 'w-12 px-0 py-2 text-center align-top sm:w-20';
  const switchLabel = 'inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center';

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <Heading
        id={`${id}-heading`}
        className={headingLevel === 3 ? 'font-semibold' : 'text-xl font-semibold'}
      >
        {texts.heading}
      </Heading>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p id={pushReasonId} className="text-base-content/70 min-w-0 text-sm break-words">
          {texts.push[device]}
        </p>
        {device === 'off' && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={subscribing}
            onClick={turnOn}
          >
            {texts.turnOn}
          </button>
        )}
      </div>
      {mail.isPending || push.isPending ? (
        <span className="loading loading-spinner" aria-label={texts.loading} />
      ) : mail.isError ? (
        <ErrorMessage error={mail.error} />
      ) : push.isError ? (
        <ErrorMessage error={push.error} />
      ) : (
        <table className="w-full table-fixed border-collapse text-left">
          <thead className="text-base-content/70 text-sm">
            <tr className="border-base-300 border-b">
              <th scope="col" className="py-2 pr-2 font-medium">
                {texts.kindColumn}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                {texts.mailColumn}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                {texts.pushColumn}
              </th>
            </tr>
          </thead>
          <tbody className="divide-base-300 divide-y">
            {rowsOf(mail.data.settings, push.data.settings).map((row) => {
              const rowId = `${id}-${row.kind}`;
              const both = row.mail && row.push && row.mail.description !== row.push.description;
              return (
                <tr key={row.kind}>
                  <th scope="row" className="min-w-0 py-3 pr-2 align-top font-normal">
                    <span className="block font-medium break-words">{row.label}</span>
                    <span
                      id={`${rowId}-description`}
                      className="text-base-content/70 block text-sm break-words"
                    >
                      {both ? (
                        <>
                          <span className="block">
                            {texts.mailColumn}: {lowerFirst(row.mail!.description)}.
                          </span>
                          <span className="block">
                            {texts.pushColumn}: {lowerFirst(row.push!.description)}.
                          </span>
                        </>
                      ) : (
                        <>{(row.mail ?? row.push)!.description}.</>
                      )}
                      {row.kind === 'saved-search' && (
                        <>
                          {' '}
                          {texts.savedSearchMail}{' '}
                          <Link to={paths.savedSearches.href()} className="link link-primary">
                            Saved searches
                          </Link>
                          .
                        </>
                      )}
                    </span>
                  </th>
                  <td className={cell}>
                    {row.mail ? (
                      <label className={switchLabel}>
                        <input
                          type="checkbox"
                          className="checkbox checkbox-primary"
                          aria-label={texts.mailSwitch(row.label)}
                          aria-describedby={`${rowId}-description`}
                          checked={row.mail.enabled}
                          disabled={row.mail.locked || updateMail.isPending}
                          onChange={(event) =>
                            updateMail.mutate(
                              [{ kind: row.mail!.kind, enabled: event.target.checked }],
                              saved,
                            )
                          }
                        />
                      </label>
                    ) : (
                      <Dash text={texts.noMail} />
                    )}
                  </td>
                  <td className={cell}>
                    {row.push ? (
                      <label className={switchLabel}>
                        <input
                          type="checkbox"
                          className="checkbox checkbox-primary"
                          aria-label={texts.pushSwitch(row.label)}
                          aria-describedby={`${rowId}-description ${pushReasonId}`}
                          checked={row.push.enabled}
                          disabled={!pushUsable || updatePush.isPending}
                          onChange={(event) =>
                            updatePush.mutate(
                              [{ kind: row.push!.kind, enabled: event.target.checked }],
                              saved,
                            )
                          }
                        />
                      </label>
                    ) : (
                      <Dash text={texts.noPush} />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** "When a message…" → "when a message…", after "E-mail:". */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** "—" in a column the row's kind has no switch in, with its meaning for screen readers. */
function Dash({ text }: { text: string }) {
  return (
    <span className="inline-flex min-h-11 items-center justify-center">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{text}</span>
    </span>
  );
}
