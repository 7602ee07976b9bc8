/**
 * The signed-in user's time zone (decision 0049): every time in their mail is written in the
 * IANA zone kept on their profile (`time_zone` of `GET`/`PATCH /api/profile`).
 *
 * `BrowserTimeZone` fills it from the browser at sign-in: once the profile has loaded without a
 * zone, it sends the browser's own (`Intl.DateTimeFormat().resolvedOptions().timeZone`), once per
 * account and browser session. A zone the person chose is never overwritten; a zone the server
 * refuses is left alone (mail then uses the home place's zone, or UTC, and says so).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from './api-client';
import { useAuth } from './auth/auth-context';
import { queryKeys } from './query-keys';

/** The browser's IANA zone, or null when it does not say (or says only an offset). */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && (zone.includes('/') || zone === 'UTC') ? zone : null;
  } catch {
    return null;
  }
}

const triedKey = (uid: string) => `second-gear:time-zone-tried:${uid}`;

/** Renders nothing; sets an unset profile time zone from the browser (see the module). */
export function BrowserTimeZone() {
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  const queryClient = useQueryClient();
  const { data: profile } = useQuery({
    queryKey: queryKeys.profile(uid),
    queryFn: ({ signal }) => apiCall(apiRoutes.getProfile, { signal }),
    enabled: uid !== '',
    staleTime: 60_000,
  });
  const missing = profile !== undefined && profile.time_zone === null;

  useEffect(() => {
    if (!missing || uid === '') return;
    const zone = browserTimeZone();
    if (!zone || sessionStorage.getItem(triedKey(uid))) return;
    sessionStorage.setItem(triedKey(uid), '1');
    apiCall(apiRoutes.updateProfile, { body: { time_zone: zone } })
      .then((updated) => queryClient.setQueryData(queryKeys.profile(uid), updated))
      .catch(() => {
        // Refused or offline: mail keeps its fallback; the profile page lets the person choose.
      });
  }, [missing, uid, queryClient]);

  return null;
}
