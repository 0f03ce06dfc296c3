import { FORUM_MSG } from '../../common/forums/model';
import {
  apiCreated,
  expect,
  expectAccessible,
  gotoLive,
  reviewShots,
  signUpVerified,
  test,
} from '../fixtures';

test('a forum author edits and deletes their own reply and post, each after a form or a confirmation, with a toast', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const headers = { origin: baseURL! };
  await signUpVerified(page);
  const forum = await apiCreated<{ id: string }>(page, baseURL, '/api/forums', {
    name: `Own Words ${Date.now().toString(36)}`,
    description: 'Authors tidy their words.',
    coverImage: null,
  });
  const post = await apiCreated<{ id: string }>(page, baseURL, `/api/forums/${forum.id}/posts`, {
    title: 'Pricing tiers',
    content: 'Three or four?',
    category: 'business',
  });
  const replied = await page.request.post(`/api/forums/posts/${post.id}/replies`, {
    headers,
    data: { content: 'Typo in my reply' },
  });
  expect(replied.status(), await replied.text()).toBe(201);

  await gotoLive(page, `/forums/post/${post.id}`);
  await page.getByRole('button', { name: FORUM_MSG.editPostTitle }).click();
  const dialog = page.getByRole('dialog', { name: FORUM_MSG.editPostTitle });
  await dialog.getByLabel(FORUM_MSG.title).fill('Pricing tiers: three or four?');
  await expectAccessible(page);
  await reviewShots(page, 'forums-edit-post', { fullPage: false });
  await dialog.getByRole('button', { name: FORUM_MSG.save }).click();
  await expect(page.getByText(FORUM_MSG.postUpdated)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing tiers: three or four?' })).toBeVisible();

  await page.getByRole('button', { name: FORUM_MSG.deleteReplyTitle }).click();
  await page
    .getByRole('dialog', { name: FORUM_MSG.deleteReplyTitle })
    .getByRole('button', { name: FORUM_MSG.delete })
    .click();
  await expect(page.getByText(FORUM_MSG.replyDeleted)).toBeVisible();
  await expect(page.getByText('Typo in my reply')).toHaveCount(0);

  await page.getByRole('button', { name: FORUM_MSG.deletePostTitle }).click();
  await page
    .getByRole('dialog', { name: FORUM_MSG.deletePostTitle })
    .getByRole('button', { name: FORUM_MSG.delete })
    .click();
  await expect(page.getByText(FORUM_MSG.postDeleted)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/forums/group/${forum.id}$`));
});
