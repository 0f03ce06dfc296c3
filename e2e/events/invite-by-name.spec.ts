import { EVENT_MSG } from '../../common/events/model';
import {
  apiCreated,
  expect,
  expectAccessible,
  myId,
  reviewShots,
  secondBrowser,
  signUpVerified,
  test,
} from '../fixtures';

/*
 * Issue 30: the organizer counts as going, finds people to invite by name (their connections first,
 * then members of their groups), and sees 'Total Invited' move with invitations only.
 */

test('an organizer invites by name', async ({ page, browser, baseURL }) => {
  test.slow();
  const tag = `Quill${Date.now().toString(36)}`;
  const friend = await secondBrowser(browser, baseURL);
  const fellow = await secondBrowser(browser, baseURL);
  await Promise.all([signUpVerified(page), signUpVerified(friend.page), signUpVerified(fellow.page)]);
  const organizerId = await myId(page);
  const friendName = `${tag} Zed Friend`;
  const fellowName = `${tag} Amy Fellow`;
  await friend.page.request.patch('/api/profiles/me', { data: { fullName: friendName } });
  await fellow.page.request.patch('/api/profiles/me', { data: { fullName: fellowName } });
  // A connection, and a member of the organizer's (public) group.
  const requested = await page.request.post(`/api/connections/${await myId(friend.page)}/request`, {
    headers: { origin: baseURL! },
  });
  expect(requested.status(), await requested.text()).toBeLessThan(300);
  const accepted = await friend.page.request.post(`/api/connections/${organizerId}/accept`, {
    headers: { origin: baseURL! },
  });
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);
  const group = await apiCreated<{ id: string; name: string }>(page, baseURL, '/api/groups', {
    name: `${tag} Makers`,
    description: 'People who build things together on weekends.',
    coverImage: null,
  });
  const joined = await fellow.page.request.post(`/api/groups/${group.id}/join-requests`, {
    headers: { origin: baseURL! },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  await friend.context.close();
  await fellow.context.close();
  const event = await apiCreated<{ id: string; title: string }>(page, baseURL, '/api/events', {
    title: `${tag} demo night`,
    description: 'Five teams, five minutes each.',
    startsAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    endsAt: new Date(Date.now() + 5 * 86_400_000 + 2 * 3_600_000).toISOString(),
    location: 'Online',
    type: 'online',
    meetingUrl: 'https://meet.example.com/demo-night',
    maxAttendees: null,
    coverPhotoUrl: null,
  });

  await page.goto(`/events/${event.id}`);
  // The organizer counts as going; no '1 / ∞'; Total Invited counts invitations only.
  await expect(page.getByTestId('attendees')).toHaveText(`1 ${EVENT_MSG.going.toLowerCase()}`);
  await expect(page.getByTestId('total-invited')).toHaveText('0');
  await expect(page.getByRole('link', { name: EVENT_MSG.joinMeeting })).toHaveAttribute(
    'href',
    'https://meet.example.com/demo-night',
  );
  // The answers are above the fold.
  await expect(page.getByRole('group', { name: EVENT_MSG.yourAnswer })).toBeInViewport();
  await page.getByRole('button', { name: EVENT_MSG.addToCalendar }).click();
  await expect(page.getByRole('menuitem', { name: EVENT_MSG.googleCalendar })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\//,
  );
  await expect(page.getByRole('menuitem', { name: EVENT_MSG.outlookCalendar })).toBeVisible();
  await page.keyboard.press('Escape');
  await reviewShots(page, 'event-page', { height: 800, fullPage: false });

  await page.getByRole('button', { name: EVENT_MSG.invite, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: EVENT_MSG.inviteTitle(event.title) });
  await expect(dialog.getByRole('button', { name: EVENT_MSG.inviteGroup(group.name) })).toBeVisible();
  await dialog.getByRole('searchbox', { name: EVENT_MSG.inviteSearchLabel }).fill(tag);
  const found = dialog.getByRole('list', { name: EVENT_MSG.inviteFound }).getByRole('listitem');
  // Connections first, then members of the organizer's groups, each saying why.
  await expect(found).toHaveCount(2);
  await expect(found.nth(0)).toContainText(friendName);
  await expect(found.nth(0)).toContainText(EVENT_MSG.inviteViaConnection);
  await expect(found.nth(1)).toContainText(fellowName);
  await expect(found.nth(1)).toContainText(EVENT_MSG.inviteViaGroup(group.name));
  await expectAccessible(page);
  await dialog.getByLabel(friendName).check();
  await dialog.getByLabel(fellowName).check();
  await dialog.getByRole('button', { name: EVENT_MSG.sendInvitations }).click();
  await expect(page.getByText(EVENT_MSG.invited(2))).toBeVisible();
  await expect(page.getByTestId('total-invited')).toHaveText('2');
  await expect(page.getByRole('tab', { name: `${EVENT_MSG.pending} (2)` })).toBeVisible();
});
