import { ADMIN_MSG } from '../../common/admin/model';
import { MSG } from '../../common/core/texts';
import {
  expect,
  expectAccessible,
  gotoLive,
  myId,
  newPerson,
  secondBrowser,
  signUpVerified,
  SHOTS_DIR,
  test,
} from '../fixtures';

/*
 * The admin area (issue 20 part A): Access Denied for members, and the heart of it, a ban that
 * holds: an admin bans a member who is chatting and the member is signed out live.
 */

// One of ADMIN_EMAILS in playwright.config.ts, used only by this file (signs up once per run).
const ADMIN_EMAIL = 'e2e-admin-area@example.com';

test('a member sees Access Denied and cannot reach the admin API', async ({ page }) => {
  await signUpVerified(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: ADMIN_MSG.accessDenied })).toBeVisible();
  await expect(page.getByText(ADMIN_MSG.noPermission)).toBeVisible();
  await expect(page.getByRole('heading', { name: ADMIN_MSG.heading })).toHaveCount(0);
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
  await expectAccessible(page);
});

test('a visitor is sent to /auth', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth/);
});

test('an admin bans a member who is chatting: the member is signed out live, refused at sign-in, and back after an unban', async ({
  page: adminPage,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await signUpVerified(adminPage, { ...newPerson('chief'), email: ADMIN_EMAIL });
  const m = await secondBrowser(browser, baseURL);
  const friend = await secondBrowser(browser, baseURL);
  const member = await signUpVerified(m.page);
  await signUpVerified(friend.page);
  const friendId = await myId(friend.page);

  const article = await m.page.request.post('/api/articles', {
    data: {
      title: 'Ten lessons from our seed round',
      content: `${'We pitched forty investors before the first yes. '.repeat(6)}`,
      category: 'business',
      imageUrl: null,
      status: 'published',
    },
  });
  expect(article.status()).toBe(201);
  const articleId = ((await article.json()) as { id: string }).id;

  // The member is in a conversation, live.
  await gotoLive(m.page, `/messages?with=${friendId}`);
  await expect(m.page.getByRole('button', { name: `Open user menu for ${member.username}` })).toBeVisible();

  await gotoLive(adminPage, '/admin');
  await expect(adminPage.getByRole('heading', { name: ADMIN_MSG.heading })).toBeVisible();
  await expect(adminPage.locator('[data-stat="members"]')).not.toHaveText('–');
  await adminPage.getByLabel(ADMIN_MSG.searchUsers).fill(member.username);
  const row = adminPage.locator(`[data-user="${member.username}"]`);
  await expect(row).toHaveCount(1);
  await expect(adminPage.locator('[data-user]')).toHaveCount(1);
  if (SHOTS_DIR) {
    await adminPage.setViewportSize({ width: 1280, height: 900 });
    await adminPage.screenshot({ path: `${SHOTS_DIR}/admin-users-1280.png`, fullPage: true });
  }
  await expectAccessible(adminPage);

  // The actions are in the row's menu.
  const menu = row.getByRole('button', { name: ADMIN_MSG.actionsFor(member.username) });
  await menu.click();
  await adminPage.getByRole('menuitem', { name: ADMIN_MSG.ban }).click();
  const dialog = adminPage.getByRole('dialog', { name: ADMIN_MSG.banTitle(member.username) });
  await dialog.getByLabel(ADMIN_MSG.banReason).fill('Spam in every group');
  const bannedAt = Date.now();
  await dialog.getByRole('button', { name: ADMIN_MSG.ban }).click();
  await expect(row.getByText(ADMIN_MSG.banned)).toBeVisible();
  await expect(adminPage.getByText(ADMIN_MSG.userBanned)).toBeVisible();
  // Focus is back on the row's menu button.
  await expect(menu).toBeFocused();

  // Signed out live: the messages page gives way to the sign-in page, within the 5 s.
  await expect(m.page).toHaveURL(/\/auth/, { timeout: 5_000 });
  expect(Date.now() - bannedAt).toBeLessThan(5_000);

  // Sign-in is refused with a clear message.
  await m.page.getByLabel('Email').fill(member.email);
  await m.page.getByLabel('Password').fill(member.password);
  await m.page.getByRole('button', { name: 'Log In' }).click();
  await expect(m.page.getByText(MSG.accountSuspended)).toBeVisible();

  // The audit log has it.
  await adminPage.getByRole('tab', { name: ADMIN_MSG.tabs.audit }).click();
  await expect(adminPage.locator('[data-action="user.ban"]').first()).toContainText('Spam in every group');
  await expect(adminPage.locator('[data-action="user.ban"]').first()).toContainText(member.username);
  await expectAccessible(adminPage);

  // Unban: the member signs in again.
  await adminPage.getByRole('tab', { name: ADMIN_MSG.tabs.users }).click();
  await menu.click();
  await adminPage.getByRole('menuitem', { name: ADMIN_MSG.unban }).click();
  // Unbanning asks first too.
  await adminPage
    .getByRole('dialog', { name: ADMIN_MSG.unbanTitle(member.username) })
    .getByRole('button', { name: ADMIN_MSG.unban })
    .click();
  await expect(row.getByText(ADMIN_MSG.banned)).toHaveCount(0);
  await expect(adminPage.getByText(ADMIN_MSG.userUnbanned)).toBeVisible();
  await m.page.getByLabel('Email').fill(member.email);
  await m.page.getByLabel('Password').fill(member.password);
  await m.page.getByRole('button', { name: 'Log In' }).click();
  // Back where the ban found them.
  await expect(m.page).toHaveURL(/\/messages/);
  await expect(m.page.getByRole('button', { name: `Open user menu for ${member.username}` })).toBeVisible();

  // Articles tab: the first 100 characters, and a delete that takes the article off the list.
  await adminPage.getByRole('tab', { name: ADMIN_MSG.tabs.articles }).click();
  const articleRow = adminPage.locator(`[data-article="${articleId}"]`);
  await expect(articleRow).toContainText('Ten lessons from our seed round');
  await expect(articleRow).toContainText(
    'We pitched forty investors before the first yes. '.repeat(3).slice(0, 100).trim(),
  );
  await expectAccessible(adminPage);
  if (SHOTS_DIR) await adminPage.screenshot({ path: `${SHOTS_DIR}/admin-articles-1280.png`, fullPage: true });
  // Delete is in the row menu, as on the other tabs: it asks first (future tense), then says it was done.
  await expect(articleRow.getByRole('button', { name: ADMIN_MSG.delete })).toHaveCount(0);
  await articleRow
    .getByRole('button', { name: ADMIN_MSG.actionsFor('Ten lessons from our seed round') })
    .click();
  await adminPage.getByRole('menuitem', { name: ADMIN_MSG.delete }).click();
  const confirm = adminPage.getByRole('dialog', { name: ADMIN_MSG.deleteArticleTitle });
  await expect(confirm).toContainText(ADMIN_MSG.deleteArticleExplain);
  await confirm.getByRole('button', { name: ADMIN_MSG.delete }).click();
  await expect(adminPage.getByText(ADMIN_MSG.articleDeleted)).toBeVisible();
  await expect(articleRow).toHaveCount(0);
  expect((await m.page.request.get(`/api/articles/${articleId}`)).status()).toBe(404);

  if (SHOTS_DIR) {
    await adminPage.getByRole('tab', { name: ADMIN_MSG.tabs.users }).click();
    await adminPage.getByLabel(ADMIN_MSG.searchUsers).fill('');
    await adminPage.screenshot({ path: `${SHOTS_DIR}/admin-users-1280-all.png`, fullPage: true });
    await adminPage.getByRole('tab', { name: ADMIN_MSG.tabs.audit }).click();
    await adminPage.screenshot({ path: `${SHOTS_DIR}/admin-audit-1280.png`, fullPage: true });
    await adminPage.setViewportSize({ width: 375, height: 740 });
    await adminPage.getByRole('tab', { name: ADMIN_MSG.tabs.users }).click();
    await adminPage.screenshot({ path: `${SHOTS_DIR}/admin-users-375.png`, fullPage: true });
    await adminPage.getByRole('tab', { name: ADMIN_MSG.tabs.audit }).click();
    await adminPage.screenshot({ path: `${SHOTS_DIR}/admin-audit-375.png`, fullPage: true });
  }
  await m.context.close();
  await friend.context.close();
});
