import { randomUUID } from 'node:crypto';
import {
  COMPLETION_MSG,
  CONNECTION_MSG,
  PEOPLE_MSG,
  PROFILE_PLACEHOLDERS,
} from '../../common/profiles/model';
import { expect, expectAccessible, myId, secondBrowser, signUpVerified, test } from '../fixtures';

/* issue 21: a new member's first view: profile completion, people you may know. */

test('a new member gets a profile-completion card that goes once full name, photo, title and skills are there', async ({
  page,
}) => {
  await signUpVerified(page);
  await page.goto('/');
  const card = page.getByRole('region', { name: COMPLETION_MSG.heading });
  await expect(card).toBeVisible();
  await expect(card.getByText(COMPLETION_MSG.progress(0, 4))).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveText([
    `${COMPLETION_MSG.fullName}: ${COMPLETION_MSG.toDo}`,
    `${COMPLETION_MSG.photo}: ${COMPLETION_MSG.toDo}`,
    `${COMPLETION_MSG.title}: ${COMPLETION_MSG.toDo}`,
    `${COMPLETION_MSG.skills}: ${COMPLETION_MSG.toDo}`,
  ]);
  await expectAccessible(page);

  // Edit profile opens the editor on the person's own profile.
  await card.getByRole('link', { name: COMPLETION_MSG.edit }).click();
  await expect(page).toHaveURL(/\/profile\?edit=1$/);
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Full name').fill('Ada Lovelace');
  await dialog.getByLabel('Title').fill('Founder');
  await dialog.getByLabel('Skills').fill('Rust, Go');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/');
  await expect(card.getByText(COMPLETION_MSG.progress(3, 4))).toBeVisible();

  // The photo is the last step: the card goes.
  const res = await page.request.patch('/api/profiles/me', {
    data: { avatarUrl: 'https://example.com/me.jpg' },
  });
  expect(res.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'News Feed' })).toBeVisible();
  await expect(page.getByRole('region', { name: COMPLETION_MSG.heading })).toHaveCount(0);
});

test('Edit Profile has Cancel, and placeholders that cannot be taken for values', async ({ page }) => {
  await signUpVerified(page);
  await page.goto('/profile');
  const opener = page.getByRole('button', { name: 'Edit Profile' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  for (const [label, text] of [
    ['Title', PROFILE_PLACEHOLDERS.title],
    ['Company', PROFILE_PLACEHOLDERS.company],
    ['Location', PROFILE_PLACEHOLDERS.location],
    ['Skills', PROFILE_PLACEHOLDERS.skills],
  ] as const) {
    await expect(dialog.getByLabel(label)).toHaveAttribute('placeholder', text);
    expect(text.startsWith('e.g. ')).toBe(true);
  }
  await dialog.getByLabel('Title').fill('Not kept');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // Focus goes back to the button that opened the dialog.
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(dialog.getByLabel('Title')).toHaveValue('');
});

test('people you may know: friends of friends and shared skills; the compact Connect / Connected toggle, or dismiss', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const skill = `skill-${randomUUID().slice(0, 8)}`;
  const other = await secondBrowser(browser, baseURL);
  const third = await secondBrowser(browser, baseURL);
  const alike = await signUpVerified(other.page);
  const alsoAlike = await signUpVerified(third.page);
  for (const p of [other.page, third.page])
    expect((await p.request.patch('/api/profiles/me', { data: { skills: [skill] } })).status()).toBe(200);
  await signUpVerified(page);
  expect((await page.request.patch('/api/profiles/me', { data: { skills: [skill] } })).status()).toBe(200);

  await page.goto('/');
  const card = page.getByRole('region', { name: PEOPLE_MSG.youMayKnow });
  await expect(card.getByRole('link', { name: new RegExp(alike.username) })).toBeVisible();
  await expect(card.getByRole('link', { name: new RegExp(alsoAlike.username) })).toBeVisible();
  await expect(card.getByText(PEOPLE_MSG.sharedInterests).first()).toBeVisible();

  await card.getByRole('button', { name: PEOPLE_MSG.dismiss(alike.username) }).click();
  await expect(card.getByRole('link', { name: new RegExp(alike.username) })).toHaveCount(0);
  // The compact toggle: Connect reads Connected (a connection request: they are followed and
  // told), and Connected taps back to Connect (the connection removed).
  const alsoAlikeId = await myId(third.page);
  const following = async () => {
    const res = await page.request.get(`/api/connections/${alsoAlikeId}`);
    return ((await res.json()) as { isFollowing: boolean }).isFollowing;
  };
  await card.getByRole('button', { name: `${CONNECTION_MSG.connect}: ${alsoAlike.username}` }).click();
  const connected = card.getByRole('button', { name: `${CONNECTION_MSG.connected}: ${alsoAlike.username}` });
  await expect(connected).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(CONNECTION_MSG.connectionRequestSent)).toBeVisible();
  expect(await following()).toBe(true);
  await connected.click();
  const connect = card.getByRole('button', { name: `${CONNECTION_MSG.connect}: ${alsoAlike.username}` });
  await expect(connect).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText(CONNECTION_MSG.connectionRemoved)).toBeVisible();
  expect(await following()).toBe(false);
  await connect.click();
  await expect(connected).toBeVisible();
  // Both are no longer suggested after a reload; the connection request went.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'News Feed' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: PEOPLE_MSG.youMayKnow })
      .getByRole('link', { name: new RegExp(alike.username) }),
  ).toHaveCount(0);
  await expect(
    page
      .getByRole('region', { name: PEOPLE_MSG.youMayKnow })
      .getByRole('link', { name: new RegExp(alsoAlike.username) }),
  ).toHaveCount(0);
  expect(await following()).toBe(true);
  await other.context.close();
  await third.context.close();
});
