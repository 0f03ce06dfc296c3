import { COMMENT_MSG } from '../../common/comments/model';
import { FORUM_MSG } from '../../common/forums/model';
import { GROUP_MSG } from '../../common/groups/model';
import {
  expect,
  expectAccessible,
  gotoLive,
  reviewShots,
  secondBrowser,
  signUpVerified,
  test,
  apiCreated,
} from '../fixtures';

test('a new member joins a public group and comments within a minute; the reason to join is said once', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const headers = { origin: baseURL! };
  await signUpVerified(page);
  const created = await page.request.post('/api/groups', {
    headers,
    data: {
      name: `Open Door ${Date.now().toString(36)}`,
      description: 'Anyone is welcome to say hello here.',
      coverImage: null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const group = (await created.json()) as { id: string; name: string };
  for (const content of ['Welcome! Tell us what you are building.', 'Demo night is on Thursday.']) {
    const res = await page.request.post(`/api/groups/${group.id}/posts`, {
      headers,
      data: { content, imageUrl: null },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  const other = await secondBrowser(browser, baseURL);
  await signUpVerified(other.page);
  const m = other.page;
  const started = Date.now();
  await gotoLive(m, `/groups/${group.id}`);
  // Two posts, one sentence saying how to take part, and the button beside it.
  await expect(m.getByRole('article')).toHaveCount(2);
  await expect(m.getByText(GROUP_MSG.joinToTakePart)).toHaveCount(1);
  await expect(m.getByText(GROUP_MSG.joinToEngage)).toHaveCount(0);
  await expect(m.getByRole('button', { name: GROUP_MSG.requestToJoin })).toHaveCount(0);
  await expectAccessible(m);
  await reviewShots(m, 'groups-join-public');

  await m.getByRole('button', { name: GROUP_MSG.joinGroup }).click();
  await expect(m.getByText(GROUP_MSG.joined)).toBeVisible();
  await expect(m.getByRole('button', { name: GROUP_MSG.leaveGroup })).toBeVisible();
  const post = m.getByRole('article').filter({ hasText: 'Demo night' });
  await post.getByRole('textbox', { name: /comment/i }).fill('I will be there!');
  await post.getByRole('button', { name: COMMENT_MSG.submit }).click();
  await expect(post.getByRole('article', { name: /^Comment by / })).toContainText('I will be there!');
  expect(Date.now() - started).toBeLessThan(60_000);
  await other.context.close();
});

test("a forum post says once that the group approves its members, with 'Join Group' beside it, and what a pending member may do", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const headers = { origin: baseURL! };
  await signUpVerified(page);
  const forum = await apiCreated<{ id: string }>(page, baseURL, '/api/forums', {
    name: `Pricing Circle ${Date.now().toString(36)}`,
    description: 'How we price.',
    coverImage: null,
  });
  const post = await apiCreated<{ id: string }>(page, baseURL, `/api/forums/${forum.id}/posts`, {
    title: 'Annual or monthly?',
    content: 'Which do your customers pick?',
    category: 'business',
  });
  for (const content of ['Annual, at 20% off.', 'Monthly, mostly.', 'Both, half and half.']) {
    const res = await page.request.post(`/api/forums/posts/${post.id}/replies`, {
      headers,
      data: { content },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  const other = await secondBrowser(browser, baseURL);
  await signUpVerified(other.page);
  const m = other.page;
  await gotoLive(m, `/forums/post/${post.id}`);
  await expect(m.getByText('Both, half and half.')).toBeVisible();
  await expect(m.getByText(FORUM_MSG.joinNeedsApproval)).toHaveCount(1);
  await expect(m.getByText(FORUM_MSG.joinToEngage)).toHaveCount(0);
  await expectAccessible(m);
  await reviewShots(m, 'forums-post-join');

  await m.getByRole('button', { name: FORUM_MSG.joinGroup }).click();
  await expect(m.getByText(FORUM_MSG.requestSent)).toBeVisible();
  await expect(m.getByRole('button', { name: FORUM_MSG.requestPending })).toBeDisabled();
  await expect(m.getByText(FORUM_MSG.pendingMeanwhile)).toHaveCount(1);
  await expect(m.getByText(FORUM_MSG.joinToEngage)).toHaveCount(0);
  await reviewShots(m, 'forums-post-pending');
  await other.context.close();
});
