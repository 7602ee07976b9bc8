/**
 * How a phone shows lists of listings (decision 0047): `list`, compact cards (photo beside the
 * name, price, key facts, place and distance), at least three to a 360 × 780 screen; or `grid`,
 * the whole card, one to a row. Remembered on the device (local storage); below the `sm`
 * breakpoint only, from it up every list is the grid. The server renders `list` (the default)
 * and hydration starts from it, then a stored `grid` re-renders (useSyncExternalStore, like the
 * unit preference of units.ts).
 */
import { useSyncExternalStore } from 'react';

export type ListingView = 'list' | 'grid';

/** Local-storage key of the choice. */
export const LISTING_VIEW_STORAGE_KEY = 'second-gear:listing-view';

/** What the server renders, and what a device without a stored choice shows. */
export const defaultListingView: ListingView = 'list';

const listeners = new Set<() => void>();
/** The choice made while storage refuses writes (lives as long as the page). */
let fallback: ListingView | null = null;

/** The stored choice, else the default. Never throws (storage may be refused). */
export function readListingView(): ListingView {
  if (fallback) return fallback;
  try {
    const stored = globalThis.localStorage?.getItem(LISTING_VIEW_STORAGE_KEY);
    if (stored === 'list' || stored === 'grid') return stored;
  } catch {
    // Storage refused: the default.
  }
  return defaultListingView;
}

/** Stores the choice and re-renders every `useListingView()`. */
export function writeListingView(view: ListingView): void {
  try {
    globalThis.localStorage?.setItem(LISTING_VIEW_STORAGE_KEY, view);
  } catch {
    fallback = view;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === LISTING_VIEW_STORAGE_KEY) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/** The device's choice in a component: the default on the server and while hydrating. */
export function useListingView(): ListingView {
  return useSyncExternalStore(subscribe, readListingView, () => defaultListingView);
}
