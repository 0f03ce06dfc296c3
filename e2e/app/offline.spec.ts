import type { Page } from '@playwright/test';
import { OFFLINE_MSG } from '../../common/core/offline-texts';
import { MSG } from '../../common/core/texts';
import { MESSAGING_MSG } from '../../common/messages/model';
import { expect, myId, reviewShots, secondBrowser, signUpVerified, test } from '../fixtures';

// This spec is about the service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/* issue 31: an app that works on a train (docs/decisions/030). */

/** What this browser keeps: the service worker's API answers and the app's private localStorage keys. */
const keptOnDevice = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('cofound-api');
    const urls = (await cache.keys()).map((request) => new URL(request.url).pathname);
    return {
      privateUrls: urls.filter((url) => /^\/api\/(me|messages|notifications)/.test(url)),
      storage: Object.keys(localStorage).filter((key) => key.startsWith('cofound.private.')),
    };
  });

const feedItems = (page: Page) => page.getByRole('list', { name: 'Feed items' }).getByRole('listitem');

test('offline, the feed and an open chat stay readable under a banner; a message written offline waits in the outbox and is sent once', async ({
  page,
  browser,
  baseURL,
}) => {
  const b = await secondBrowser(browser, baseURL);
  const [personA, personB] = await Promise.all([signUpVerified(page), signUpVerified(b.page)]);
  const [idA, idB] = await Promise.all([myId(page), myId(b.page)]);
  const threadOfB = async () => {
    const res = await b.page.request.get(`/api/messages/threads/${idA}`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { items: { content: string }[] }).items;
  };

  // Online: the service worker takes charge, and the pages read once more through it are kept.
  await page.goto('/');
  await expect(feedItems(page).first()).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.goto(`/messages?with=${idB}`);
  await expect(page.getByText(MESSAGING_MSG.startConversation)).toBeVisible();
  await page.goto('/');
  await expect(feedItems(page).first()).toHaveText(/\S/);
  // The first line with words: a card may open with a picture or an empty line (another test's
  // article or post can be the newest item), so its first line of text is not always its first line.
  const firstItem = (await feedItems(page).first().innerText()).split('\n').find((line) => line.trim())!;
  expect(firstItem?.trim().length).toBeGreaterThan(0);
  await expect(page.getByText(OFFLINE_MSG.banner)).toHaveCount(0);

  // The train enters a tunnel: a reload still shows the feed, and says it is offline.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByText(OFFLINE_MSG.banner)).toBeVisible();
  await expect(feedItems(page).first()).toContainText(firstItem);
  await reviewShots(page, 'offline-feed');

  // The chat with B, in two tabs: a message written in one waits, visibly, in both.
  await page.goto(`/messages?with=${idB}`);
  await expect(page.getByRole('heading', { name: personB.username })).toBeVisible();
  const tab2 = await page.context().newPage();
  await tab2.goto(`/messages?with=${idB}`);
  await expect(tab2.getByRole('heading', { name: personB.username })).toBeVisible();
  const box = page.getByPlaceholder(MESSAGING_MSG.typeMessage);
  await box.fill('Written in the tunnel');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  for (const tab of [page, tab2]) {
    const thread = tab.getByRole('region', { name: `Messages with ${personB.username}` });
    await expect(thread.getByText('Written in the tunnel')).toHaveCount(1);
    await expect(thread.getByRole('img', { name: MESSAGING_MSG.queued })).toBeVisible();
    await expect(tab.getByText(MESSAGING_MSG.queuedCount(1))).toBeVisible();
  }
  await reviewShots(page, 'offline-outbox');
  expect(await threadOfB()).toEqual([]);

  // Out of the tunnel: both tabs see the connection return; the message is sent once.
  await page.context().setOffline(false);
  for (const tab of [page, tab2]) {
    const thread = tab.getByRole('region', { name: `Messages with ${personB.username}` });
    await expect(thread.getByRole('img', { name: 'Sent' })).toBeVisible({ timeout: 15_000 });
    await expect(tab.getByText(MESSAGING_MSG.queuedCount(1))).toHaveCount(0);
    await expect(tab.getByText(OFFLINE_MSG.banner)).toHaveCount(0);
  }
  await expect.poll(async () => (await threadOfB()).map((m) => m.content)).toEqual(['Written in the tunnel']);
  // A second tab or a late retry adds nothing.
  await tab2.reload();
  await expect(
    tab2
      .getByRole('region', { name: `Messages with ${personB.username}` })
      .getByText('Written in the tunnel'),
  ).toHaveCount(1);
  expect((await threadOfB()).map((m) => m.content)).toEqual(['Written in the tunnel']);

  // Signing out leaves nothing private on the device: no kept answer, no outbox.
  await tab2.close();
  await page.evaluate(() => localStorage.setItem('cofound.private.probe', 'kept for A'));
  const before = await keptOnDevice(page);
  expect(before.storage).toEqual(['cofound.private.probe']);
  expect(before.privateUrls).toContain('/api/me');
  expect(before.privateUrls.some((url) => url.startsWith('/api/messages/'))).toBe(true);
  await page.getByRole('button', { name: `Open user menu for ${personA.username}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByText(MSG.signedOutTitle)).toBeVisible();
  const kept = await keptOnDevice(page);
  expect(kept.storage).toEqual([]);
  expect(kept.privateUrls).toEqual([]);
});
