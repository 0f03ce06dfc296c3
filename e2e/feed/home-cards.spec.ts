import { randomUUID } from 'node:crypto';
import { expect, expectAccessible, reviewShots, secondBrowser, signUpVerified, test } from '../fixtures';

/* Issue 21: a new member's first view also suggests groups and upcoming events (homeCards seam). */

test('a new member sees suggested groups and upcoming events, and may hide each card', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 6);
  const other = await secondBrowser(browser, baseURL);
  await signUpVerified(other.page);
  const group = await other.page.request.post('/api/groups', {
    data: {
      name: `Weekend makers ${tag}`,
      description: 'People who build things on weekends.',
      coverImage: null,
    },
  });
  expect(group.status()).toBe(201);
  const event = await other.page.request.post('/api/events', {
    data: {
      title: `Founders breakfast ${tag}`,
      description: 'Coffee, croissants and a round of introductions.',
      startsAt: new Date(Date.now() - 60_000 + 1000 * 60 * 60 * 24 * 3).toISOString(),
      location: 'Lisbon',
      type: 'in_person',
      maxAttendees: null,
      coverPhotoUrl: null,
    },
  });
  expect(event.status(), await event.text()).toBe(201);

  await signUpVerified(page);
  await page.goto('/');
  const groups = page.getByRole('region', { name: 'Groups you might join' });
  const events = page.getByRole('region', { name: 'Upcoming events' });
  await expect(groups.getByRole('link', { name: new RegExp(`Weekend makers ${tag}`) })).toBeVisible();
  await expect(events.getByRole('link', { name: new RegExp(`Founders breakfast ${tag}`) })).toBeVisible();
  await expectAccessible(page);
  await reviewShots(page, 'first-view');

  // The group's card leads to its page.
  await groups.getByRole('link', { name: new RegExp(`Weekend makers ${tag}`) }).click();
  await expect(page).toHaveURL(/\/groups\/[0-9a-f-]{36}$/);
  await page.goBack();

  // Hidden for good, each on its own.
  await groups.getByRole('button', { name: 'Hide suggested groups' }).click();
  await expect(groups).toHaveCount(0);
  await page.reload();
  await expect(events).toBeVisible();
  await expect(groups).toHaveCount(0);
  await events.getByRole('button', { name: 'Hide upcoming events' }).click();
  await expect(events).toHaveCount(0);
  await other.context.close();
});

test('People you may know names the group a member shares with someone', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 6);
  const other = await secondBrowser(browser, baseURL);
  await signUpVerified(other.page);
  const group = await other.page.request.post('/api/groups', {
    data: { name: `Climate founders ${tag}`, description: 'Founders working on climate.', coverImage: null },
  });
  expect(group.status()).toBe(201);
  const { id } = (await group.json()) as { id: string };

  await signUpVerified(page);
  const join = await page.request.post(`/api/groups/${id}/join-requests`, { headers: { origin: baseURL! } });
  expect(join.status()).toBe(201);
  await page.goto('/');
  const card = page.getByRole('region', { name: 'People you may know' });
  await expect(card.getByText(`In Climate founders ${tag}`)).toBeVisible();
  await expectAccessible(page);
  await reviewShots(page, 'people-you-may-know-group');
  await other.context.close();
});
