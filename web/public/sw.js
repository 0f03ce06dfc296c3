/*
 * Cofound's service worker (docs/decisions/016 and 030): shows web pushes and opens a notification's
 * link on click, and keeps the app readable without a connection:
 * - the app's page (the shell) and the current build's hashed files come from its caches when the
 *   network fails (pages: network first; hashed files: cache first, they never change);
 * - JSON reads under /api/ are network first, and the last answer is kept for when the network fails,
 *   except the auth, account, settings, push and admin endpoints, which are never kept;
 * - those kept answers are dropped whenever the session may change hands: any POST to /api/auth/ or
 *   /api/account/ (signing in, up or out, deleting the account), any 401, and an /api/me that says
 *   nobody is signed in (a visitor's reads are public, so what is kept for them holds nothing private).
 * Served at /sw.js with no-cache; scripts/build-sw.mjs writes the build's file list into BUILD below,
 * so every build is a new version of this file.
 */
const BUILD = null;

const SHELL_CACHE = 'cofound-shell';
const ASSETS_CACHE = 'cofound-assets';
const API_CACHE = 'cofound-api';
/** Enough for the feed, the conversations, a few threads and pages; oldest answers go first. */
const API_MAX_ENTRIES = 200;
/** Reads that are never kept on the device. */
const API_NEVER_KEPT = /^\/api\/(auth|account|settings|push|admin|health|bench)(\/|$)/;
/** Calls after which the session may belong to someone else (or to nobody). */
const SESSION_CHANGES = /^\/api\/(auth|account)\//;

/** Bumped whenever the kept answers are dropped: an answer that was on its way is not stored. */
let generation = 0;
/** Whether the last network attempt failed; each change is told to the open tabs. */
let isNetworkDown = false;

self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(Promise.all([keepShell(), precache()]).catch(() => undefined));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await dropOtherBuilds();
      await self.clients.claim();
    })(),
  );
});

/** The app's page as this browser gets it (the server answers a member and a visitor differently). */
async function keepShell() {
  const res = await fetch('/', { credentials: 'same-origin', cache: 'no-store' });
  if (res.ok && isHtml(res)) await (await caches.open(SHELL_CACHE)).put('/', res);
}

/** The first view's files, which this browser has usually just loaded (so its HTTP cache answers). */
async function precache() {
  if (!BUILD) return;
  const cache = await caches.open(ASSETS_CACHE);
  await Promise.all(
    BUILD.shell.map(async (url) => {
      if (await cache.match(url)) return;
      const res = await fetch(url);
      if (res.ok) await cache.put(url, res);
    }),
  );
}

/** Files of earlier builds go: the cache never holds more than one build. */
async function dropOtherBuilds() {
  if (!BUILD) return;
  const current = new Set([...BUILD.assets, ...BUILD.shell]);
  const cache = await caches.open(ASSETS_CACHE);
  const keys = await cache.keys();
  await Promise.all(
    keys.filter((req) => !current.has(new URL(req.url).pathname)).map((req) => cache.delete(req)),
  );
}

function isHtml(res) {
  return (res.headers.get('content-type') || '').includes('text/html');
}

function isJson(res) {
  return (res.headers.get('content-type') || '').includes('application/json');
}

async function tellTabs(message) {
  const tabs = await self.clients.matchAll({ type: 'window' });
  for (const tab of tabs) tab.postMessage(message);
}

function networkIs(up) {
  if (isNetworkDown === !up) return;
  isNetworkDown = !up;
  void tellTabs({ type: 'cofound:network', isOnline: up });
}

async function dropKeptAnswers() {
  generation += 1;
  await caches.delete(API_CACHE);
}

/** Keeps the API cache at API_MAX_ENTRIES (keys come back oldest first). */
async function trimKeptAnswers(cache) {
  const keys = await cache.keys();
  const extra = keys.length - API_MAX_ENTRIES;
  if (extra > 0) await Promise.all(keys.slice(0, extra).map((req) => cache.delete(req)));
}

