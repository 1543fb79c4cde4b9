// Lavalist's service worker: lets a game that was loaded once be reopened and played offline.
//
// - Pages (navigations) and game data (GET /api/game/date/…, /api/game/uid/…): network first,
//   falling back to the last copy when offline, so online players always get fresh content.
// - Built assets (/assets/…, hashed names, immutable): cache first.
// Nothing else is touched: results (POST) go through the app's own outbox, stats and listings
// are live data.
// Only public content is ever stored (see shouldCache): an admin's future day or any other
// `private` / `no-store` answer stays out of the cache, so it can't outlive the session or reach
// the next person on the device. v2 drops v1 caches, which could hold such answers.
const CACHE = 'lavalist-v2';
const GAME_DATA = /^\/api\/game\/(date|uid)\//;

self.addEventListener('install', () => {
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

/**
 * Whether a response may be stored: a same-origin GET answered 200 (not opaque, not a redirect)
 * with no Set-Cookie and no `no-store` or `private` in Cache-Control. A request carrying an
 * Authorization header (a logged-in player's API calls) is stored only if the answer says
 * `public`, as RFC 9111 §3.5 asks of shared caches: today's game is, an admin's future day or a
 * hidden game is not. Pure, so that `src/sw.test.ts` can check it.
 */
function shouldCache(request, response) {
  if (request.method !== 'GET') return false;
  if (new URL(request.url).origin !== self.location.origin) return false;
  if (response.status !== 200 || response.type === 'opaque' || response.type === 'opaqueredirect') return false;
  if (response.headers.has('set-cookie')) return false;
  const directives = (response.headers.get('cache-control') ?? '')
    .toLowerCase()
    .split(',')
    .map((d) => d.trim().split('=')[0].trim());
  if (directives.includes('no-store') || directives.includes('private')) return false;
  return !request.headers.has('authorization') || directives.includes('public');
}

async function networkFirst(request, fallbackKey, store = true) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (store && shouldCache(request, response)) await cache.put(fallbackKey ?? request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(fallbackKey ?? request);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (shouldCache(request, response)) await cache.put(request, response.clone());
  return response;
}

/**
 * Drops the assets of other builds once no other tab could still be running one (this worker
 * has a single window). While several are open, an older tab keeps its chunks: the update
 * banner lets it reload when its player chooses, and until then it must not lose its code.
 */
async function pruneOtherBuilds(cache, keep) {
  const windows = await self.clients.matchAll({ type: 'window' });
  if (windows.length > 1) return;
  const requests = await cache.keys();
  await Promise.all(
    requests
      .filter((r) => {
        const path = new URL(r.url).pathname;
        return path.startsWith('/assets/') && !keep.has(path);
      })
      .map((r) => cache.delete(r)),
  );
}

// What the page wants kept (src/app/pwa/serviceWorker.ts): what it loaded before this worker
// controlled it (the first visit), every asset of its build (`build`, paths; so that its lazy
// chunks still load after a deploy removes them), and game data for offline play. The app shell
// is stored as /index.html.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'precache' || !Array.isArray(data.urls)) return;
  const build = Array.isArray(data.build) ? data.build : [];
  const wanted = data.urls.filter((u) => {
    const url = new URL(u, self.location.origin);
    return url.origin === self.location.origin && (url.pathname.startsWith('/assets/') || GAME_DATA.test(url.pathname));
  });
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      // The shell first: without it nothing else opens offline. The file as it is, not `/`,
      // which carries that day's game and prompt (server/src/spa/home.rs): the offline shell
      // serves every route on any later day.
      const home = new Request('/index.html');
      const shell = await fetch(home);
      if (shouldCache(home, shell)) await cache.put('/index.html', shell);
      // Settled, not all: one file that cannot be fetched (offline again, a day without a game)
      // must not cost the others, the shell or the pruning.
      await Promise.allSettled(
        [...wanted, ...build.filter((u) => u.startsWith('/assets/'))].map(async (u) => {
          if (await cache.match(u)) return;
          const request = new Request(u);
          const response = await fetch(request);
          if (shouldCache(request, response)) await cache.put(request, response);
        }),
      );
      if (build.length > 0) await pruneOtherBuilds(cache, new Set(build));
    }),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Every route is the same single-page app: one cached copy of index.html serves them all,
    // kept from any page but `/` (which carries that day's game, see the precache above).
    event.respondWith(networkFirst(request, '/index.html', url.pathname !== '/'));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (GAME_DATA.test(url.pathname)) {
    event.respondWith(networkFirst(request));
  }
});

// Daily reminders (server/src/reminders): the push's payload is JSON `{title, body, url, tag}`,
// spoiler-free; it was decrypted by the browser (aes128gcm). One notification a day: the tag
// replaces yesterday's if it is still shown.
function reminderFrom(data) {
  let payload = {};
  try {
    payload = data ? data.json() : {};
  } catch {
    payload = {};
  }
  const url = new URL(typeof payload.url === 'string' ? payload.url : '/', self.location.origin);
  return {
    title: typeof payload.title === 'string' && payload.title ? payload.title : "Today's Lavalist is ready",
    body: typeof payload.body === 'string' ? payload.body : '',
    tag: typeof payload.tag === 'string' && payload.tag ? payload.tag : 'lavalist-daily',
    // Only this site's pages are opened, whatever a payload says.
    url: url.origin === self.location.origin ? url.pathname + url.search : '/',
  };
}

self.addEventListener('push', (event) => {
  const reminder = reminderFrom(event.data);
  event.waitUntil(
    self.registration.showNotification(reminder.title, {
      body: reminder.body,
      tag: reminder.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: reminder.url },
    }),
  );
});

// Opens today's game: focuses a tab of this site already open (and takes it to the game), else
// opens one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (tabs) => {
      const tab = tabs.find((t) => new URL(t.url).origin === self.location.origin);
      if (tab) {
        const focused = await tab.focus();
        if (new URL(focused.url).pathname !== path && 'navigate' in focused) return focused.navigate(path);
        return focused;
      }
      return self.clients.openWindow(path);
    }),
  );
});
