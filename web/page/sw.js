// The service worker: keeps every file of the page (the engine included), so that once opened
// over http(s) the page opens and works offline, and installs as an app. The build writes in
// the file list and a version (web/assemble.py): a new build is a new cache, the old one removed.
const VERSION = '@VERSION@';
const FILES = [@FILES@];
const CACHE = `rings-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('rings-') && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// The page's files from the cache (a shared link's query does not matter); anything else (the
// JSON API of `rings serve`) from the network.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.includes('/api/')) return;
  event.respondWith(caches.open(CACHE)
    .then((c) => c.match(event.request, { ignoreSearch: true }))
    .then((hit) => hit || fetch(event.request)));
});
