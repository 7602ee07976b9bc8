/**
 * Notification e-mail settings of the signed-in user (contract
 * src/contract/notifications.ts):
 * - `useNotificationSettings()`: GET /api/notification-settings;
 * - `useUpdateNotificationSettings()`: PUT /api/notification-settings `{settings: [{kind, enabled}]}`,
 *   which answers the new settings (written straight into the cache).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationKind, NotificationSetting } from '#contract/notifications';
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

/**
 * Saves changes. The boxes change at once (the cache is updated before the call) and go back
 * when the call fails; the server's answer then replaces the cache.
 */
export function useUpdateNotificationSettings() {
  const uid = useUid();
  const queryClient = useQueryClient();
  const key = queryKeys.notificationSettings.mine(uid);
  type Answer = { settings: NotificationSetting[] };
  return useMutation({
    mutationFn: (settings: { kind: NotificationKind; enabled: boolean }[]) =>
      apiCall(apiRoutes.updateNotificationSettings, { body: { settings } }),
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