async function fromNetworkOrShell(request) {
  try {
    const res = await fetch(request);
    networkIs(true);
    if (res.ok && isHtml(res)) {
      const copy = res.clone();
      void caches.open(SHELL_CACHE).then((cache) => cache.put('/', copy));
    }
    return res;
  } catch (error) {
    networkIs(false);
    const kept = await caches.match('/', { cacheName: SHELL_CACHE, ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

async function fromAssetsOrNetwork(request, url) {
  const cache = await caches.open(ASSETS_CACHE);
  const kept = await cache.match(url.pathname);
  if (kept) return kept;
  const res = await fetch(request);
  if (res.ok && (!BUILD || BUILD.assets.includes(url.pathname))) await cache.put(url.pathname, res.clone());
  return res;
}

/** A public file of the shell (theme script, icon, manifest): network first, then the last copy. */
async function fromNetworkOrKept(request, url) {
  try {
    const res = await fetch(request);
    if (res.ok) {
      const copy = res.clone();
      void caches.open(SHELL_CACHE).then((cache) => cache.put(url.pathname, copy));
    }
    return res;
  } catch (error) {
    const kept = await caches.match(url.pathname, { cacheName: SHELL_CACHE });
    if (kept) return kept;
    throw error;
  }
}

async function readApi(request, url) {
  const started = generation;
  let res;
  try {
    res = await fetch(request);
  } catch (error) {
    networkIs(false);
    const kept = await caches.match(request, { cacheName: API_CACHE });
    if (kept) return kept;
    throw error;
  }
  networkIs(true);
  if (res.status === 401) {
    await dropKeptAnswers();
    return res;
  }
  if (!res.ok || !isJson(res)) return res;
  const copy = res.clone();
  const keep = async () => {
    if (url.pathname === '/api/me') {
      const me = await copy
        .clone()
        .json()
        .catch(() => null);
      if (!me || !me.viewer) return dropKeptAnswers();
    }
    if (generation !== started) return;
    const cache = await caches.open(API_CACHE);
    await cache.put(request, copy);
    await trimKeptAnswers(cache);
  };
  return { res, keep: keep() };
}

async function changeSession(request) {
  await dropKeptAnswers();
  try {
    return await fetch(request);
  } finally {
    await dropKeptAnswers();
    // The page for the new person (or the visitor), for the next time the network is gone.
    await keepShell().catch(() => undefined);
  }
}

const PUBLIC_SHELL_FILES = new Set(['/theme-init.js', '/favicon.svg', '/manifest.webmanifest']);

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== 'GET') {
    if (SESSION_CHANGES.test(url.pathname)) event.respondWith(changeSession(request));
    return;
  }
  if (request.mode === 'navigate') {
    // A link into the API (an email confirmation) is left alone: the server checks that it is a
    // page load (Sec-Fetch-Dest), which a request made again by the worker is not.
    if (!url.pathname.startsWith('/api/')) event.respondWith(fromNetworkOrShell(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(fromAssetsOrNetwork(request, url));
  } else if (PUBLIC_SHELL_FILES.has(url.pathname)) {
    event.respondWith(fromNetworkOrKept(request, url));
  } else if (
    url.pathname.startsWith('/api/') &&
    !API_NEVER_KEPT.test(url.pathname) &&
    // The app's own fetches only: images, videos and downloads go to the network untouched.
    request.destination === ''
  ) {
    const answer = readApi(request, url);
    event.respondWith(answer.then((a) => (a instanceof Response ? a : a.res)));
    event.waitUntil(answer.then((a) => (a instanceof Response ? undefined : a.keep)).catch(() => undefined));
  }
});

/**
 * A tab lists what it loaded before this worker controlled it (its first visit): the build's files
 * and its API reads (scripts' fetches only: images and other files are not kept). Each is read again
 * through the worker, which keeps it as if the tab had asked.
 */
async function keepLoaded(loaded) {
  const assets = await caches.open(ASSETS_CACHE);
  for (const entry of loaded) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string') continue;
    let url;
    try {
      url = new URL(entry[0]);
    } catch {
      continue;
    }
    if (url.origin !== self.location.origin) continue;
    if (url.pathname.startsWith('/assets/')) {
      if ((BUILD && !BUILD.assets.includes(url.pathname)) || (await assets.match(url.pathname))) continue;
      const res = await fetch(url.pathname).catch(() => null);
      if (res && res.ok) await assets.put(url.pathname, res);
    } else if (
      url.pathname.startsWith('/api/') &&
      !API_NEVER_KEPT.test(url.pathname) &&
      (entry[1] === 'fetch' || entry[1] === 'xmlhttprequest')
    ) {
      const answer = await readApi(new Request(url.href, { credentials: 'same-origin' }), url).catch(
        () => null,
      );
      if (answer && !(answer instanceof Response)) await answer.keep.catch(() => undefined);
    }
  }
}

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'cofound:keep' && Array.isArray(data.loaded)) {
    event.waitUntil(keepLoaded(data.loaded.slice(0, 300)).catch(() => undefined));
  }
});

/** A link from a push, kept to this site: anything else opens the notifications page. */
function sameSite(link) {
  try {
    const url = new URL(link || '/notifications', self.location.origin);
    return url.origin === self.location.origin
      ? url.href
      : new URL('/notifications', self.location.origin).href;
  } catch {
    return new URL('/notifications', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const link = sameSite(data.link);
  event.waitUntil(
    self.registration.showNotification(data.title || 'Cofound', {
      body: data.body || '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      // One notification per link: a burst about the same chat replaces rather than piles up.
      tag: link,
      data: { link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = sameSite(event.notification.data && event.notification.data.link);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const moved = 'navigate' in open ? await open.navigate(link).catch(() => null) : null;
        return (moved || open).focus();
      }
      return self.clients.openWindow(link);
    })(),
  );
});
