import { GROUP_MSG } from '../../common/groups/model';
import { expect, secondBrowser, signUpVerified, test } from '../fixtures';

test("groups sign-in text: a visitor who opens a group card is told 'Authentication Required' / 'Please sign in to join this group'", async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpVerified(page);
  const name = `Visitors welcome ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/groups', {
    data: { name, description: 'A group a visitor finds in the list.', coverImage: null },
  });
  expect(created.status()).toBe(201);
  const visitor = await secondBrowser(browser, baseURL);
  const v = visitor.page;
  await v.goto('/groups');
  await v.getByPlaceholder(GROUP_MSG.searchPlaceholder).fill(name);
  await v.getByRole('button', { name: `${GROUP_MSG.viewGroup}: ${name}` }).click();
  await expect(v).toHaveURL(/\/auth/);
  await expect(v.getByText(GROUP_MSG.authRequired, { exact: true })).toBeVisible();
  await expect(v.getByText(GROUP_MSG.signInToJoin, { exact: true })).toBeVisible();
  await visitor.context.close();
});
