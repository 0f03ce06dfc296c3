import { expect, gotoLive, secondBrowser, signUpVerified, test } from '../fixtures';

test('lists stay live: /groups and /forums show a group someone else just created, without a reload', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpVerified(page);
  const other = await secondBrowser(browser, baseURL);
  await signUpVerified(other.page);
  const headers = { origin: baseURL! };
  const tag = Date.now().toString(36);

  await gotoLive(page, '/groups');
  const groupName = `Live Makers ${tag}`;
  const group = await other.page.request.post('/api/groups', {
    headers,
    data: { name: groupName, description: 'Created while the list was open.', coverImage: null },
  });
  expect(group.status(), await group.text()).toBe(201);
  await expect(page.getByRole('heading', { name: groupName })).toBeVisible();

  await gotoLive(page, '/forums');
  const forumName = `Live Forum ${tag}`;
  const forum = await other.page.request.post('/api/forums', {
    headers,
    data: { name: forumName, description: 'Created while the list was open.', coverImage: null },
  });
  expect(forum.status(), await forum.text()).toBe(201);
  await expect(page.getByRole('link', { name: forumName }).first()).toBeVisible();
  await other.context.close();
});
