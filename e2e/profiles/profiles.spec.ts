import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { CONNECTION_MSG, PROFILE_MSG, SETTINGS_MSG } from '../../common/profiles/model';
import { UPLOAD_MSG } from '../../common/core/uploads';
import { expect, expectAccessible, secondBrowser, myId, gotoLive, signUpVerified, test } from '../fixtures';

const header = (page: Page) => page.getByRole('main');

test('follow, befriend and message: counts, requests and mutual friends update live', async ({
  page: pageA,
  browser,
  baseURL,
}) => {
  // Three sign-ups and two live pages: slower than most on a busy machine.
  const b = await secondBrowser(browser, baseURL);
  const c = await secondBrowser(browser, baseURL);
  const pageB = b.page;
  const personA = await signUpVerified(pageA);
  const personB = await signUpVerified(pageB);
  const personC = await signUpVerified(c.page);
  const [idA, idB, idC] = [await myId(pageA), await myId(pageB), await myId(c.page)];

  // A watches their own profile; B opens A's.
  await gotoLive(pageA, '/profile');
  await expect(pageA.getByRole('heading', { level: 1, name: personA.username })).toBeVisible();
  await expect(pageA.getByRole('button', { name: '0 Followers' })).toBeVisible();
  await expect(pageA.getByText(CONNECTION_MSG.noRequests)).toBeVisible();
  // None of the connection buttons on one's own profile.
  await expect(pageA.getByRole('button', { name: CONNECTION_MSG.follow, exact: true })).toHaveCount(0);
  await expect(pageA.getByRole('button', { name: CONNECTION_MSG.message, exact: true })).toHaveCount(0);

  await gotoLive(pageB, `/profile/${idA}`);
  await expect(pageB.getByRole('heading', { level: 1, name: personA.username })).toBeVisible();
  await expect(pageB.getByText(CONNECTION_MSG.noMutual)).toBeVisible();

  // Rapid taps collapse into the last state: three taps end following, with one follow stored.
  const follow = pageB.getByRole('button', { name: CONNECTION_MSG.follow, exact: true });
  await follow.click();
  await pageB.getByRole('button', { name: CONNECTION_MSG.unfollow }).click();
  await follow.click();
  await expect(pageB.getByRole('button', { name: CONNECTION_MSG.unfollow })).toBeVisible();
  await expect(pageB.getByText(CONNECTION_MSG.followingName(personA.username))).toBeVisible();
  await expect(pageB.getByRole('button', { name: '1 Follower', exact: true })).toBeVisible();
  // A's open profile counts the new follower without a reload.
  await expect(pageA.getByRole('button', { name: '1 Follower', exact: true })).toBeVisible();
  // The taps may still be on their way; the server ends where the last tap was.
  await expect
    .poll(async () => ((await (await pageB.request.get(`/api/connections/${idA}`)).json()) as any).status)
    .toBe('following');
  await expect(pageB.getByRole('button', { name: CONNECTION_MSG.unfollow })).toBeVisible();

  // B asks to be friends: the button says so and stays disabled; A's requests list shows B live.
  await pageB.getByRole('button', { name: CONNECTION_MSG.connect }).click();
  await expect(pageB.getByText(CONNECTION_MSG.requestSent)).toBeVisible();
  await expect(pageB.getByRole('button', { name: CONNECTION_MSG.requestSentLabel })).toBeDisabled();
  const requests = pageA.getByRole('list', { name: 'Friend requests' });
  await expect(requests.getByRole('link', { name: personB.username })).toBeVisible();
  await expectAccessible(pageA);

  await pageA.getByRole('button', { name: `${CONNECTION_MSG.accept} ${personB.username}` }).click();
  await expect(pageA.getByText(CONNECTION_MSG.accepted, { exact: true })).toBeVisible();
  await expect(pageA.getByText(CONNECTION_MSG.noRequests)).toBeVisible();
  await expect(
    pageA.getByRole('list', { name: 'Friends' }).getByRole('link', { name: personB.username }),
  ).toBeVisible();
  // B's page turns to Friends live.
  await expect(pageB.getByRole('button', { name: CONNECTION_MSG.friends, exact: true })).toBeVisible();

  // C befriends both: B, on A's profile, sees C among their mutual friends without a reload.
  for (const [other, otherPage] of [
    [idA, pageA],
    [idB, pageB],
  ] as const) {
    expect((await c.page.request.post(`/api/connections/${other}/request`)).status()).toBe(200);
    expect((await otherPage.request.post(`/api/connections/${idC}/accept`)).status()).toBe(200);
  }
  const mutual = pageB.getByRole('list', { name: 'Mutual friends' });
  await expect(mutual.getByRole('link', { name: personC.username })).toBeVisible();
  await expectAccessible(pageB);

  // Message opens the chat dialog with A.
  await pageB.getByRole('button', { name: CONNECTION_MSG.message, exact: true }).click();
  const chat = pageB.getByRole('dialog', { name: personA.username });
  await expect(chat).toBeVisible();
  await pageB.keyboard.press('Escape');
  await expect(chat).toBeHidden();

  // Friends removes the friend, after confirmation.
  await expect(pageA.getByRole('button', { name: '2 Friends' })).toBeVisible();
  await pageB.getByRole('button', { name: CONNECTION_MSG.friends, exact: true }).click();
  const confirm = pageB.getByRole('alertdialog', {
    name: CONNECTION_MSG.removeFriendConfirm(personA.username),
  });
  await confirm.getByRole('button', { name: 'Remove friend' }).click();
  await expect(pageB.getByText(CONNECTION_MSG.friendRemoved)).toBeVisible();
  await expect(pageB.getByRole('button', { name: CONNECTION_MSG.connect })).toBeVisible();
  // A has C left.
  await expect(pageA.getByRole('button', { name: '1 Friend', exact: true })).toBeVisible();

  await b.context.close();
  await c.context.close();
});

