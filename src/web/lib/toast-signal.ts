/**
 * Whether the toasts' module (lib/toast.ts, react-hot-toast) has been loaded yet: it is left out
 * of the entry chunk (home route JS ≤ 120 KB gzipped), so the app mounts the Toaster
 * (app/toasts.tsx) only once some code that can toast has loaded it. Part of the entry chunk: a
 * flag and its subscribers, nothing else.
 */
import { useSyncExternalStore } from 'react';

let loaded = false;
const listeners = new Set<() => void>();

/** Called by lib/toast.ts when it is evaluated; later calls do nothing. */
export function markToastsLoaded(): void {
  if (loaded) return;
  loaded = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * True once lib/toast.ts has been loaded. Always false while rendering on the server and while
 * hydrating (the server renders no Toaster), so the markup matches.
 */
export function useToastsLoaded(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => false,
  );
}
