import sharp from 'sharp';
import { INDUSTRY_LABELS, INVESTING_MSG, type Idea, type IdeaIndustries } from '../../common/investing/model';
import {
  apiCreated,
  expect,
  expectAccessible,
  gotoLive,
  myId,
  reviewShots,
  secondBrowser,
  signUpVerified,
  test,
} from '../fixtures';

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

test('tabs are the industries with ideas; an idea without a picture has a generated cover and one Updates; a website without https:// is completed; a refused save shows the field and a toast, gone once a retry saves', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await signUpVerified(page);
  const title = `Kelp farms ${Date.now().toString(36)}`;
  const idea = await apiCreated<Idea>(page, baseURL, '/api/investing/ideas', {
    title,
    description: 'Kelp farms that clean the bay and feed the town.',
    fundingGoal: 50_000,
    industry: 'agriculture',
    risk: 'low',
  });

  // All, then exactly the industries the server lists (this one among them), in its order.
  const { industries } = (await (
    await page.request.get('/api/investing/industries')
  ).json()) as IdeaIndustries;
  expect(industries).toContain('agriculture');
  await gotoLive(page, '/investing');
  const tabs = page.getByRole('tablist', { name: 'Industries' }).getByRole('tab');
  await expect(tabs).toHaveText(['All Ideas', ...industries.map((i) => INDUSTRY_LABELS[i])]);
  await page.getByRole('tab', { name: 'Agriculture' }).click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?tab=agriculture$/);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await reviewShots(page, 'investing-tabs', { fullPage: false });

  // The idea's page: a generated cover in place of the missing picture; one 'Updates' (the
  // founder's tabs, the heading kept for screen readers).
  await gotoLive(page, `/investing/${idea.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('article').getByTestId('generated-cover')).toHaveCount(1);
  await expect(page.getByRole('tab', { name: INVESTING_MSG.updates, exact: true })).toBeVisible();
  await expect(page.locator('.sr-only').getByRole('heading', { name: INVESTING_MSG.updates })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: INVESTING_MSG.updates })).toHaveCount(1);
  await reviewShots(page, 'idea-generated-cover');
  const reader = await secondBrowser(browser, baseURL);
  await signUpVerified(reader.page);
  await gotoLive(reader.page, `/investing/${idea.id}`);
  await expect(reader.page.getByRole('heading', { level: 2, name: INVESTING_MSG.updates })).toBeVisible();
  await expect(reader.page.getByRole('tab')).toHaveCount(0);
  await expect(reader.page.getByText(INVESTING_MSG.updates, { exact: true })).toHaveCount(1);
  await reader.context.close();

  // A refused save: the field's error beside it and the form's toast; the retry that saves takes
  // the toast away at once (not when it would have faded).
  await page.getByRole('button', { name: INVESTING_MSG.editIdea }).click();
  const form = page.getByRole('form', { name: INVESTING_MSG.editIdea });
  await form.getByLabel('Website').fill('kelp.example.com/bay');
  let refusals = 0;
  await page.route(`**/api/investing/ideas/${idea.id}`, async (route) => {
    if (route.request().method() !== 'PATCH' || refusals > 0) return route.fallback();
    refusals += 1;
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'VALIDATION', message: 'Location refused', fields: { location: 'Location refused' } },
      }),
    });
  });
  await form.getByRole('button', { name: INVESTING_MSG.save }).click();
  await expect(form.getByText('Location refused')).toBeVisible();
  const failedToast = page.getByText(INVESTING_MSG.ideaUpdateFailed, { exact: true });
  await expect(failedToast).toBeVisible();
  await reviewShots(page, 'idea-edit-refused', { fullPage: false });
  await form.getByRole('button', { name: INVESTING_MSG.save }).click();
  await expect(page.getByText(INVESTING_MSG.ideaSaved)).toBeVisible();
  await expect(failedToast).toBeHidden({ timeout: 1_000 });
  // Typed without https://: completed by the server, and the page links to it.
  await expect(page.getByRole('link', { name: 'https://kelp.example.com/bay' })).toHaveAttribute(
    'href',
    'https://kelp.example.com/bay',
  );
  await expectAccessible(page);
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
