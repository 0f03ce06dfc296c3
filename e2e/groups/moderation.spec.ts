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

test('an owner removes a post and a member, each after a confirmation, with a toast, seen live by the member', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const headers = { origin: baseURL! };
  await signUpVerified(page);
  const group = await apiCreated<{ id: string }>(page, baseURL, '/api/groups', {
    name: `Tidy House ${Date.now().toString(36)}`,
    description: 'A group its owner keeps tidy.',
    coverImage: null,
  });

  const other = await secondBrowser(browser, baseURL);
  const member = await signUpVerified(other.page);
  const m = other.page;
  expect((await m.request.post(`/api/groups/${group.id}/join-requests`, { headers })).status()).toBe(201);
  const posted = await m.request.post(`/api/groups/${group.id}/posts`, {
    headers,
    data: { content: 'Buy cheap followers here!', imageUrl: null },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  await gotoLive(page, `/groups/${group.id}`);
  await gotoLive(m, `/groups/${group.id}`);
  await expect(m.getByText('Buy cheap followers here!')).toBeVisible();
  // A plain member is offered no Delete on others' posts, nor member actions.
  await expect(m.getByRole('button', { name: /^Make admin/ })).toHaveCount(0);

  const post = page.getByRole('article', { name: member.username });
  await expect(post).toContainText('Buy cheap followers');
  await post.getByRole('button', { name: `${GROUP_MSG.deletePost}: post by ${member.username}` }).click();
  const dialog = page.getByRole('dialog', { name: GROUP_MSG.deletePostTitle });
  await expect(dialog).toContainText(GROUP_MSG.removePostConfirm(member.username));
  await expectAccessible(page);
  await reviewShots(page, 'groups-delete-post-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: GROUP_MSG.deletePost }).click();
  await expect(page.getByText(GROUP_MSG.postDeleted)).toBeVisible();
  await expect(page.getByText('Buy cheap followers here!')).toHaveCount(0);
  await expect(m.getByText('Buy cheap followers here!')).toHaveCount(0);

  // Name them admin, then remove them.
  await page.getByRole('button', { name: `${GROUP_MSG.makeAdmin} ${member.username}` }).click();
  await page
    .getByRole('dialog', { name: GROUP_MSG.makeAdminTitle })
    .getByRole('button', { name: GROUP_MSG.makeAdmin })
    .click();
  await expect(page.getByText(GROUP_MSG.roleChanged)).toBeVisible();
  await expect(
    page.getByRole('button', { name: `${GROUP_MSG.makeMember} ${member.username}` }),
  ).toBeVisible();
  // A second admin's row has four buttons: the name stays readable beside or above them, on a
  // wide screen (the members column is 20rem) and on a phone.
  const row = page
    .getByRole('list', { name: GROUP_MSG.membersHeading })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `${GROUP_MSG.makeMember} ${member.username}` }) });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const box = await row.getByRole('link').boundingBox();
    expect(box?.width ?? 0, `the member's name at ${width} px`).toBeGreaterThanOrEqual(96);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await reviewShots(page, 'groups-owner-members');

  await page.getByRole('button', { name: `${GROUP_MSG.remove} ${member.username}` }).click();
  await page
    .getByRole('dialog', { name: GROUP_MSG.removeTitle })
    .getByRole('button', { name: GROUP_MSG.remove })
    .click();
  await expect(page.getByText(GROUP_MSG.memberRemoved)).toBeVisible();
  await expect(page.getByText(GROUP_MSG.members(1))).toBeVisible();
  await expect(m.getByRole('button', { name: GROUP_MSG.joinGroup })).toBeVisible();
  await other.context.close();
});
