import type { Page } from '@playwright/test';
import { FORUM_CATEGORY_LABELS, FORUM_MSG } from '../../common/forums/model';
import {
  expect,
  expectAccessible,
  gotoLive,
  reviewShots,
  secondBrowser,
  signUpVerified,
  test,
} from '../fixtures';

test('create a forum; a second member asks to join (a disabled Request Pending while waiting), is approved, posts; a third replies and comments at depth 3; the moderator locks the post live', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await signUpVerified(page);
  const name = `Pricing Circle ${Date.now().toString(36)}`;

  await page.goto('/forums');
  await expect(page.getByRole('heading', { level: 1, name: FORUM_MSG.heading })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'My Groups' })).toBeVisible();
  await expect(page.getByPlaceholder(FORUM_MSG.searchPlaceholder)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'My Groups' }).click();
  await expect(page.getByText(FORUM_MSG.noMyGroups)).toBeVisible();
  await page.getByRole('button', { name: FORUM_MSG.createGroup }).click();
  await expect(page).toHaveURL(/\/forums\/create-group$/);

  // The name is required, said in a 'Validation Error' toast.
  await page.getByRole('button', { name: FORUM_MSG.create }).click();
  await expect(page.getByText(FORUM_MSG.validationError)).toBeVisible();
  await expect(page.getByText(FORUM_MSG.nameRequired)).toBeVisible();
  // The toast came up under the pointer, over Create (a hovered toast stays): close it.
  await page.getByRole('button', { name: 'Close toast' }).click();
  await expect(page.getByText(FORUM_MSG.validationError)).toBeHidden();
  await page.getByLabel(FORUM_MSG.name).fill(name);
  await page.getByLabel(FORUM_MSG.description).fill('How we price, package and discount.');
  await expect(page.getByText('35/500')).toBeVisible();
  await expectAccessible(page);
  await reviewShots(page, 'forums-create-group');
  await page.getByRole('button', { name: FORUM_MSG.create }).click();
  await expect(page).toHaveURL(/\/forums\/group\/[0-9a-f-]{36}$/);
  const groupUrl = new URL(page.url()).pathname;
  await gotoLive(page, groupUrl);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(FORUM_MSG.members(1))).toBeVisible();
  await expect(page.getByRole('tab', { name: FORUM_MSG.tabManage })).toBeVisible();

  // A second member asks to join; the owner approves from Pending Requests, live.
  const second = await secondBrowser(browser, baseURL);
  const member = await signUpVerified(second.page);
  await gotoLive(second.page, groupUrl);
  await expect(second.page.getByRole('tab', { name: FORUM_MSG.tabPending })).toHaveCount(0);
  await expect(second.page.getByRole('button', { name: FORUM_MSG.createPost })).toHaveCount(0);
  await second.page.getByRole('button', { name: FORUM_MSG.joinGroup }).click();
  // While pending: a disabled 'Request Pending', like a social group's; tapping it withdraws nothing.
  await expect(second.page.getByRole('button', { name: FORUM_MSG.requestPending })).toBeDisabled();
  await page.getByRole('tab', { name: FORUM_MSG.tabPending }).click();
  await page.getByRole('button', { name: `${FORUM_MSG.approve} ${member.username}` }).click();
  await expect(page.getByText(FORUM_MSG.memberApproved)).toBeVisible();
  await expect(page.getByText(FORUM_MSG.members(2))).toBeVisible();
  // The owner makes them a moderator.
  await page.getByRole('tab', { name: FORUM_MSG.tabManage }).click();
  await page.getByRole('button', { name: `${FORUM_MSG.promote} ${member.username}` }).click();
  await expect(page.getByText(FORUM_MSG.promoted)).toBeVisible();

  // The new member, now approved, sees Create New Post without a reload and posts.
  await second.page.getByRole('button', { name: FORUM_MSG.createPost }).click();
  await second.page.getByRole('button', { name: FORUM_MSG.submitPost }).click();
  await expect(second.page.getByText(FORUM_MSG.titleRequired)).toBeVisible();
  await second.page.getByLabel(FORUM_MSG.title).fill('Annual plans: how big a discount?');
  await second.page.getByLabel(FORUM_MSG.category).selectOption({ label: FORUM_CATEGORY_LABELS.business });
  await second.page.getByLabel(FORUM_MSG.content).fill('We give two months free. Is 20% off better?');
  await second.page.getByRole('button', { name: FORUM_MSG.submitPost }).click();
  await expect(second.page).toHaveURL(/\/forums\/post\/[0-9a-f-]{36}$/);
  const postUrl = new URL(second.page.url()).pathname;
  await expect(
    second.page.getByRole('heading', { level: 1, name: 'Annual plans: how big a discount?' }),
  ).toBeVisible();
  await expect(second.page.getByText(FORUM_CATEGORY_LABELS.business, { exact: true })).toBeVisible();
  await gotoLive(second.page, postUrl);
  await expect(second.page.getByText(FORUM_MSG.views(1))).toBeVisible();
  // A reload within the hour is not a second view.
  await gotoLive(second.page, postUrl);
  await expect(second.page.getByText(FORUM_MSG.views(1))).toBeVisible();

  // The group's page lists it, with its latest-post preview.
  await page.getByRole('tab', { name: FORUM_MSG.tabPosts }).click();
  await expect(page.getByRole('link', { name: 'Annual plans: how big a discount?' }).first()).toBeVisible();
  await expectAccessible(page);
  await reviewShots(page, 'forums-group');

  // A third person joins (approved by the new moderator) and replies.
  const third = await secondBrowser(browser, baseURL);
  const replier = await signUpVerified(third.page);
  await gotoLive(third.page, groupUrl);
  await third.page.getByRole('button', { name: FORUM_MSG.joinGroup }).click();
  await expect(third.page.getByRole('button', { name: FORUM_MSG.requestPending })).toBeVisible();
  await gotoLive(second.page, groupUrl);
  await second.page.getByRole('tab', { name: FORUM_MSG.tabPending }).click();
  await second.page.getByRole('button', { name: `${FORUM_MSG.approve} ${replier.username}` }).click();
  await expect(second.page.getByText(FORUM_MSG.memberApproved)).toBeVisible();

  await gotoLive(third.page, postUrl);
  await gotoLive(second.page, postUrl);
  await third.page.getByLabel(FORUM_MSG.yourReply).fill('Annual at 20% off doubled our upfront cash.');
  await third.page.getByRole('button', { name: FORUM_MSG.postReply }).click();
  await expect(third.page.getByText(FORUM_MSG.replyPosted)).toBeVisible();
  // Everyone on the page sees it arrive.
  await expect(second.page.getByText('Annual at 20% off doubled our upfront cash.')).toBeVisible();
  await expect(second.page.getByText(FORUM_MSG.replies(1)).first()).toBeVisible();

  // Comments under the reply, nested to depth 3 and no deeper. A comment is looked for as a
  // comment: React keeps a controlled textarea's text as its content too, so a bare getByText can
  // find the box that is still sending it.
  const comment = (page: Page, text: string) =>
    page
      .getByRole('article', { name: `Comment by ${replier.username}` })
      .filter({ has: page.locator('p', { hasText: new RegExp(`^${text}$`) }) });
  const replyBox = third.page.getByRole('textbox', { name: `Reply to ${replier.username}` });
  await third.page.getByRole('textbox', { name: 'Write a comment' }).fill('Depth zero');
  await third.page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(comment(third.page, 'Depth zero')).toBeVisible();
  await expect(third.page.getByText(FORUM_MSG.commentPosted)).toBeVisible();
  for (const depth of [1, 2, 3]) {
    // Each reply answers the comment posted just before it.
    await comment(third.page, depth === 1 ? 'Depth zero' : `Depth ${depth - 1}`)
      .getByRole('button', { name: `Reply to ${replier.username}` })
      .click();
    await replyBox.fill(`Depth ${depth}`);
    await third.page.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(comment(third.page, `Depth ${depth}`)).toBeVisible();
    // The box closes once the reply is in.
    await expect(replyBox).toHaveCount(0);
    if (depth === 1) await expect(third.page.getByText(FORUM_MSG.commentReplyPosted)).toBeVisible();
  }
  // Four comments, and only the first three offer Reply.
  await expect(third.page.getByRole('article', { name: `Comment by ${replier.username}` })).toHaveCount(4);
  await expect(third.page.getByRole('button', { name: `Reply to ${replier.username}` })).toHaveCount(3);
  await expect(
    comment(third.page, 'Depth 3').getByRole('button', { name: `Reply to ${replier.username}` }),
  ).toHaveCount(0);
  await expect(comment(second.page, 'Depth 3')).toBeVisible();

  // Forum reactions on the post.
  await third.page
    .getByRole('group', { name: 'Reactions' })
    .first()
    .getByRole('button', { name: /^Insightful,/ })
    .click();
  await expect(second.page.getByLabel('Top reactions').first()).toContainText('1');

  // The moderator locks the post: the reply box goes for the third person, live.
  await expect(third.page.getByLabel(FORUM_MSG.yourReply)).toBeVisible();
  await second.page.getByRole('button', { name: FORUM_MSG.lock, exact: true }).click();
  await expect(third.page.getByText(FORUM_MSG.lockedNotice)).toBeVisible();
  await expect(third.page.getByLabel(FORUM_MSG.yourReply)).toHaveCount(0);
  await expect(third.page.getByText(FORUM_MSG.locked, { exact: true })).toBeVisible();
  await expectAccessible(third.page);
  await reviewShots(third.page, 'forums-post');

  // The list shows the group's card with its counts and the latest post.
  await page.goto('/forums');
  await page.getByPlaceholder(FORUM_MSG.searchPlaceholder).fill(name);
  // Other groups may share words with the name: the counts are read on this group's own card.
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(card).toBeVisible();
  await expect(card.getByText(FORUM_MSG.members(3))).toBeVisible();
  await expectAccessible(page);
  await reviewShots(page, 'forums');

  await second.context.close();
  await third.context.close();
});

test("an unknown or malformed post id shows 'Post not found' with Back to Forums", async ({ page }) => {
  for (const url of ['/forums/post/not-a-uuid', '/forums/00000000-0000-4000-8000-000000000000']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: FORUM_MSG.postNotFound })).toBeVisible();
  }
  await expectAccessible(page);
  await page.getByRole('link', { name: FORUM_MSG.backToForums }).last().click();
  await expect(page).toHaveURL(/\/forums$/);
  await expect(page.getByRole('heading', { level: 1, name: FORUM_MSG.heading })).toBeVisible();
  await reviewShots(page, 'forums-visitor');
});
