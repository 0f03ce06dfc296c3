import type { Page } from '@playwright/test';
import { FEED_MSG } from '../../common/feed/model';
import { MSG } from '../../common/core/texts';
import { CONNECTION_MSG } from '../../common/profiles/model';
import { expect, expectAccessible, gotoLive, secondBrowser, signUpVerified, test } from '../fixtures';

const feedList = (page: Page) => page.getByRole('list', { name: 'Feed items' });
const welcomeCard = (page: Page, name: string) =>
  feedList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: FEED_MSG.welcome(name) }) });

test('a member sees a new member arrive through the pill, and the card sits on top once clicked', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two sign-ups and possibly several pills while others sign up alongside.
  const personA = await signUpVerified(page);
  await gotoLive(page, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'News Feed' })).toBeVisible();
  await expect(feedList(page)).toBeVisible();

  const b = await secondBrowser(browser, baseURL);
  const personB = await signUpVerified(b.page);

  // Nothing moves before the click: the pill only offers the news.
  const pill = page.getByRole('button', { name: /^\d+ new posts?$/ });
  await expect(pill).toBeVisible();
  await expect(welcomeCard(page, personB.username)).toHaveCount(0);
  // Others sign up alongside (tests run in parallel), so the first pill may announce someone
  // else's arrival before B's: click each pill until B's card is in. B is among the items that the
  // last click put above what was on top before it. (Not the pill's number read before the click:
  // an item that comes between reading it and clicking is shown by the same click.)
  let topBefore: string | null = null;
  await expect(async () => {
    if ((await welcomeCard(page, personB.username).count()) === 0) {
      await expect(pill).toBeVisible({ timeout: 3000 });
      topBefore = await feedList(page).getByRole('listitem').first().textContent();
      await pill.click();
    }
    await expect(welcomeCard(page, personB.username)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  const items = await feedList(page).getByRole('listitem').allTextContents();
  expect(items).toContain(topBefore);
  const shownByClick = items.slice(0, items.indexOf(topBefore!));
  expect(shownByClick.length).toBeGreaterThan(0);
  expect(shownByClick.some((text) => text.includes(FEED_MSG.welcome(personB.username)))).toBe(true);
  await expect(feedList(page)).toBeFocused();

  // A's own card has no Follow or Contact; B's has both, and Follow follows.
  await expect(welcomeCard(page, personA.username).getByRole('button')).toHaveCount(0);
  const cardB = welcomeCard(page, personB.username);
  await cardB.getByRole('button', { name: `Follow ${personB.username}` }).click();
  await expect(cardB.getByRole('button', { name: `Unfollow ${personB.username}` })).toBeVisible();
  await expect(page.getByText(CONNECTION_MSG.followingName(personB.username))).toBeVisible();
  // The feed knows it after a reload too, and Unfollow undoes it.
  await page.reload();
  await cardB.getByRole('button', { name: `Unfollow ${personB.username}` }).click();
  await expect(page.getByText(CONNECTION_MSG.unfollowed)).toBeVisible();
  await expect(cardB.getByRole('button', { name: `Follow ${personB.username}` })).toBeVisible();
  await page.reload();
  await expect(cardB.getByRole('button', { name: `Follow ${personB.username}` })).toBeVisible();
  await cardB.getByRole('button', { name: `Contact ${personB.username}` }).click();
  await expect(page.getByRole('dialog', { name: personB.username })).toBeVisible();
  await page.keyboard.press('Escape');

  // The card leads to B's profile.
  await cardB.getByRole('link', { name: FEED_MSG.welcome(personB.username) }).click();
  await expect(page).toHaveURL(/\/profile\/[0-9a-f-]+$/);
  await b.context.close();
});

test('filter tabs live in the address and show their empty text', async ({ page }) => {
  const person = await signUpVerified(page);
  await page.goto('/');
  const tabs = page.getByRole('tablist', { name: 'Filter the feed' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'All',
    'Groups',
    'Articles',
    'Events',
    'Investing',
    'Forums',
  ]);
  await expect(tabs.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await expect(welcomeCard(page, person.username)).toBeVisible();

  // Under Articles, new members' welcome cards are gone (other tests may have published articles).
  await tabs.getByRole('tab', { name: 'Articles' }).click();
  await expect(page).toHaveURL(/\/\?filter=articles$/);
  await expect(tabs.getByRole('tab', { name: 'Articles' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(FEED_MSG.emptyFilter('articles')).or(feedList(page))).toBeVisible();
  await expect(welcomeCard(page, person.username)).toHaveCount(0);

  // A tab with nothing in it says so. Other tests publish content alongside, so the server's
  // answer for this tab is made empty here: what is tested is the page's empty text.
  await page.route(/\/api\/feed\?.*filter=events/, (route) =>
    route.fulfill({ json: { items: [], nextCursor: null } }),
  );
  // Keyboard: arrows move between tabs, Enter opens one.
  await tabs.getByRole('tab', { name: 'Articles' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Events' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/\?filter=events$/);
  await expect(page.getByText(FEED_MSG.emptyFilter('events'))).toBeVisible();

  // The address opens the tab, and Back returns to the previous one.
  await page.goBack();
  await expect(tabs.getByRole('tab', { name: 'Articles' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(FEED_MSG.emptyFilter('events'))).toBeHidden();
  await tabs.getByRole('tab', { name: 'All' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(welcomeCard(page, person.username)).toBeVisible();

  // An unknown filter in the address reads as All.
  await page.goto('/?filter=nonsense');
  await expect(tabs.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await expect(welcomeCard(page, person.username)).toBeVisible();
});

test('a visitor sees the welcome page with the feed below it, and is asked to sign in to follow or contact', async ({
  page,
  browser,
  baseURL,
}) => {
  const member = await secondBrowser(browser, baseURL);
  const person = await signUpVerified(member.page);
  await member.context.close();

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Where entrepreneurs/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'News Feed' })).toBeVisible();
  const card = welcomeCard(page, person.username);
  await expect(card).toBeVisible();
  await expect(card.getByText(FEED_MSG.newMemberFallbackBio)).toBeVisible();
  await expect(card.getByText(FEED_MSG.newMemberBadge)).toBeVisible();

  await card.getByRole('button', { name: `Follow ${person.username}` }).click();
  const dialog = page.getByRole('dialog', { name: MSG.signInRequiredTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(MSG.signInRequired(FEED_MSG.signInFollow))).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await card.getByRole('button', { name: `Contact ${person.username}` }).click();
  await expect(dialog.getByText(MSG.signInRequired(FEED_MSG.signInContact))).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a failed feed says so and can try again', async ({ page }) => {
  await signUpVerified(page);
  let failing = true;
  await page.route(/\/api\/feed\?/, (route) =>
    failing
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong.' } }),
        })
      : route.continue(),
  );
  await page.goto('/');
  // Server failures are retried twice before the page gives up.
  await expect(page.getByRole('alert')).toHaveText(FEED_MSG.loadFailed, { timeout: 15_000 });
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(feedList(page)).toBeVisible();
});

test('the feed is accessible, signed in and on a 375 px phone without sideways scrolling', async ({
  page,
}) => {
  await signUpVerified(page);
  await page.goto('/');
  await expect(feedList(page)).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await expect(feedList(page)).toBeVisible();
  await expectAccessible(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  // The tabs scroll sideways inside their bar instead. Every tab has an area publishing to it
  // (other specs run on this server), so the Forums tab's answer is made empty: its text is tested.
  await page.route(/\/api\/feed\?.*filter=forums/, (route) =>
    route.fulfill({ json: { items: [], nextCursor: null } }),
  );
  await page.getByRole('tab', { name: 'Forums' }).click();
  await expect(page.getByText(FEED_MSG.emptyFilter('forums'))).toBeVisible();
});

test('a visitor on an empty community is not told to create content; a member is', async ({ page }) => {
  // Other tests publish alongside: the feed's answer is made empty, the page's text is what is tested.
  await page.route(/\/api\/feed(\?|$)/, (route) => route.fulfill({ json: { items: [], nextCursor: null } }));
  await page.goto('/');
  await expect(page.getByText(FEED_MSG.emptyVisitor)).toBeVisible();
  await expect(page.getByText(FEED_MSG.empty)).toHaveCount(0);
  await signUpVerified(page);
  await page.goto('/');
  await expect(page.getByText(FEED_MSG.empty)).toBeVisible();
});
