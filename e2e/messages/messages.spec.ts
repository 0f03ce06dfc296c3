import { randomUUID } from 'node:crypto';
import { MESSAGING_MSG } from '../../common/messages/model';
import { NOTIFICATIONS_MSG, NOTIFICATION_TEXT } from '../../common/notifications/model';
import { expect, expectAccessible, secondBrowser, myId, gotoLive, signUpVerified, test } from '../fixtures';

test('two people chat live: unread badge, read tick, typing, and a failed send gives the text back', async ({
  page: pageA,
  browser,
  baseURL,
}) => {
  // Two sign-ups, two live pages and a dozen round trips: slower than most on a busy machine.
  const b = await secondBrowser(browser, baseURL);
  const pageB = b.page;
  const personA = await signUpVerified(pageA);
  const personB = await signUpVerified(pageB);
  const [idA, idB] = [await myId(pageA), await myId(pageB)];

  await gotoLive(pageB, '/');
  await gotoLive(pageA, `/messages?with=${idB}`);
  await expect(pageA.getByRole('heading', { name: personB.username })).toBeVisible();
  await expect(pageA.getByText(MESSAGING_MSG.noMessages)).toBeVisible();
  await expect(pageA.getByText(MESSAGING_MSG.startConversation)).toBeVisible();

  // A sends: B's messages button shows the unread count without a reload.
  const boxA = pageA.getByPlaceholder(MESSAGING_MSG.typeMessage);
  await boxA.fill('Hello there, B!');
  await boxA.press('Enter');
  await expect(boxA).toHaveValue('');
  const threadA = pageA.getByRole('region', { name: `Messages with ${personB.username}` });
  await expect(threadA.getByText('Hello there, B!')).toHaveCount(1);
  await expect(threadA.getByRole('img', { name: 'Sent' })).toBeVisible();
  await expect(pageB.getByRole('button', { name: 'Messages, 1 unread' })).toBeVisible();

  // B opens the conversation from the dropdown: A's tick turns to "Read" live.
  await pageB.getByRole('button', { name: 'Messages, 1 unread' }).click();
  await pageB
    .getByRole('dialog', { name: 'Messages' })
    .getByRole('button', { name: personA.username })
    .click();
  const chatB = pageB.getByRole('dialog', { name: personA.username });
  const threadB = chatB.getByRole('region', { name: `Messages with ${personA.username}` });
  await expect(threadB.getByText('Hello there, B!')).toBeVisible();
  await expect(threadA.getByRole('img', { name: 'Read' })).toBeVisible();
  // (The chat dialog is modal: the top bar behind it is hidden from the accessibility tree.)
  await expect(
    pageB.getByRole('button', { name: 'Messages', exact: true, includeHidden: true }),
  ).toBeVisible();

  // A types: B sees the indicator; A sends: B sees the message in the open chat.
  await boxA.pressSequentially('Are you free on Friday?', { delay: 120 });
  await expect(chatB.getByText(`${personA.username} is typing…`)).toBeVisible();
  await boxA.press('Enter');
  await expect(threadB.getByText('Are you free on Friday?')).toBeVisible();
  await expect(chatB.getByText(`${personA.username} is typing…`)).toBeHidden();

  // B answers with Shift+Enter for a new line.
  const boxB = chatB.getByPlaceholder(MESSAGING_MSG.typeMessage);
  await boxB.fill('Yes!');
  await boxB.press('Shift+Enter');
  await boxB.pressSequentially('After lunch.');
  await expect(boxB).toHaveValue('Yes!\nAfter lunch.');
  await boxB.press('Enter');
  await expect(threadA.getByText(/Yes!\s+After lunch\./)).toBeVisible();

  // A's network fails mid-send: the message goes away and its text comes back.
  await pageA.route('**/api/messages', (route) =>
    route.request().method() === 'POST' ? route.abort() : route.continue(),
  );
  await boxA.fill('See you then');
  await boxA.press('Enter');
  await expect(pageA.getByText(MESSAGING_MSG.sendFailed)).toBeVisible();
  await expect(boxA).toHaveValue('See you then');
  await expect(threadA.getByText('See you then')).toHaveCount(0);

  // Sending again once the network is back stores it once.
  await pageA.unroute('**/api/messages');
  await boxA.press('Enter');
  await expect(threadA.getByText('See you then')).toHaveCount(1);
  await expect(threadB.getByText('See you then')).toHaveCount(1);
  await expect(threadA.getByText('Hello there, B!')).toHaveCount(1);

  await expectAccessible(pageA);
  await expectAccessible(pageB);
  expect(idA).not.toBe(idB);
  await b.context.close();
});

