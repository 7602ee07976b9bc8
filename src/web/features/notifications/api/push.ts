/**
 * Push notifications of the signed-in user (contract src/contract/push.ts; decision 0045):
 * - `usePushSettings()` / `useUpdatePushSettings()`: GET/PUT /api/push/settings;
 * - `subscribeThisDevice()`: asks for permission, subscribes this browser's service worker with
 *   the server's VAPID key (GET /api/push/config) and stores it (POST /api/push/subscriptions);
 * - `pushSupport()`: whether this browser can take push notifications at all.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushKind, PushSetting } from '#contract/push';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { queryKeys } from '#web/lib/query-keys';

function useUid(): string {
  const { user, loading } = useAuth();
  return loading ? '' : (user?.uid ?? '');
}

export function usePushSettings() {
  const uid = useUid();
  return useQuery({
    queryKey: queryKeys.pushSettings.mine(uid),
    queryFn: ({ signal }) => apiCall(apiRoutes.getPushSettings, { signal }),
    enabled: uid !== '',
  });
}

export function useUpdatePushSettings() {
  const uid = useUid();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: { kind: PushKind; enabled: boolean }[]) =>
      apiCall(apiRoutes.updatePushSettings, { body: { settings } }),
    onSuccess: (answer: { settings: PushSetting[] }) =>
      queryClient.setQueryData(queryKeys.pushSettings.mine(uid), answer),
  });
}

/** 'unsupported' (no service worker or Push API), 'denied', 'granted' or 'default'. */
export function pushSupport(): 'unsupported' | NotificationPermission {
  if (typeof window === 'undefined') return 'unsupported';
  if (
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Subscribes this browser and stores the subscription for the signed-in user.
 * @throws Error when permission is refused or no service worker is running.
 */
export async function subscribeThisDevice(): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') {
    throw new Error('Notifications are blocked for this site in your browser settings');
  }
  const registration = await navigator.serviceWorker.ready;
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
