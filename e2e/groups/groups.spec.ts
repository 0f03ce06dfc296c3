import { COMMENT_MSG } from '../../common/comments/model';
import { GROUP_MSG } from '../../common/groups/model';
import { expect, expectAccessible, gotoLive, secondBrowser, signUpVerified, test } from '../fixtures';

test('create a group through the wizard; another member joins at once, seen live; they post, react, comment and share', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await signUpVerified(page);
  const name = `Weekend Makers ${Date.now().toString(36)}`;

  await page.goto('/groups');
  await expect(page.getByRole('heading', { level: 1, name: GROUP_MSG.heading })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'My Groups' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: GROUP_MSG.createGroup }).first().click();
  await expect(page).toHaveURL(/\/create-group$/);

  // Step 1: the form's messages before anything is sent.
  await page.getByRole('button', { name: GROUP_MSG.next }).click();
  await expect(page.getByText(GROUP_MSG.nameMin)).toBeVisible();
  await expect(page.getByText(GROUP_MSG.descriptionMin)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(GROUP_MSG.name).fill(name);
  await page.getByLabel(GROUP_MSG.description).fill('We build furniture, robots and bread on weekends.');
  await page.getByRole('button', { name: GROUP_MSG.next }).click();

  // Step 2: the review, privacy fixed as Public.
  await expect(page.getByRole('heading', { name: GROUP_MSG.stepReview })).toBeVisible();
  await expect(page.getByText(GROUP_MSG.public, { exact: true })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  await page.getByRole('button', { name: GROUP_MSG.backStep }).click();
  await expect(page.getByLabel(GROUP_MSG.name)).toHaveValue(name);
  await page.getByRole('button', { name: GROUP_MSG.next }).click();
  await page.getByRole('button', { name: GROUP_MSG.createGroup }).click();

  // Step 3: success, then the group's page.
  await expect(page.getByRole('heading', { name: GROUP_MSG.stepSuccess })).toBeVisible();
  await page.getByRole('button', { name: GROUP_MSG.viewGroup }).click();
  await expect(page).toHaveURL(/\/groups\/[0-9a-f-]{36}$/);
  const groupUrl = new URL(page.url()).pathname;
  await gotoLive(page, groupUrl);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(GROUP_MSG.members(1))).toBeVisible();
  await expect(page.getByRole('button', { name: GROUP_MSG.invite })).toBeVisible();
  await expect(page.getByText(GROUP_MSG.noJoinRequests)).toBeVisible();
  await expectAccessible(page);

  // Another member asks to join.
  const other = await secondBrowser(browser, baseURL);
  const asker = await signUpVerified(other.page);
  await gotoLive(other.page, groupUrl);
  await expect(other.page.getByRole('button', { name: GROUP_MSG.invite })).toHaveCount(0);
  // A public group admits at once; the admin's page follows live.
  await other.page.getByRole('button', { name: GROUP_MSG.joinGroup }).click();
  await expect(other.page.getByText(GROUP_MSG.joined)).toBeVisible();
  await expect(page.getByText(GROUP_MSG.members(2))).toBeVisible();
  await expect(other.page.getByRole('button', { name: GROUP_MSG.leaveGroup })).toBeVisible();
  await expect(other.page.getByText(GROUP_MSG.members(2))).toBeVisible();

  // The new member posts; the admin sees it arrive.
  const box = other.page.getByRole('textbox', { name: GROUP_MSG.writePost });
  await other.page.getByRole('button', { name: GROUP_MSG.post, exact: true }).click();
  await expect(other.page.getByText(GROUP_MSG.postEmpty)).toBeVisible();
  await box.fill('Who is in for the bread workshop on Saturday?');
  await other.page.getByRole('button', { name: GROUP_MSG.post, exact: true }).click();
  await expect(other.page.getByText(GROUP_MSG.postCreated)).toBeVisible();
  const post = page.getByRole('article', { name: asker.username });
  await expect(post).toContainText('bread workshop');

  // The admin reacts and comments; the member sees both live.
  await post
    .getByRole('group', { name: 'Reactions' })
    .getByRole('button', { name: /^Love,/ })
    .click();
  const theirPost = other.page.getByRole('article', { name: asker.username });
  await expect(
    theirPost
      .getByRole('group', { name: 'Reactions' })
      .getByRole('button', { name: 'Love, 1 reaction', exact: true }),
  ).toBeVisible();
  await post.getByRole('textbox', { name: /comment/i }).fill('Count me in!');
  await post.getByRole('button', { name: COMMENT_MSG.submit }).click();
  await expect(theirPost.getByRole('article', { name: /^Comment by / })).toContainText('Count me in!');

  // The member shares it.
  await theirPost.getByRole('button', { name: GROUP_MSG.share }).click();
  const dialog = other.page.getByRole('dialog', { name: GROUP_MSG.share });
  await dialog.getByLabel(GROUP_MSG.shareComment).fill('Bake with us');
  await dialog.getByRole('button', { name: GROUP_MSG.share }).click();
  await expect(other.page.getByText(GROUP_MSG.postShared)).toBeVisible();

  // And leaves, for real.
  await other.page.getByRole('button', { name: GROUP_MSG.leaveGroup }).click();
  await expect(other.page.getByText(GROUP_MSG.leftGroup)).toBeVisible();
  await expect(other.page.getByRole('button', { name: GROUP_MSG.joinGroup })).toBeVisible();
  await expect(page.getByText(GROUP_MSG.members(1))).toBeVisible();
  await other.context.close();
});

