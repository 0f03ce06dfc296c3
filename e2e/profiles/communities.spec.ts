import { FORUM_MSG } from '../../common/forums/model';
import { GROUP_MSG } from '../../common/groups/model';
import { expect, expectAccessible, reviewShots, signUpVerified, test } from '../fixtures';

test("a profile shows one 'Communities' card with groups and forum groups together, each group with its privacy badge and the member's Admin badge", async ({
  page,
  baseURL,
}) => {
  const headers = { origin: baseURL! };
  await signUpVerified(page);
  const tag = Date.now().toString(36);
  const groupName = `Corner Makers ${tag}`;
  const forumName = `Pricing Talk ${tag}`;
  const group = await page.request.post('/api/groups', {
    headers,
    data: { name: groupName, description: 'We build furniture and robots on weekends.', coverImage: null },
  });
  expect(group.status(), await group.text()).toBe(201);
  const forum = await page.request.post('/api/forums', {
    headers,
    data: { name: forumName, description: 'How we price things.', coverImage: null },
  });
  expect(forum.status(), await forum.text()).toBe(201);

  await page.goto('/profile');
  const main = page.getByRole('main');
  const groups = main.getByRole('list', { name: GROUP_MSG.heading, exact: true });
  const forums = main.getByRole('list', { name: FORUM_MSG.communities });
  // The sections load after the profile itself.
  await expect(groups.getByRole('link', { name: groupName })).toBeVisible({ timeout: 30_000 });
  await expect(main.getByRole('heading', { level: 2, name: 'Communities' })).toHaveCount(1);
  await expect(forums.getByRole('link', { name: forumName })).toBeVisible();
  const row = groups.getByRole('listitem').filter({ hasText: groupName });
  await expect(row.getByText(GROUP_MSG.public, { exact: true })).toBeVisible();
  await expect(row.getByText(GROUP_MSG.admin, { exact: true })).toBeVisible();
  // Both parts sit in the one card.
  const card = main.getByRole('region', { name: 'Communities' });
  await expect(card.getByRole('list', { name: GROUP_MSG.heading, exact: true })).toContainText(groupName);
  await expect(card.getByRole('list', { name: FORUM_MSG.communities })).toContainText(forumName);
  await expectAccessible(page);
  await reviewShots(page, 'profile-communities');
});
