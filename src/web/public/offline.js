/* global document, caches */
/**
 * The offline page's list (decision 0045): the listings viewed recently (localStorage
 * `second-gear:recent-listings`, written by src/web/lib/recent-listings.ts) whose page is in the
 * service worker's `listing-pages` cache, so every link opens without a connection.
 */
(async () => {
  const list = document.getElementById('recent');
  const none = document.getElementById('none');
  let recent = [];
  try {
    recent = JSON.parse(localStorage.getItem('second-gear:recent-listings') || '[]');
  } catch {
    recent = [];
  }
  let cached = new Set();
  try {
    const cache = await caches.open('listing-pages');
    const keys = await cache.keys();
    cached = new Set(keys.map((request) => new URL(request.url).pathname));
  } catch {
    // No cache: nothing opens offline.
  }
  const shown = recent.filter(
    (entry) =>
      entry &&
      typeof entry.id === 'string' &&
      cached.has(`/listing/${encodeURIComponent(entry.id)}`),
  );
  for (const entry of shown) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `/listing/${encodeURIComponent(entry.id)}`;
    const name = document.createElement('span');
    name.textContent = String(entry.name);
    const price = document.createElement('span');
    price.className = 'price';
    price.textContent = String(entry.price);
    link.append(name, price);
    item.append(link);
    list.append(item);
  }
  none.hidden = shown.length > 0;
})();
