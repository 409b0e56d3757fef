// Offline use: every file of the app is cached when the page is first loaded; later requests go to the
// network first (a rebuilt app is picked up at once) and fall back to the cache when it is unreachable.

const CACHE = 'godot-save-inspector-v1';
const FILES = [
  './',
  'index.html',
  'style.css',
  'app.js',
  'ui/client.js',
  'ui/editor.js',
  'ui/hex.js',
  'ui/textpane.js',
  'ui/tree.js',
  'ui/vlist.js',
  'worker.js',
  'godot_bin_web.wasm',
];

self.addEventListener('install', (event) => {
  // One file missing (e.g. a page served without the wasm) must not keep the others out of the cache.
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(FILES.map((f) => cache.add(f).catch(() => {})))));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(req)
      .then((res) => {
        if (res.ok) {
          const copy = res.clone();
          caches.open(CACHE).then((cache) => cache.put(req, copy));
        }
        return res;
      })
      .catch(() => caches.match(req, { ignoreSearch: true }).then((hit) => hit ?? Response.error())),
  );
});
