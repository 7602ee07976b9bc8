/**
 * The signed-in user's home place (decision 0026): the place they search from by default, kept
 * on their profile (`home_place` of `GET /api/profile`, set by `PATCH /api/profile
 * {home_place_id}`) so it follows them to every device, beside the local-storage centre a
 * visitor has (lib/places.ts).
 *
 * - A place chosen on /search or on the profile page is saved to both.
 * - On a device with no remembered centre, the profile's place becomes it once the profile has
 *   loaded, so the search page, the listing page's distance and the cards measure from it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { Place } from '#contract/places';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from './api-client';
import { useAuth } from './auth/auth-context';
import { greatCircleKm, readRememberedCentre, writeRememberedCentre } from './places';
import { queryKeys } from './query-keys';
import { useHydrated } from './use-hydrated';

export interface HomePlace {
  /** The profile's place; null when none is chosen, signed out, or not loaded yet. */
  homePlace: Place | null;
  /**
   * True once it is known: the auth state has settled, and when signed in the profile has loaded.
   */
  known: boolean;
  /**
   * Remembers `place` (null forgets it) as the default centre: in local storage, and on the
   * profile when signed in. Resolves true once the profile has it (or already had it), false
   * when it is kept on this device only (signed out, or the save failed: the search goes on).
   * Never rejects.
   */
  saveHomePlace: (place: Place | null) => Promise<boolean>;
}

/** The signed-in user's home place and the way to change it (see the module comment). */
export function useHomePlace(): HomePlace {
  const { user, loading } = useAuth();
  const uid = user?.uid ?? '';
  const queryClient = useQueryClient();
  const { data: profile, isSuccess } = useQuery({
    queryKey: queryKeys.profile(uid),
    queryFn: ({ signal }) => apiCall(apiRoutes.getProfile, { signal }),
    enabled: uid !== '',
    staleTime: 60_000,
  });
  const homePlace = profile?.home_place ?? null;

  // A device that remembers no centre takes the profile's.
  useEffect(() => {
    if (homePlace && !readRememberedCentre()) {
      writeRememberedCentre({ kind: 'place', place: homePlace });
    }
  }, [homePlace]);

  const saveHomePlace = useCallback(
    async (place: Place | null) => {
      writeRememberedCentre(place ? { kind: 'place', place } : null);
      if (uid === '') return false;
      if (profile && (profile.home_place?.id ?? null) === (place?.id ?? null)) return true;
      try {
        const updated = await apiCall(apiRoutes.updateProfile, {
          body: { home_place_id: place?.id ?? null },
        });
        queryClient.setQueryData(queryKeys.profile(uid), updated);
        return true;
      } catch {
        // Kept on this device only; the next choice tries again.
        return false;
      }
    },
    [uid, profile, queryClient],
  );

  return { homePlace, known: !loading && (uid === '' || isSuccess), saveHomePlace };
}

/** Where the viewer measures distances from: a position (degrees), and its place when it is one. */
export interface ViewerCentre {
  lat: number;
  lon: number;
  /** The gazetteer place; null for a position ("Use my location"). */
  place: Place | null;
}

/**
 * The centre the viewer measures distances from (decision 0026): this device's remembered
 * centre, else the signed-in user's home place; null without either, and always null on the
 * server and during hydration (the server cannot know it), so server-rendered markup matches
 * until the page is live.
 */
export function useViewerCentre(): ViewerCentre | null {
  const hydrated = useHydrated();
  const { homePlace } = useHomePlace();
  if (!hydrated) return null;
  const remembered = readRememberedCentre();
  if (remembered?.kind === 'position')
    return { lat: remembered.lat, lon: remembered.lon, place: null };
  const place = remembered?.place ?? homePlace;
  return place ? { lat: place.lat, lon: place.lon, place } : null;
}

/**
 * The great-circle distance (km) from the viewer's centre (`useViewerCentre`) to `place`;
 * undefined without a centre or a place, and on the server and during hydration.
 */
export function useViewerDistanceKm(
  place: { lat: number; lon: number } | null,
): number | undefined {
  const centre = useViewerCentre();
  return centre && place ? greatCircleKm(centre, place) : undefined;
}
