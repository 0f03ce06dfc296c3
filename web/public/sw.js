/*
 * Cofound's service worker (docs/decisions/016): shows web pushes and opens a notification's link on
 * click. It has no fetch handler: it never stands between the app and the network. Served at /sw.js
 * with no-cache so a new version is picked up on the next visit.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
