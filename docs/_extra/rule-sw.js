/* The offline copy of "Rule a deal in your browser" (docs/rule.rst, issue 31): a service worker
   for the page rule.html alone (its scope).  Every file the page and its Web Worker load comes
   from the network where there is one, and a copy is kept; where there is none, the copy is
   used: once the page has loaded, it works without a network.  When the adjudicator is ready
   the page sends the list of what it runs ({keep: [url, ...]}), so that all of it is kept even
   where the first load ran before this worker took the page over; the answer lists what could
   not be kept ({missed: [url, ...]}). */
'use strict';
const KEPT = 'cucu-rule-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(KEPT).then((cache) => cache.put(request, copy)));
    }
    return response;
  }, () => caches.match(request, {ignoreSearch: true}).then((kept) => kept || Response.error())));
});

self.addEventListener('message', (event) => {
  const urls = event.data && event.data.keep;
  if (!Array.isArray(urls)) return;
  const keep = caches.open(KEPT).then((cache) => Promise.all(urls.map((url) =>
    cache.match(url).then((hit) => hit || cache.add(url)).then(() => null, () => url))));
  event.waitUntil(keep.then((missed) => event.source.postMessage({missed: missed.filter((url) => url)})));
});
