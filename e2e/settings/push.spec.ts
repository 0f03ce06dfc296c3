import { PUSH_MSG } from '../../common/notifications/model';
import { startPushEndpoint, type PushEndpoint } from '../../server/test/push-endpoint';
import { expect, myId, reviewShots, secondBrowser, SHOTS_DIR, signUpVerified, test } from '../fixtures';

// This spec is about the service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * Web push end to end (docs/decisions/016). Headless Chromium has no push service to reach (it would be
 * Google's FCM), so PushManager.subscribe cannot succeed here. The page's subscribe() is replaced by
 * one that answers a subscription of the test's own push endpoint (its endpoint URL and keys, as a
 * browser's PushSubscription.toJSON() gives them); everything else is real: the permission asked
 * (granted by the context), the service worker, the Settings switch, the API, the server's
 * encryption and VAPID signature, and the endpoint decrypting with the subscription's private key.
 */

let push: PushEndpoint;
test.beforeAll(async () => {
  push = await startPushEndpoint();
});
test.afterAll(async () => {
  await push?.close();
});

test('the switch asks permission, subscribes, and a notification arrives as a push while no tab is open', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await secondBrowser(browser, baseURL);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const sub = push.subscribe();
  // The fake subscription lives as long as a browser's would: across reloads, until unsubscribed.
  await page.addInitScript((fake) => {
    const KEY = 'test-push-subscription';
    const made = () => ({
      endpoint: fake.endpoint,
      toJSON: () => fake,
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        localStorage.setItem('test-push-unsubscribed', '1');
        return true;
      },
    });
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem(KEY, '1');
      return made() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem(KEY) ? made() : null) as PushSubscription | null;
    };
  }, sub);
  await signUpVerified(page);
  const me = await myId(page);
  await page.goto('/settings?tab=notifications');
  // The service worker is registered after load, at the root scope.
  await expect
    .poll(() =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.scope ?? null),
    )
    .toBe(`${baseURL}/`);
  const pushSwitch = page.getByRole('switch', { name: 'Push notifications' });
  await expect(pushSwitch).not.toBeChecked();
  await pushSwitch.click();
  await expect(pushSwitch).toBeChecked();
  await expect(page.getByText(PUSH_MSG.turnedOn)).toBeVisible();
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');
  const check = await page.request.post('/api/push/subscriptions/check', {
    data: { endpoint: sub.endpoint },
  });
  expect(await check.json()).toEqual({ subscribed: true });
  // Survives a reload: the switch shows what this device really has.
  await page.reload();
  await expect(pushSwitch).toBeChecked();

  // No tab open: the person's notifications come as pushes.
  await page.goto('about:blank');
  const b = await secondBrowser(browser, baseURL);
  await signUpVerified(b.page);
  expect((await b.page.request.post(`/api/connections/${me}/request`)).status()).toBe(200);
  const got = await push.waitFor((p) => p.device === sub.id, 10_000);
  expect(got.payload.title).toBe('New Connection Request');
  expect(got.payload.body).toMatch(/sent you a friend request$/);
  expect(Object.keys(got.payload).sort()).toEqual(['body', 'link', 'title']);
  // Issue 21's screenshots: what the test's push endpoint received and decrypted, as a page.
  if (SHOTS_DIR) {
    const shot = await browser.newPage();
    await shot.setContent(pushReceivedPage(got.payload, `${baseURL}/icons/icon-192.png`));
    await reviewShots(shot, 'push-arriving', { height: 600, fullPage: false });
    await shot.close();
  }

  // Turning it off removes this device's subscription.
  await page.goto('/settings?tab=notifications');
  await expect(pushSwitch).toBeChecked();
  await pushSwitch.click();
  await expect(pushSwitch).not.toBeChecked();
  await expect(page.getByText(PUSH_MSG.turnedOff)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('test-push-unsubscribed'))).toBe('1');
  const after = await page.request.post('/api/push/subscriptions/check', {
    data: { endpoint: sub.endpoint },
  });
  expect(await after.json()).toEqual({ subscribed: false });
  await b.context.close();
  await context.close();
});

test('a refused permission leaves the switch off and says why in words', async ({ page }) => {
  await page.addInitScript(() => {
    Notification.requestPermission = async () => 'denied';
  });
  await signUpVerified(page);
  await page.goto('/settings?tab=notifications');
  const pushSwitch = page.getByRole('switch', { name: 'Push notifications' });
  await expect(pushSwitch).toBeEnabled();
  await pushSwitch.click();
  await expect(page.getByRole('alert').filter({ hasText: PUSH_MSG.denied })).toBeVisible();
  await expect(pushSwitch).not.toBeChecked();
  expect(
    ((await (await page.request.get('/api/settings')).json()) as { pushNotifications: boolean })
      .pushNotifications,
  ).toBe(true);
});

test('the app is installable: manifest, icons and service worker are served', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await request.get(href!);
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const m = (await manifest.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string }[];
  };
  expect(m).toMatchObject({ name: 'Cofound', start_url: '/', display: 'standalone', theme_color: '#4f46e5' });
  for (const icon of m.icons) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  expect(m.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(await sw.text()).toContain("addEventListener('push'");
});

test('the service worker shows a push with its title and text, and keeps its link on this site', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // A push message as the browser's push service would deliver it (DevTools protocol).
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const reg = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  const deliver = (data: unknown) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL!,
      registrationId,
      data: JSON.stringify(data),
    });
  const shown = () =>
    page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return (await reg.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        link: (n.data as { link: string }).link,
      }));
    });
  await deliver({
    title: 'New Comment',
    body: 'Bob commented on your post',
    link: '/articles/abc#comment-1',
  });
  await expect
    .poll(shown)
    .toEqual([
      { title: 'New Comment', body: 'Bob commented on your post', link: `${baseURL}/articles/abc#comment-1` },
    ]);
  // A link to another site is never opened: it becomes the notifications page.
  await deliver({ title: 'Elsewhere', body: 'x', link: 'https://evil.example/phish' });
  await expect
    .poll(async () => (await shown()).find((n) => n.title === 'Elsewhere')?.link)
    .toBe(`${baseURL}/notifications`);
  await context.close();
});

/** The received push drawn as a notification, with what the endpoint checked (for the screenshots). */
function pushReceivedPage(payload: { title: string; body: string; link: string }, icon: string) {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html><body style="margin:0;font-family:system-ui,sans-serif;background:#f1f5f9">
    <main style="max-width:420px;margin:24px auto;padding:0 12px">
      <p style="color:#475569;font-size:13px">Test push endpoint: received, VAPID signature checked, RFC 8291 payload decrypted</p>
      <div role="alert" style="display:flex;gap:12px;background:#fff;border-radius:12px;padding:14px;box-shadow:0 4px 16px #0002">
        <img src="${icon}" alt="" width="40" height="40" style="border-radius:8px;background:#e2e8f0">
        <div><strong>${esc(payload.title)}</strong><div style="color:#334155;margin-top:2px">${esc(payload.body)}</div>
        <div style="color:#64748b;font-size:12px;margin-top:6px">Cofound · opens ${esc(payload.link)}</div></div>
      </div>
    </main></body></html>`;
}