test('a malformed or unknown group id goes back to /groups with a notice; visitors are sent to sign in', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpVerified(page);
  await page.goto('/groups/not-a-uuid');
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByText(GROUP_MSG.invalidId)).toBeVisible();
  await page.goto('/groups/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByText(GROUP_MSG.notFound)).toBeVisible();

  const visitor = await secondBrowser(browser, baseURL);
  await visitor.page.goto('/groups');
  await expect(visitor.page.getByRole('heading', { level: 1, name: GROUP_MSG.heading })).toBeVisible();
  await expect(visitor.page.getByRole('tab', { name: 'My Groups' })).toHaveCount(0);
  const view = visitor.page.getByRole('button', { name: new RegExp(`^${GROUP_MSG.viewGroup}`) }).first();
  const empty = visitor.page.getByText(GROUP_MSG.noGroups);
  await expect(view.or(empty)).toBeVisible();
  if (await view.isVisible()) {
    await view.click();
    await expect(visitor.page).toHaveURL(/\/auth/);
  }
  await visitor.page.goto('/create-group');
  await expect(visitor.page).toHaveURL(/\/auth/);
  await visitor.context.close();
});

test('an admin makes the group private and invites by email; the invitee accepts from the notification', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await signUpVerified(page);
  const name = `Quiet Circle ${Date.now().toString(36)}`;
  const res = await page.request.post('/api/groups', {
    data: { name, description: 'A small circle that talks about hard things.', coverImage: null },
  });
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/groups/${id}`);
  await page.getByRole('button', { name: GROUP_MSG.makePrivate }).click();
  await expect(page.getByText(GROUP_MSG.privacyChanged)).toBeVisible();
  await expect(page.getByText(GROUP_MSG.private, { exact: true }).first()).toBeVisible();

  const other = await secondBrowser(browser, baseURL);
  const invitee = await signUpVerified(other.page);
  // Private: the invitee cannot open it yet.
  await other.page.goto(`/groups/${id}`);
  await expect(other.page).toHaveURL(/\/groups$/);
  await expect(other.page.getByText(GROUP_MSG.notFound)).toBeVisible();

  await page.getByRole('button', { name: GROUP_MSG.invite }).click();
  const dialog = page.getByRole('dialog', { name: GROUP_MSG.invitationTitle });
  await dialog.getByRole('button', { name: GROUP_MSG.sendInvitation }).click();
  await expect(dialog.getByText(GROUP_MSG.emailRequired)).toBeVisible();
  await dialog.getByLabel(GROUP_MSG.invitationEmail).fill(`nobody.${Date.now()}@example.com`);
  await dialog.getByRole('button', { name: GROUP_MSG.sendInvitation }).click();
  await expect(dialog.getByText(GROUP_MSG.noSuchUser)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel(GROUP_MSG.invitationEmail).fill(invitee.email);
  await dialog.getByRole('button', { name: GROUP_MSG.sendInvitation }).click();
  await expect(page.getByText(GROUP_MSG.invitationSent)).toBeVisible();

  await other.page.goto('/notifications');
  await other.page.getByText(new RegExp(`invited you to join ${name}`)).click();
  await expect(other.page).toHaveURL(new RegExp(`/groups/${id}`));
  await expect(other.page.getByRole('heading', { level: 1, name })).toBeVisible();
  await other.page.getByRole('button', { name: GROUP_MSG.acceptInvitation }).click();
  await expect(other.page.getByText(GROUP_MSG.invitationAccepted)).toBeVisible();
  await expect(other.page.getByRole('button', { name: GROUP_MSG.leaveGroup })).toBeVisible();
  await expect(other.page.getByText(GROUP_MSG.members(2))).toBeVisible();
  await other.context.close();
});
