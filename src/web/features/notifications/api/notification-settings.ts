/**
 * The signed-in user's notification settings, e-mail and push (contracts
 * src/contract/notifications.ts and src/contract/push.ts; decisions 0018 and 0045):
 * - `useNotificationSettings()` / `useUpdateNotificationSettings()`: the e-mail switches,
 *   GET/PUT /api/notification-settings `{settings: [{kind, enabled}]}`;
 * - `usePushSettings()` / `useUpdatePushSettings()`: the push switches, GET/PUT
 *   /api/push/settings, of the same shape;
 * - `pushDeviceState()`: whether this browser can take pushes and is subscribed;
 * - `subscribeThisDevice()`: asks for permission, subscribes this browser's service worker with
 *   the server's VAPID key (GET /api/push/config) and stores it (POST /api/push/subscriptions).
 *
 * Both updates change the boxes at once (the cache is updated before the call), put them back
 * when the call fails, and then take the server's answer into the cache.
 */
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { NotificationKind, NotificationSetting } from '#contract/notifications';
import type { PushKind, PushSetting } from '#contract/push';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { queryKeys } from '#web/lib/query-keys';

function useUid(): string {
  const { user, loading } = useAuth();
  return loading ? '' : (user?.uid ?? '');
}

export function useNotificationSettings() {
  const uid = useUid();
  return useQuery({
    queryKey: queryKeys.notificationSettings.mine(uid),
    queryFn: ({ signal }) => apiCall(apiRoutes.getNotificationSettings, { signal }),
    enabled: uid !== '',
  });
}

export function usePushSettings() {
  const uid = useUid();
  return useQuery({
    queryKey: queryKeys.pushSettings.mine(uid),
    queryFn: ({ signal }) => apiCall(apiRoutes.getPushSettings, { signal }),
    enabled: uid !== '',
  });
}

/** A change of some switches of one channel. */
type Change<Kind> = { kind: Kind; enabled: boolean };

/** The optimistic update both channels share: `save` is the PUT of that channel. */
function useOptimisticSettings<Kind extends string, Setting extends Change<Kind>>(
  key: QueryKey,
  save: (changes: Change<Kind>[]) => Promise<{ settings: Setting[] }>,
) {
  const queryClient = useQueryClient();
  type Answer = { settings: Setting[] };
  return useMutation({
    mutationFn: save,
    onMutate: async (changes) => {
      // Set before the first await, so the box changes in the same render as the click.
      const previous = queryClient.getQueryData<Answer>(key);
      if (previous) {
        const next = new Map(changes.map((change) => [change.kind, change.enabled]));
        queryClient.setQueryData<Answer>(key, {
          settings: previous.settings.map((setting) => ({
            ...setting,
            enabled: next.get(setting.kind) ?? setting.enabled,
          })),
        });
      }
      await queryClient.cancelQueries({ queryKey: key });
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}

/** Saves e-mail switches (PUT /api/notification-settings). */
export function useUpdateNotificationSettings() {
  const uid = useUid();
  return useOptimisticSettings<NotificationKind, NotificationSetting>(
    queryKeys.notificationSettings.mine(uid),
    (settings) => apiCall(apiRoutes.updateNotificationSettings, { body: { settings } }),
  );
}

/** Saves push switches (PUT /api/push/settings). */
export function useUpdatePushSettings() {
  const uid = useUid();
  return useOptimisticSettings<PushKind, PushSetting>(
    queryKeys.pushSettings.mine(uid),
    (settings) => apiCall(apiRoutes.updatePushSettings, { body: { settings } }),
  );
}

/**
 * This browser and push:
 * - `unsupported`: no service worker, Push API or Notification API;
 * - `denied`: the person blocked notifications for this site;
 * - `off`: not subscribed (no permission asked yet, or no subscription);
 * - `on`: permission granted and this browser's service worker has a push subscription.
 */
export type PushDeviceState = 'unsupported' | 'denied' | 'off' | 'on';

function pushUnsupported(): boolean {
  return (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  );
}

/** Reads this browser's push state (never rejects: a failed read counts as `off`). */
export async function pushDeviceState(): Promise<PushDeviceState> {
  if (pushUnsupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    return subscription ? 'on' : 'off';
  } catch {
    return 'off';
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** How long to wait for the service worker to be active before giving up (ms). */
const workerWaitMs = 10_000;

/**
 * Subscribes this browser and stores the subscription for the signed-in user (the same endpoint
 * again replaces its keys and owner on the server).
 * @throws Error when permission is refused, no service worker becomes active within 10 s, or
 *   the push service or our API refuses.
 */
export async function subscribeThisDevice(): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') {
    throw new Error('Notifications are blocked for this site in your browser settings');
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error('The app is not ready for notifications yet; reload the page')),
        workerWaitMs,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  const { vapid_public_key } = await apiCall(apiRoutes.getPushConfig, {});
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(vapid_public_key),
    }));
  const json = subscription.toJSON();
  await apiCall(apiRoutes.createPushSubscription, {
    body: {
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
}
