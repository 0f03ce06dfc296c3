import type { Page } from '@playwright/test';
import { FORUM_MSG } from '../../common/forums/model';
import { MSG } from '../../common/core/texts';
import { expect, reviewShots, secondBrowser, signUpVerified, test } from '../fixtures';

/*
 * Forum texts and counts: a post's header likes follow its reactions live; member actions other
 * than approving say why they failed (only approving says 'Failed to approve member'); visitors are
 * asked in the forum's words to react and to create a post.
 */

async function forumWithPost(page: Page) {
  await signUpVerified(page);
  const group = await page.request.post('/api/forums', {
    data: { name: `Counting forum ${Date.now().toString(36)}`, description: 'Where counts agree.' },
  });
  expect(group.status()).toBe(201);
  const { id } = (await group.json()) as { id: string };
  const post = await page.request.post(`/api/forums/${id}/posts`, {
    data: { title: 'Do the counts agree?', content: 'Press Like and see.', category: 'general' },
  });
  expect(post.status()).toBe(201);
  return { groupId: id, postId: ((await post.json()) as { id: string }).id };
}

test('forum post header likes follow the reaction bar live, without a reload', async ({ page }) => {
  const { postId } = await forumWithPost(page);
  await page.goto(`/forums/post/${postId}`);
  await expect(page.getByText(FORUM_MSG.likes(0), { exact: true })).toBeVisible();
  await page.getByRole('group', { name: 'Reactions' }).first().getByRole('button', { name: /^Like/ }).click();
  await expect(page.getByText(FORUM_MSG.likes(1), { exact: true })).toBeVisible();
  await reviewShots(page, 'forum-post-likes');
});

test("forum member actions: only approving says 'Failed to approve member'; rejecting says why in words", async ({
  page,
  browser,
  baseURL,
}) => {
  const { groupId } = await forumWithPost(page);
  const other = await secondBrowser(browser, baseURL);
  await signUpVerified(other.page);
  expect((await other.page.request.post(`/api/forums/${groupId}/join`)).status()).toBe(201);
  await other.context.close();

  await page.goto(`/forums/group/${groupId}`);
  await page.getByRole('tab', { name: new RegExp(FORUM_MSG.tabPending) }).click();
  const refusal = 'Only the owner of this group can do that.';
  await page.route(`**/api/forums/${groupId}/members/**`, (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'FORBIDDEN', message: refusal } }),
    }),
  );
  await page.getByRole('button', { name: new RegExp(`^${FORUM_MSG.reject}`) }).click();
  await expect(page.getByText(refusal, { exact: true })).toBeVisible();
  await expect(page.getByText(FORUM_MSG.approveFailed, { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: new RegExp(`^${FORUM_MSG.approve}`) }).click();
  await expect(page.getByText(FORUM_MSG.approveFailed, { exact: true })).toBeVisible();
});

test("forum sign-in texts: a visitor is asked to 'create a post' and to react in the forum's words; creating a forum group says 'Authentication Required'", async ({
  page,
  browser,
  baseURL,
}) => {
  const { groupId, postId } = await forumWithPost(page);
  const visitor = await secondBrowser(browser, baseURL);
  const v = visitor.page;
  const dialog = v.getByRole('dialog', { name: MSG.signInRequiredTitle });
  await v.goto(`/forums/group/${groupId}`);
  await v.getByRole('button', { name: FORUM_MSG.createPost }).click();
  await expect(dialog.getByText(MSG.signInRequired(FORUM_MSG.signInPost))).toBeVisible();
  await reviewShots(v, 'forum-visitor-create-post', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await v.goto(`/forums/post/${postId}`);
  await v.getByRole('group', { name: 'Reactions' }).first().getByRole('button', { name: /^Like/ }).click();
  await expect(dialog.getByText(FORUM_MSG.signInReact, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await v.goto('/forums');
  await v.getByRole('button', { name: FORUM_MSG.createGroup }).click();
  await expect(v).toHaveURL(/\/auth/);
  await expect(v.getByText(FORUM_MSG.authRequired, { exact: true })).toBeVisible();
  await expect(v.getByText(FORUM_MSG.signInToCreate, { exact: true })).toBeVisible();
  await visitor.context.close();
});
