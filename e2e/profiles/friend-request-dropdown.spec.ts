import { CONNECTION_MSG } from '../../common/profiles/model';
import { NOTIFICATION_TEXT } from '../../common/notifications/model';
import { expect, gotoLive, myId, secondBrowser, signUpVerified, test } from '../fixtures';

/* issue 21: accept or reject a friend request right in the notifications dropdown. */

test('a friend request is accepted from the bell dropdown, and rejected from it too', async ({
  page,
  browser,
  baseURL,
}) => {
  const b = await secondBrowser(browser, baseURL);
  const c = await secondBrowser(browser, baseURL);
  const asker = await signUpVerified(b.page);
  const other = await signUpVerified(c.page);
  await signUpVerified(page);
  const me = await myId(page);
  await gotoLive(page, '/');
  expect((await b.page.request.post(`/api/connections/${me}/request`)).status()).toBe(200);
  expect((await c.page.request.post(`/api/connections/${me}/request`)).status()).toBe(200);

  const bell = page.getByRole('button', { name: /^Notifications, 2 unread/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const dropdown = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dropdown.getByText(NOTIFICATION_TEXT.connectionRequest.text(asker.username))).toBeVisible();
  await dropdown.getByRole('button', { name: `${CONNECTION_MSG.accept} ${asker.username}` }).click();
  await expect(page.getByText(CONNECTION_MSG.accepted, { exact: true })).toBeVisible();
  await expect(
    dropdown.getByRole('button', { name: `${CONNECTION_MSG.accept} ${asker.username}` }),
  ).toHaveCount(0);
  await dropdown.getByRole('button', { name: `${CONNECTION_MSG.reject} ${other.username}` }).click();
  await expect(
    dropdown.getByRole('button', { name: `${CONNECTION_MSG.reject} ${other.username}` }),
  ).toHaveCount(0);

  // The server agrees: friends with the first, nothing with the second.
  const withAsker = await page.request.get(`/api/connections/${await myId(b.page)}`);
  expect(((await withAsker.json()) as { status: string }).status).toBe('friends');
  const withOther = await page.request.get(`/api/connections/${await myId(c.page)}`);
  expect(((await withOther.json()) as { status: string | null }).status).not.toBe('friends');
  await b.context.close();
  await c.context.close();
});
