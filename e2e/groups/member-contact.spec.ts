import { GROUP_MEMBER_CONTACT_MSG as MSG, GROUP_MSG } from '../../common/groups/model';
import { apiCreated, expect, expectAccessible, myId, secondBrowser, signUpVerified, test } from '../fixtures';

test("a member in a group's members list can be sent a connection request ('Request Sent', 'Connection request sent') and a message; never oneself", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const headers = { origin: baseURL! };
  const admin = await signUpVerified(page);
  const group = await apiCreated<{ id: string }>(page, baseURL, '/api/groups', {
    name: `Members Corner ${Date.now().toString(36)}`,
    description: 'Where members meet each other and talk.',
    coverImage: null,
  });

  const other = await secondBrowser(browser, baseURL);
  const member = await signUpVerified(other.page);
  // A public group admits at once.
  expect((await other.page.request.post(`/api/groups/${group.id}/join-requests`, { headers })).status()).toBe(
    201,
  );
  const memberId = await myId(other.page);

  const m = other.page;
  await m.goto(`/groups/${group.id}`);
  const members = m.getByRole('list', { name: GROUP_MSG.membersHeading });
  await expect(members.getByRole('link', { name: admin.username })).toBeVisible({ timeout: 30_000 });
  // No Connect or Message on one's own row.
  await expect(members.getByRole('button', { name: `${MSG.connect}: ${member.username}` })).toHaveCount(0);
  await expect(members.getByRole('button', { name: `${MSG.message}: ${member.username}` })).toHaveCount(0);
  await expectAccessible(m);

  await members.getByRole('button', { name: `${MSG.connect}: ${admin.username}` }).click();
  await expect(m.getByText(MSG.connectionRequestSent)).toBeVisible();
  await expect(members.getByRole('button', { name: `${MSG.requestSent}: ${admin.username}` })).toBeDisabled();
  const incoming = (await (await page.request.get('/api/connections/requests')).json()) as {
    from: { id: string };
  }[];
  expect(incoming.map((r) => r.from.id)).toContain(memberId);

  await members.getByRole('button', { name: `${MSG.message}: ${admin.username}` }).click();
  await expect(m.getByRole('textbox', { name: `Message ${admin.username}` })).toBeVisible();
  await other.context.close();
});