test('edit one’s profile: avatar upload with progress, fields checked by the shared schema', async ({
  page,
}) => {
  const person = await signUpVerified(page);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog.getByLabel('Username')).toHaveValue(person.username);
  await expect(dialog.getByLabel('Username')).toHaveAttribute('readonly', '');
  await expect(dialog.getByText(PROFILE_MSG.usernameReadOnly)).toBeVisible();

  // A file that is not an image is refused before any upload.
  await dialog.getByLabel('Avatar image file').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByText(UPLOAD_MSG.invalidType)).toBeVisible();

  // A small PNG: the progress bar shows while it travels (the answer is held back a moment).
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 240, g: 120, b: 40 } },
  })
    .png()
    .toBuffer();
  await page.route('**/api/profiles/me/avatar', async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await dialog.getByLabel('Avatar image file').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(dialog.getByRole('progressbar', { name: 'Uploading avatar' })).toBeVisible();
  await expect(page.getByText(PROFILE_MSG.avatarUpdated)).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Remove' })).toBeVisible();
  await page.unroute('**/api/profiles/me/avatar');

  // A bad avatar address: the document's words, inline and as a toast; nothing is sent.
  await dialog.getByLabel('Avatar URL').fill('ftp://example.com/me.png');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(PROFILE_MSG.invalidUrlTitle)).toBeVisible();
  await expect(dialog.getByText(PROFILE_MSG.invalidUrl)).toBeVisible();
  await expect(dialog.getByLabel('Avatar URL')).toBeFocused();
  await dialog.getByLabel('Avatar URL').fill('');

  await dialog.getByLabel('Full name').fill('Grace Hopper');
  await dialog.getByLabel('Title').fill('Founder & CEO');
  await dialog.getByLabel('Company').fill('Compilers Inc');
  await dialog.getByLabel('Location').fill('Arlington, VA');
  await dialog.getByLabel('Bio').fill('Building better tools for programmers.');
  await dialog.getByLabel('Skills').fill(' COBOL, , cobol,Fundraising ,  Leadership ');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(PROFILE_MSG.updated)).toBeVisible();
  await expect(dialog).toBeHidden();

  const main = header(page);
  await expect(main.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
  await expect(main.getByText('Compilers Inc')).toBeVisible();
  await expect(main.getByText('Arlington, VA')).toBeVisible();
  await expect(main.getByText('Building better tools for programmers.')).toBeVisible();
  const skills = main.getByRole('list', { name: 'Skills' }).getByRole('listitem');
  await expect(skills).toHaveText(['COBOL', 'Fundraising', 'Leadership']);
  // The uploaded avatar stayed (saving the form did not send the avatar address).
  const me = await (await page.request.get('/api/profiles/me')).json();
  expect(me.profile.avatarUrl).toMatch(/\/images\/avatar\//);
  await expect(main.locator(`img[src="${me.profile.avatarUrl}"]`)).toBeVisible();
  await expectAccessible(page);

  // The cover photo, from the menu over the banner.
  await page
    .getByLabel('Cover image file')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText(PROFILE_MSG.coverUpdated)).toBeVisible();
  const withCover = await (await page.request.get('/api/profiles/me')).json();
  expect(withCover.profile.coverPhotoUrl).toMatch(/\/images\/cover\//);
  await expect(main.locator(`img[src="${withCover.profile.coverPhotoUrl}"]`)).toBeVisible();

  // Skills past eight show as '+N more'.
  await page.request.patch('/api/profiles/me', {
    data: { skills: 'a1, a2, a3, a4, a5, a6, a7, a8, a9, a10' },
  });
  await page.reload();
  await expect(main.getByText('+2 more')).toBeVisible();
});

