import { randomUUID } from 'node:crypto';
import { MESSAGING_MSG } from '../../common/messages/model';
import { PEOPLE_MSG } from '../../common/profiles/model';
import {
  expect,
  expectAccessible,
  myId,
  reviewShots,
  secondBrowser,
  signUpVerified,
  test,
} from '../fixtures';

/* issue 21: starting a conversation from /messages, and links in messages. */

test('New message finds people (people followed first) and starts a conversation, also from the empty state', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = `nm${randomUUID().slice(0, 6)}`;
  const b = await secondBrowser(browser, baseURL);
  const c = await secondBrowser(browser, baseURL);
  const followed = await signUpVerified(b.page);
  const stranger = await signUpVerified(c.page);
  await b.page.request.patch('/api/profiles/me', { data: { fullName: `${tag} Zed Followed` } });
  await c.page.request.patch('/api/profiles/me', { data: { fullName: `${tag} Amy Stranger` } });
  const followedId = await myId(b.page);
  await signUpVerified(page);
  await page.request.post(`/api/connections/${followedId}/follow`);

  await page.goto('/messages');
  // The empty state offers it too.
  const list = page.getByRole('region', { name: 'Messages' });
  await expect(page.getByText(MESSAGING_MSG.noConversations)).toBeVisible();
  await expect(page.getByRole('button', { name: PEOPLE_MSG.newMessage })).toHaveCount(3);
  await list.getByText(MESSAGING_MSG.noConversations).locator('..').getByRole('button').click();

  const dialog = page.getByRole('dialog', { name: PEOPLE_MSG.newMessage });
  await expect(dialog).toBeVisible();
  // Before typing: the people followed.
  await expect(dialog.getByRole('region', { name: PEOPLE_MSG.connectionsGroup })).toContainText(
    `${tag} Zed Followed`,
  );
  expect(followed.username).toBeTruthy();
  await dialog.getByRole('searchbox', { name: PEOPLE_MSG.findPeople }).fill(tag);
  // Zed (followed) comes before Amy (not connected), whatever the alphabet says.
  await expect(dialog.getByRole('button')).toContainText([`${tag} Zed Followed`, `${tag} Amy Stranger`]);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: new RegExp(`${tag} Amy Stranger`) }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/messages\\?with=${await myId(c.page)}$`));
  await expect(page.getByRole('heading', { name: `${tag} Amy Stranger` })).toBeVisible();

  // Links in a message are links.
  const box = page.getByPlaceholder(MESSAGING_MSG.typeMessage);
  await box.fill('Our deck: https://example.com/deck?v=2 have a look');
  await box.press('Enter');
  const thread = page.getByRole('region', { name: `Messages with ${tag} Amy Stranger` });
  const link = thread.getByRole('link', { name: 'https://example.com/deck?v=2' });
  await expect(link).toHaveAttribute('href', 'https://example.com/deck?v=2');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  // Issue 21's screenshots, looked at by a person.
  await reviewShots(page, 'new-conversation', { height: 800, fullPage: false });
  expect(stranger.username).toBeTruthy();
  await b.context.close();
  await c.context.close();
});

test("a deleted person reads 'A former member' with a neutral avatar, in the list and the thread", async ({
  page,
  browser,
  baseURL,
}) => {
  const b = await secondBrowser(browser, baseURL);
  const leaving = await signUpVerified(b.page);
  await signUpVerified(page);
  const me = await myId(page);
  const sent = await b.page.request.post('/api/messages', {
    data: { receiverId: me, clientId: randomUUID(), content: 'Goodbye, and thanks' },
  });
  expect(sent.status()).toBe(201);
  const partnerId = await myId(b.page);
  expect(
    (await b.page.request.post('/api/account/delete', { data: { password: leaving.password } })).status(),
  ).toBe(200);
  await b.context.close();

  await page.goto('/messages');
  const row = page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: /A former member/ });
  await expect(row).toBeVisible();
  await expect(row.locator('[data-former-member]')).toBeVisible();
  await expect(page.getByText(leaving.username)).toHaveCount(0);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`with=${partnerId}`));
  await expect(page.getByRole('heading', { name: 'A former member' })).toBeVisible();
});
