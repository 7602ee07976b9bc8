/**
 * The listings this browser viewed recently (decision 0045), for the offline page: the id, name
 * and price of the last 20 listings, newest first, in `localStorage`. When a service worker
 * controls the page, the listing's document is also put into the worker's `listing-pages` cache
 * if it is not there yet (a listing reached by a client-side navigation was never a document
 * request the worker saw), so it opens offline. Nothing personal is kept: listings are public.
 */

/** The `localStorage` key, also read by `public/offline.js`. */
export const recentListingsKey = 'second-gear:recent-listings';
/** The service worker's cache of listing pages (src/web/sw.ts). */
export const listingPagesCache = 'listing-pages';
const keep = 20;

/** One recently viewed listing. `price` is the text shown (e.g. "$9,500"). */
export interface RecentListing {
  id: string;
  name: string;
  price: string;
  /** Milliseconds since the epoch. */
  viewedAt: number;
}

/** The recently viewed listings, newest first (empty when storage is unavailable or corrupt). */
export function readRecentListings(): RecentListing[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(recentListingsKey) ?? '[]');
    return Array.isArray(parsed) ? (parsed as RecentListing[]) : [];
  } catch {
    return [];
  }
}

/** Records a view of listing `id` (best effort: storage may be full or disabled). */
export function rememberListing(listing: { id: string; name: string; price: string }): void {
  try {
    const rest = readRecentListings().filter((entry) => entry.id !== listing.id);
    const next = [{ ...listing, viewedAt: Date.now() }, ...rest].slice(0, keep);
    localStorage.setItem(recentListingsKey, JSON.stringify(next));
  } catch {
    // No storage: the offline page lists fewer listings.
  }
  if (typeof caches === 'undefined' || !navigator.serviceWorker?.controller) return;
  const page = `/listing/${encodeURIComponent(listing.id)}`;
  void caches
    .open(listingPagesCache)
    .then(async (cache) => {
      if (!(await cache.match(page))) await cache.add(page);
    })
    .catch(() => undefined);
}