test("an unknown profile, a malformed id and a visitor get the document's texts", async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpVerified(page);
  await page.goto('/profile/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: PROFILE_MSG.notFound })).toBeVisible();
  await page.goto('/profile/not-an-id');
  await expect(page.getByRole('heading', { name: PROFILE_MSG.notFound })).toBeVisible();
  const id = await myId(page);

  const visitor = await secondBrowser(browser, baseURL);
  await visitor.page.goto(`/profile/${id}`);
  await expect(visitor.page.getByRole('heading', { name: PROFILE_MSG.signInToView })).toBeVisible();
  await expectAccessible(visitor.page);
  await visitor.page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  await expect(visitor.page).toHaveURL(/\/auth$/);
  await visitor.context.close();
});

test('privacy and blocking: a restricted profile shows the basics; block and unblock from the menu', async ({
  page: pageA,
  browser,
  baseURL,
}) => {
  const b = await secondBrowser(browser, baseURL);
  const personA = await signUpVerified(pageA);
  await signUpVerified(b.page);
  const idA = await myId(pageA);
  await pageA.request.patch('/api/profiles/me', { data: { title: 'Investor', bio: 'Private bio' } });
  expect((await pageA.request.patch('/api/settings', { data: { profileVisible: false } })).status()).toBe(
    200,
  );

  await b.page.goto(`/profile/${idA}`);
  const main = b.page.getByRole('main');
  await expect(main.getByText(PROFILE_MSG.restricted)).toBeVisible();
  await expect(main.getByText('Investor')).toBeVisible();
  await expect(main.getByText('Private bio')).toHaveCount(0);
  await expect(main.getByRole('heading', { name: 'Connections' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: CONNECTION_MSG.follow, exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: CONNECTION_MSG.connect })).toBeVisible();
  await expect(main.getByRole('button', { name: CONNECTION_MSG.message, exact: true })).toBeVisible();

  await main.getByRole('button', { name: 'More actions' }).click();
  await b.page.getByRole('menuitem', { name: 'Block' }).click();
  await b.page
    .getByRole('alertdialog', { name: `Block ${personA.username}?` })
    .getByRole('button', { name: 'Block' })
    .click();
  await expect(
    b.page.getByText(SETTINGS_MSG.blocked(personA.username), { exact: true }).first(),
  ).toBeVisible();
  const unblock = main.getByRole('button', { name: 'Unblock' });
  await expect(unblock).toBeVisible();
  await expect(main.getByRole('button', { name: CONNECTION_MSG.message, exact: true })).toHaveCount(0);
  await unblock.click();
  await expect(b.page.getByText(SETTINGS_MSG.unblocked(personA.username))).toBeVisible();
  await expect(main.getByRole('button', { name: CONNECTION_MSG.follow, exact: true })).toBeVisible();
  await b.context.close();
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the profile fits the width and the actions stay reachable', async ({ page, browser, baseURL }) => {
    const b = await secondBrowser(browser, baseURL);
    await signUpVerified(page);
    await signUpVerified(b.page);
    const idB = await myId(b.page);
    await page.goto(`/profile/${idB}`);
    await expect(page.getByRole('button', { name: CONNECTION_MSG.connect })).toBeVisible();
    await expect(page.getByRole('button', { name: CONNECTION_MSG.message, exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await b.context.close();
  });
});
