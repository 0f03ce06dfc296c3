import sharp from 'sharp';
import { INVESTING_MSG } from '../../common/investing/model';
import { expect, expectAccessible, gotoLive, myId, secondBrowser, signUpVerified, test } from '../fixtures';

const picture = () =>
  sharp({ create: { width: 1200, height: 600, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();

test('submit an idea with an image, filter by industry; another member follows and contacts the founder, who sees the inquiry live and posts an update the follower is told of', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await signUpVerified(page);
  const title = `Tidal sensors ${Date.now().toString(36)}`;

  await gotoLive(page, '/investing');
  await expect(page.getByRole('heading', { level: 1, name: INVESTING_MSG.heading })).toBeVisible();
  await page.getByRole('button', { name: INVESTING_MSG.submitIdea }).click();
  const dialog = page.getByRole('dialog', { name: INVESTING_MSG.submitIdea });
  await expect(dialog).toBeVisible();

  // The form's rules and texts, before anything is sent.
  await dialog.getByRole('button', { name: INVESTING_MSG.submit }).click();
  await expect(dialog.getByText(INVESTING_MSG.titleMin)).toBeVisible();
  await expect(dialog.getByText(INVESTING_MSG.descriptionMin)).toBeVisible();
  await expect(dialog.getByText(INVESTING_MSG.industryRequired)).toBeVisible();
  await dialog.getByLabel('Funding Goal ($)').fill('999');
  await dialog.getByRole('button', { name: INVESTING_MSG.submit }).click();
  await expect(dialog.getByText(INVESTING_MSG.fundingGoalMin)).toBeVisible();

  await dialog.getByLabel('Title').fill(title);
  await dialog
    .getByLabel('Description')
    .fill('Cheap sensors that warn harbours of tidal surges hours ahead.');
  await dialog.getByLabel('Funding Goal ($)').fill('1500000');
  await dialog.getByLabel('Industry').selectOption({ label: 'Technology' });
  await dialog.getByLabel('Equity Offered (%)').fill('12.5');
  await expect(dialog.getByLabel('Risk Level')).toHaveValue('medium');
  await dialog
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'sensor.png', mimeType: 'image/png', buffer: await picture() });
  await expect(dialog.getByRole('button', { name: 'Remove image' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: INVESTING_MSG.submit }).click();

  await expect(page).toHaveURL(/\/investing\/[0-9a-f-]{36}$/);
  const ideaUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('$0 of $1,500,000')).toBeVisible();
  await expect(page.getByText(INVESTING_MSG.equityOffered('12.5'))).toBeVisible();
  await expect(page.getByRole('button', { name: INVESTING_MSG.contactFounder })).toHaveCount(0);
  await expect(page.getByText(INVESTING_MSG.ideaSubmitted)).toBeHidden({ timeout: 10_000 });
  await expectAccessible(page);

  // The founder's profile lists the idea in its investments slot, with its funding.
  await page.goto(`/profile/${await myId(page)}`);
  const investments = page.getByRole('heading', { level: 2, name: 'Investments' });
  await expect(investments).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  // The tabs filter by industry.
  await page.goto('/investing?tab=finance');
  await expect(page.getByRole('tab', { name: 'Finance', selected: true })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Technology' }).click();
  await page.keyboard.press('Enter');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(card).toBeVisible();
  await expect(card.locator('img[src*="/files/images/content/"]')).toHaveCount(1);
  await expect(card.getByText('$0 of $1,500,000')).toBeVisible();
  await expect(card.getByRole('button', { name: INVESTING_MSG.updateFunding })).toBeVisible();
  await expectAccessible(page);

  // Another member follows the idea and contacts the founder.
  const other = await secondBrowser(browser, baseURL);
  await signUpVerified(other.page);
  await gotoLive(other.page, ideaUrl);
  await expect(other.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(other.page.getByRole('button', { name: INVESTING_MSG.editIdea })).toHaveCount(0);
  await other.page.getByRole('button', { name: INVESTING_MSG.follow }).click();
  await expect(other.page.getByRole('button', { name: INVESTING_MSG.following })).toBeVisible();

  await gotoLive(page, ideaUrl);
  await other.page.getByRole('button', { name: INVESTING_MSG.contactFounder }).click();
  const contact = other.page.getByRole('dialog', { name: INVESTING_MSG.contactFounder });
  await contact.getByRole('button', { name: INVESTING_MSG.send }).click();
  await expect(contact.getByText(INVESTING_MSG.messageEmpty)).toBeVisible();
  await contact.getByLabel('Message').fill('Could we talk about your seed round next week?');
  await contact.getByRole('button', { name: INVESTING_MSG.send }).click();
  await expect(other.page.getByText(INVESTING_MSG.messageSent)).toBeVisible();

  // The founder sees the inquiry arrive live, in the Business Inquiries dialog.
  const inquiries = page.getByRole('button', { name: /Business inquiries/ });
  await expect(inquiries).toContainText('1');
  await inquiries.click();
  const inbox = page.getByRole('dialog', { name: 'Business Inquiries' });
  await expect(inbox.getByText(title)).toBeVisible();
  await page.keyboard.press('Escape');

  // The founder records a quarter of the goal and posts an update; the follower sees both live.
  await page.getByRole('button', { name: INVESTING_MSG.updateFunding }).click();
  const funding = page.getByRole('dialog', { name: INVESTING_MSG.updateFunding });
  await funding.getByLabel('Funding Received ($)').fill('375000');
  await funding.getByRole('button', { name: INVESTING_MSG.save }).click();
  await expect(page.getByText(INVESTING_MSG.fundingUpdated)).toBeVisible();
  await expect(other.page.getByText('$375,000 of $1,500,000')).toBeVisible();
  await expect(other.page.getByText('25%')).toBeVisible();

  await page.getByRole('tab', { name: INVESTING_MSG.addUpdate }).click();
  const form = page.getByRole('form', { name: INVESTING_MSG.addUpdate });
  await form.getByLabel('Update Title').fill('Harbour pilot signed');
  await form.getByLabel('Content').fill('Two harbours will run our sensors this winter.');
  await form.getByRole('button', { name: INVESTING_MSG.addUpdate }).click();
  await expect(page.getByText(INVESTING_MSG.updateAdded)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Harbour pilot signed' })).toBeVisible();
  await expect(other.page.getByRole('heading', { name: 'Harbour pilot signed' })).toBeVisible();
  await expect
    .poll(async () => {
      const res = await other.page.request.get('/api/notifications');
      const body = (await res.json()) as { items: { message: string }[] };
      return body.items.map((n) => n.message);
    })
    .toContain(INVESTING_MSG.newUpdateText(title, 'Harbour pilot signed'));
  // Axe once the toast has gone (mid-fade its text has no contrast to speak of).
  await expect(other.page.getByText(INVESTING_MSG.messageSent)).toBeHidden({ timeout: 10_000 });
  await expectAccessible(other.page);
  await other.context.close();
});

test('a malformed or unknown idea id shows the page’s own not-found text', async ({ page }) => {
  await signUpVerified(page);
  for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
    await page.goto(`/investing/${id}`);
    await expect(page.getByRole('heading', { name: INVESTING_MSG.notFoundTitle })).toBeVisible();
    await expect(page.getByText(id)).toBeVisible();
    await expect(page.getByRole('link', { name: INVESTING_MSG.backToInvesting }).first()).toBeVisible();
  }
  await expectAccessible(page);
});
