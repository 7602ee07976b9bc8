/**
 * Whether the page is live: false on the server and while React hydrates server HTML (decision
 * 0015), true afterwards and at once in a render that starts in the browser. For markup that must
 * match the server's until hydration ends (local times, a server-rendered form's submit button).
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
