/**
 * Seller insights' beacons (decision 0029): a listing page seen, listings shown on a search
 * results page. Sent by the page in the browser after it has loaded (never while the server
 * renders it), so they work whatever cache answered the page. Fire and forget: a beacon that
 * fails is not retried and never shows an error.
 *
 * The visitor id is issued and signed by the server (`POST /api/visitors`, once per browser)
 * and kept in this browser's local storage (no cookie, no third-party tracker): a view counts
 * only under an id the server issued. The server stores only a hash of it salted per day. Where
 * local storage is refused (some private modes), an id for this page's life is used.
 */
import * as apiRoutes from '../../contract/route-table';
import { limits, visitorIdPattern } from '../../contract/limits';
import { apiCall } from './api-client';

/** Versioned: ids made in the browser before the server issued them are never sent again. */
const storageKey = 'second-gear:visitor-id';
let pending: Promise<string> | null = null;

function storedId(): string | null {
  try {
    const stored = localStorage.getItem(storageKey);
    return stored && visitorIdPattern.test(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * This browser's visitor id, asked of the server on first use (one request per page life even
 * when several listings are seen at once). Rejects when the server refused to issue one.
 */
export function visitorId(): Promise<string> {
  const stored = storedId();
  if (stored) return Promise.resolve(stored);
  pending ??= apiCall(apiRoutes.issueVisitorId, {}).then(({ visitor_id: issued }) => {
    try {
      localStorage.setItem(storageKey, issued);
    } catch {
      // Kept for this page's life only (the promise holds it).
    }
    return issued;
  });
  pending.catch(() => {
    pending = null;
  });
  return pending;
}

const viewed = new Set<string>();

/** Tells the server this listing's page was seen (once per listing and page life). */
export function sendListingView(productId: string): void {
  if (viewed.has(productId)) return;
  viewed.add(productId);
  visitorId()
    .then((id) =>
      apiCall(apiRoutes.recordView, { params: { id: productId }, body: { visitor_id: id } }),
    )
    .catch(() => {
      // Counting is best effort: the page never fails over it.
    });
}

/** Tells the server these listings appeared on a search results page. */
export function sendImpressions(productIds: string[]): void {
  for (let start = 0; start < productIds.length; start += limits.impressionsMax) {
    const batch = productIds.slice(start, start + limits.impressionsMax);
    apiCall(apiRoutes.recordImpressions, { body: { product_ids: batch } }).catch(() => {
      // Best effort, as above.
    });
  }
}
