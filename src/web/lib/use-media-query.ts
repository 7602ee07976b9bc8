/**
 * Whether a CSS media query matches, following it as the window changes (`matchMedia`'s change
 * event). False on the server and while React hydrates server HTML (the phone layout first), the
 * real answer at once in a render that starts in the browser.
 */
import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
