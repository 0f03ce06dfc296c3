import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { MSG } from '../../common/core/texts';
import { EVENT_MSG, RSVP_LABELS } from '../../common/events/model';
import { expect, expectAccessible, gotoLive, myId, secondBrowser, signUpVerified, test } from '../fixtures';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#d5793a' } })
    .png()
    .toBuffer();

/** A write through the API as the page's person (the app's own origin). */
async function post(page: Page, baseURL: string, url: string) {
  const res = await page.request.post(url, { headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

test('create an event with a cover, invite a friend from the profile; the friend answers Maybe then Going and the organizer sees the guest list change live', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const organizer = await signUpVerified(page);
  const friendSide = await secondBrowser(browser, baseURL);
  const friendPage = friendSide.page;
  await signUpVerified(friendPage);
  const [organizerId, friendId] = [await myId(page), await myId(friendPage)];
  await post(page, baseURL!, `/api/connections/${friendId}/request`);
  await post(friendPage, baseURL!, `/api/connections/${organizerId}/accept`);

  // The list: heading and Create Event for a member.
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: EVENT_MSG.heading })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: EVENT_MSG.createEvent }).click();
  await expect(page).toHaveURL(/\/events\/create$/);

  // Required fields, with their texts, before anything is sent.
  await page.getByRole('button', { name: EVENT_MSG.create }).click();
  await expect(page.getByText(EVENT_MSG.titleRequired)).toBeVisible();
  await expect(page.getByText(EVENT_MSG.dateRequired)).toBeVisible();
  await expect(page.getByText(EVENT_MSG.timeRequired)).toBeVisible();
  await expect(page.getByText(EVENT_MSG.locationRequired)).toBeVisible();
  await expectAccessible(page);

  const title = `Breakfast ${Date.now().toString(36)}`;
  await page.getByLabel(EVENT_MSG.fieldTitle).fill(title);
  await page.getByLabel(EVENT_MSG.fieldDescription).fill('Coffee, croissants and hiring stories.');
  await page.getByLabel(EVENT_MSG.fieldDate).fill('2031-06-14');
  await page.getByLabel(EVENT_MSG.fieldTime).fill('09:30');
  await page.getByLabel(EVENT_MSG.fieldLocation).fill('The Hub, 12 Market Street');
  await page.getByLabel(EVENT_MSG.fieldMax).fill('10');
  await page
    .getByLabel(EVENT_MSG.fieldCover, { exact: true })
    .and(page.locator('input[type=file]'))
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await picture(1500, 500) });
  await expect(page.getByRole('button', { name: EVENT_MSG.removeCover })).toBeVisible();
  await page.getByRole('button', { name: EVENT_MSG.create }).click();

  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  const eventUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(EVENT_MSG.organizer, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(EVENT_MSG.inPerson)).toBeVisible();
  // The organizer counts as going.
  await expect(page.getByTestId('attendees')).toHaveText('1 / 10');
  // Shown in the viewer's time zone as typed.
  await expect(page.getByText('9:30 AM')).toBeVisible();
  await expectAccessible(page);

  // Invite the friend from the profile's My Events.
  await page.goto('/profile');
  await page.getByRole('button', { name: `${EVENT_MSG.invite}: ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: EVENT_MSG.inviteTitle(title) });
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByRole('button', { name: EVENT_MSG.sendInvitations }).click();
  await expect(page.getByText(EVENT_MSG.invited(1))).toBeVisible();
  await page.getByRole('button', { name: `${EVENT_MSG.invite}: ${title}` }).click();
  await expect(page.getByRole('dialog').getByText(EVENT_MSG.alreadyInvited)).toBeVisible();
  await page.keyboard.press('Escape');

  // The organizer watches the guest list.
  await gotoLive(page, eventUrl);
  await expect(page.getByRole('tab', { name: `${EVENT_MSG.pending} (1)` })).toBeVisible();
  await expect(page.getByTestId('total-invited')).toHaveText('1');

  // The friend answers from the notification.
  await friendPage.goto('/notifications');
  await friendPage.getByText(EVENT_MSG.invitationMessage(organizer.username, title)).click();
  await expect(friendPage).toHaveURL(new RegExp(`${eventUrl}$`));
  await friendPage.getByRole('button', { name: RSVP_LABELS.maybe }).click();
  await expect(friendPage.getByRole('button', { name: RSVP_LABELS.maybe })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await expect(page.getByRole('tab', { name: `${EVENT_MSG.maybe} (1)` })).toBeVisible();
  await expect(page.getByRole('tab', { name: `${EVENT_MSG.pending} (0)` })).toBeVisible();

  await friendPage.getByRole('button', { name: RSVP_LABELS.accepted }).click();
  await expect(page.getByRole('tab', { name: `${EVENT_MSG.going} (2)` })).toBeVisible();
  await expect(page.getByTestId('confirmed')).toHaveText('2');
  await expect(page.getByTestId('attendees')).toHaveText('2 / 10');
  // An answer does not change 'Total Invited'.
  await expect(page.getByTestId('total-invited')).toHaveText('1');
  await page.getByRole('tab', { name: `${EVENT_MSG.going} (2)` }).click();
  await expect(page.getByRole('list', { name: RSVP_LABELS.accepted }).getByRole('listitem')).toHaveCount(2);

  // The calendar file downloads with a plain GET.
  const ics = await page.request.get(`/api/events${eventUrl.slice('/events'.length)}/calendar.ics`);
  expect(ics.headers()['content-type']).toContain('text/calendar');
  expect(await ics.text()).toContain(`SUMMARY:${title}`);
  await friendSide.context.close();

  // A visitor sees the event and is asked to sign in to answer.
  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(eventUrl);
  await expect(visitorPage.getByRole('link', { name: EVENT_MSG.signInToJoin })).toBeVisible();
  // As every sign-in teaser: a way to make an account beside Sign in.
  await expect(visitorPage.getByRole('link', { name: MSG.createAccount })).toHaveAttribute(
    'href',
    '/auth?tab=signup',
  );
  await expect(visitorPage.getByRole('heading', { name: EVENT_MSG.about })).toBeVisible();
  for (const width of [1280, 375]) {
    await visitorPage.setViewportSize({ width, height: 800 });
    await visitorPage.screenshot({ path: test.info().outputPath(`event-visitor-${width}.png`) });
  }
  await visitor.close();
});

test('a malformed or unknown id shows Event not found with a way back; the create page is a sign-in route that sends a visitor to /auth', async ({
  page,
}) => {
  await page.goto('/events/not-an-id');
  await expect(page.getByRole('heading', { name: EVENT_MSG.notFound })).toBeVisible();
  await expect(page.getByRole('link', { name: EVENT_MSG.back })).toBeVisible();
  await page.goto('/events/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: EVENT_MSG.notFound })).toBeVisible();
  await expectAccessible(page);
  // /events/create is a sign-in route: a visitor goes to /auth like on every other one.
  await page.goto('/events/create');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the organizer can delete an event after confirming; it is gone from its page and the list', async ({
  page,
  baseURL,
}) => {
  await signUpVerified(page);
  const title = `Delete me ${Date.now()}`;
  const res = await page.request.post('/api/events', {
    headers: { origin: baseURL! },
    data: {
      title,
      description: '',
      startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      location: 'The Hub',
      type: 'in_person',
      maxAttendees: null,
      coverPhotoUrl: null,
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/events/${id}`);
  await page.getByRole('button', { name: EVENT_MSG.deleteEvent }).click();
  const dialog = page.getByRole('alertdialog', { name: EVENT_MSG.deleteConfirmTitle });
  await expect(dialog).toBeVisible();
  // Cancel keeps it.
  await dialog.getByRole('button', { name: EVENT_MSG.cancel }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: EVENT_MSG.deleteEvent }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: EVENT_MSG.deleteEvent }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByText(EVENT_MSG.eventDeleted)).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await page.goto(`/events/${id}`);
  await expect(page.getByRole('heading', { name: EVENT_MSG.notFound })).toBeVisible();
});
