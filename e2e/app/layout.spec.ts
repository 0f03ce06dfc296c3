import type { Page } from '@playwright/test';
import { MSG } from '../../common/core/texts';
import { INQUIRY_BADGE_MSG } from '../../common/messages/badge';
import { PROFILE_MSG } from '../../common/profiles/model';
import { expect, expectAccessible, newPerson, signUpVerified, test } from '../fixtures';

test('a visitor sees the welcome page and only News Feed and Sign In in the menu', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth?tab=signup');
  for (const card of ['Articles', 'Groups', 'Events'])
    await expect(page.getByRole('heading', { name: card })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['News Feed', 'Sign In']);
  await expectAccessible(page);
});

test('protected routes send a visitor to /auth', async ({ page }) => {
  for (const path of [
    '/messages',
    '/settings',
    '/investing',
    '/investing/42',
    '/create-group',
    '/events/create',
    '/admin',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/auth$/);
  }
  // Profiles say why instead, with a way to sign in.
  await page.goto('/profile');
  await expect(page.getByText(PROFILE_MSG.signInToView)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test("unknown paths show 'Page not found' with a way home", async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: MSG.pageNotFound })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: MSG.returnHome }).click();
  await expect(page).toHaveURL('/');
});

test('the theme choice survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  // The visitor's / arrives prerendered; its buttons work once the app has taken over.
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await page.getByRole('button', { name: 'Change theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  // Set before the app's script runs: the theme file in <head> applies it.
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectAccessible(page);
});

test('signed in: the full menu, the search box, and the Admin button only for super admins', async ({
  page,
}) => {
  const person = await signUpVerified(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText([
    'News Feed',
    'Groups',
    'Investing',
    'Articles',
    'Forums',
    'Business Pages',
    'Events',
    'Messages',
    'Notifications',
    'Profile',
    'Settings',
  ]);
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);

  // The top bar's box (phones get their own above the feed).
  const search = page.getByRole('banner').getByPlaceholder(MSG.searchPlaceholder);
  await search.fill('   ');
  await search.press('Enter');
  await expect(page).toHaveURL('/');
  await search.fill('  seed funding  ');
  await search.press('Enter');
  await expect(page).toHaveURL('/?search=seed+funding');
  await expect(page.getByRole('link', { name: 'Back to Feed' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: `Open user menu for ${person.username}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expectAccessible(page);
});

test('a super admin from ADMIN_EMAILS sees the Admin button', async ({ page }) => {
  await signUpVerified(page, { ...newPerson('admin'), email: 'e2e-admin@example.com' });
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu is a drawer that closes after navigation', async ({ page }) => {
    await signUpVerified(page);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('banner').getByPlaceholder(MSG.searchPlaceholder)).toBeHidden();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expectAccessible(page);
    await drawer.getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL('/events');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
    await expectAccessible(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});

/** Holds every `/api/me` answer until the returned function is called. */
async function holdMe(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/me', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("while the session loads, a member sees a skeleton, never the visitor's menu and Sign In", async ({
  page,
}) => {
  const person = await signUpVerified(page);
  // Hold /api/me until the page has been looked at.
  const release = await holdMe(page);
  await page.goto('/settings');
  // The app draws its own page, still without an answer (web/app/start.tsx waits a while for it),
  // in place of the frame the page's HTML arrived with: what follows is the app's.
  await expect(page.locator('#member-frame')).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(page.getByTestId('menu-skeleton')).toBeVisible();
  await expect(nav).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('account-skeleton')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  release();
  await expect(page.getByRole('button', { name: `Open user menu for ${person.username}` })).toBeVisible();
  await expect(page.getByTestId('menu-skeleton')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Messages' })).toBeVisible();

  // The business-inquiries button says what it is, explains itself, and shows no zero.
  const inquiries = page.getByRole('button', { name: INQUIRY_BADGE_MSG.inquiriesButton, exact: true });
  await expect(inquiries).toHaveAttribute('title', INQUIRY_BADGE_MSG.inquiriesTooltip);
  await expect(inquiries).toHaveText('');
});

test("what a member types into the top bar's search while the header is still loading is kept, with the focus", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const person = await signUpVerified(page);
  const release = await holdMe(page);
  await page.goto('/settings');
  await expect(page.getByTestId('account-skeleton')).toBeVisible();
  // By its id: its role is searchbox for a visitor and while loading, combobox for a member.
  const field = page.locator('#top-bar-search');
  await expect(field).toHaveAttribute('type', 'search');
  await expect(field).not.toHaveAttribute('role', 'combobox');
  await field.click();
  await field.pressSequentially('found');
  release();
  await expect(page.getByRole('button', { name: `Open user menu for ${person.username}` })).toBeVisible();
  // The member's header took over: the same field goes on, and the typing with it.
  await field.pressSequentially('er');
  await expect(field).toHaveValue('founder');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('role', 'combobox');
});