test("a 'New Message' notification arrives live (on the messages badge, not the bell's count); clicking it marks it read and opens the chat", async ({
  page: pageA,
  browser,
  baseURL,
}) => {
  const b = await secondBrowser(browser, baseURL);
  const pageB = b.page;
  const personA = await signUpVerified(pageA);
  await signUpVerified(pageB);
  const [idA, idB] = [await myId(pageA), await myId(pageB)];

  await gotoLive(pageB, '/');
  await pageB.getByRole('button', { name: 'Notifications', exact: true }).click();
  await expect(pageB.getByText(NOTIFICATIONS_MSG.noneYet)).toBeVisible();
  await pageB.keyboard.press('Escape');

  const res = await pageA.request.post('/api/messages', {
    data: { receiverId: idB, clientId: randomUUID(), content: 'Quick question about your idea' },
  });
  expect(res.status()).toBe(201);

  // A direct message raises the messages badge only; the bell lists it without counting it.
  await expect(pageB.getByRole('button', { name: 'Messages, 1 unread' })).toBeVisible();
  const bell = pageB.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();
  await bell.click();
  const dropdown = pageB.getByRole('dialog', { name: NOTIFICATIONS_MSG.title });
  await expect(dropdown.getByRole('link', { name: NOTIFICATIONS_MSG.viewAll })).toBeVisible();
  await expectAccessible(pageB);
  const item = dropdown.getByRole('button', { name: new RegExp(NOTIFICATION_TEXT.message.title) });
  await expect(item).toContainText(NOTIFICATION_TEXT.message.text(personA.username));
  await item.click();

  await expect(pageB).toHaveURL(`/messages?with=${idA}`);
  await expect(
    pageB.getByRole('region', { name: /^Messages with/ }).getByText('Quick question about your idea'),
  ).toBeVisible();
  await expect(pageB.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(pageB.getByRole('button', { name: 'Messages', exact: true })).toBeVisible();
  await expectAccessible(pageB);

  await pageB.goto('/notifications');
  await expect(pageB.getByRole('heading', { name: NOTIFICATIONS_MSG.title })).toBeVisible();
  await expect(pageB.getByRole('button', { name: /New Message/ })).toBeVisible();
  await expect(pageB.getByRole('button', { name: /Mark all as read/ })).toHaveCount(0);
  await expectAccessible(pageB);
  await b.context.close();
});

test('the notifications page: empty, then mark all as read', async ({ page: pageA, browser, baseURL }) => {
  const b = await secondBrowser(browser, baseURL);
  const pageB = b.page;
  await signUpVerified(pageA);
  await signUpVerified(pageB);
  const idB = await myId(pageB);

  await gotoLive(pageB, '/notifications');
  await expect(pageB.getByText(NOTIFICATIONS_MSG.pageEmpty)).toBeVisible();
  await expectAccessible(pageB);

  // A connection request counts on the bell (a direct message would raise the messages badge only).
  const res = await pageA.request.post(`/api/connections/${idB}/request`);
  expect(res.status()).toBe(200);
  const markAll = pageB.getByRole('button', { name: NOTIFICATIONS_MSG.markAllReadCount(1) });
  await expect(markAll).toBeVisible();
  await markAll.click();
  await expect(markAll).toBeHidden();
  await expect(pageB.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await b.context.close();
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the contact list and the thread take turns, with a back button', async ({
    page,
    browser,
    baseURL,
  }) => {
    const b = await secondBrowser(browser, baseURL);
    const personA = await signUpVerified(page);
    await signUpVerified(b.page);
    const idB = await myId(b.page);
    await page.request.post('/api/messages', {
      data: { receiverId: idB, clientId: randomUUID(), content: 'Hello from a phone' },
    });

    await b.page.setViewportSize({ width: 375, height: 740 });
    await b.page.goto('/messages');
    await expect(b.page.getByPlaceholder(MESSAGING_MSG.searchContacts)).toBeVisible();
    await expect(b.page.getByText(MESSAGING_MSG.selectConversation)).toBeHidden();
    await b.page.getByRole('button', { name: personA.username }).click();
    await expect(
      b.page.getByRole('region', { name: /^Messages with/ }).getByText('Hello from a phone'),
    ).toBeVisible();
    await expect(b.page.getByPlaceholder(MESSAGING_MSG.searchContacts)).toBeHidden();
    await expectAccessible(b.page);
    const width = await b.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);

    await b.page.getByRole('button', { name: 'Back to conversations' }).click();
    await expect(b.page).toHaveURL('/messages');
    await expect(b.page.getByPlaceholder(MESSAGING_MSG.searchContacts)).toBeVisible();
    await b.context.close();
  });
});
