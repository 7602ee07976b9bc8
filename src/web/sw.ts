/// <reference lib="webworker" />
/**
 * The service worker (decision 0045), built by vite-plugin-pwa (injectManifest) with Workbox:
 *
 * - **App shell precached**: the built JS, CSS, icons and the offline page (the list Workbox
 *   injects as `__WB_MANIFEST`); old precaches are cleaned up on activation.
 * - **Listing pages** (`/listing/:id` documents) and **same-site photos**: stale-while-revalidate
 *   (the cached copy at once, refreshed in the background), at most 30 pages for 14 days and 150
 *   photos for 30 days.
 * - **Other pages**: the network only; offline, the precached `/offline.html`, which lists the
 *   listings viewed recently that are in the cache.
 * - **No API answers are cached**: `/api/…` requests are not routed here at all, so personal
 *   answers (messages, orders, settings) never reach a cache.
 * - **Push** (RFC 8030): a push's JSON `{title, body, url, tag}` becomes a notification; tapping
 *   it focuses an open Second Gear tab on that page or opens one.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const offlinePage = '/offline.html';
const day = 24 * 60 * 60;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new worker takes over at once: the precache is versioned, old pages keep working.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    /^\/listing\/[^/]+$/.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'listing-pages',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 14 * day }),
    ],
  }),
);

registerRoute(
  ({ request, url }) =>
    request.destination === 'image' &&
    url.origin === self.location.origin &&
    !url.pathname.startsWith('/api/'),
  new StaleWhileRevalidate({
    cacheName: 'photos',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * day }),
    ],
  }),
);

registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly());

setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(offlinePage)) ?? Response.error();
  return Response.error();
});

/** What the server pushes (src/contract/push.ts `PushPayload`). */
interface PushMessage {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

self.addEventListener('push', (event) => {
  let message: PushMessage = {};
  try {
    message = (event.data?.json() ?? {}) as PushMessage;
  } catch {
    message = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(message.title ?? 'Second Gear', {
      body: message.body ?? '',
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: message.url ?? '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: string } | undefined;
  const target = new URL(data?.url ?? '/', self.location.origin);
  // Only pages of this site are opened.
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
