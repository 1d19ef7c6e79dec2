// The recorder's service worker (CACHE and ASSETS are written above by the server). The recorder's
// pages and assets come from the network when it answers, else from the cache: every game's recorder
// page is the same shell. The API is never answered here: the page keeps its own data (IndexedDB).
self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("banquise-recorder-") && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

const SHELL = /^\/(recorder|games\/[0-9a-f-]{36}\/recorder)\/?$/;

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  const shell = SHELL.test(url.pathname);
  // the engine's files (megabytes) are kept as the page first loads them, not at install
  const engine = url.pathname.startsWith("/recorder/engine/");
  if (!shell && !engine && !ASSETS.includes(url.pathname)) return;
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(shell ? "/recorder" : url.pathname, copy));
    }
    return response;
  }).catch(() => caches.match(shell ? "/recorder" : url.pathname)));
});
