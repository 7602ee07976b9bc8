/**
 * Seller insights' beacons (decision 0029): a listing page seen, listings shown on a search
 * results page. Sent by the page in the browser after it has loaded (never while the server
 * renders it), so they work whatever cache answered the page. Fire and forget: a beacon that
 * fails is not retried and never shows an error.
 *
 * The visitor id is a random id in this browser's local storage (no cookie, no third-party
 * tracker); the server stores only a hash of it salted per day. Where local storage is refused
 * (some private modes), an id for this page's life is used.
 */
import * as apiRoutes from '../../contract/route-table';
import { limits, visitorIdPattern } from '../../contract/limits';
import { apiCall } from './api-client';

const storageKey = 'second-gear:visitor';
let memoryId: string | null = null;

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** This browser's visitor id (32 hexadecimal characters), made on first use. */
export function visitorId(): string {
  try {
    const stored = localStorage.getItem(storageKey);
    if (stored && visitorIdPattern.test(stored)) return stored;
    const made = randomId();
    localStorage.setItem(storageKey, made);
    return made;
  } catch {
    memoryId ??= randomId();
    return memoryId;
  }
}

const viewed = new Set<string>();

/** Tells the server this listing's page was seen (once per listing and page life). */
export function sendListingView(productId: string): void {
  if (viewed.has(productId)) return;
  viewed.add(productId);
  apiCall(apiRoutes.recordView, {
    params: { id: productId },
    body: { visitor_id: visitorId() },
  }).catch(() => {
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
