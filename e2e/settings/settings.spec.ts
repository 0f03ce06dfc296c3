import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { MSG } from '../../common/core/texts';
import { PROFILE_MSG, SETTINGS_MSG } from '../../common/profiles/model';
import { expect, expectAccessible, secondBrowser, myId, signUpVerified, test } from '../fixtures';

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test('change password: wrong current password, mismatch, success signs out the other device', async ({
  page,
  browser,
  baseURL,
}) => {
  const person = await signUpVerified(page);
  const other = await secondBrowser(browser, baseURL);
  const signIn = await other.page.request.post('/api/auth/sign-in/email', {
    data: { email: person.email, password: person.password },
  });
  expect(signIn.status()).toBe(200);
  await other.page.goto('/settings');
  await expect(other.page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  await page.goto('/settings?tab=account');
  await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(person.email)).toBeVisible();

  const current = page.getByLabel('Current password');
  const next = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password');
  const submit = page.getByRole('button', { name: 'Change Password' });

  // Checked on the page first: too short, then not the same twice.
  await current.fill(person.password);
  await next.fill('short');
  await confirm.fill('short');
  await submit.click();
  await expect(page.getByText(MSG.passwordTooShort)).toBeVisible();
  await expect(next).toBeFocused();
  await next.fill('a-new-password-1');
  await confirm.fill('a-new-password-2');
  await submit.click();
  await expect(page.getByText(MSG.passwordsDoNotMatch)).toBeVisible();

  // The server refuses a wrong current password, next to that field.
  await current.fill('not-my-password');
  await confirm.fill('a-new-password-1');
  await submit.click();
  await expect(page.getByText(SETTINGS_MSG.currentPasswordWrong)).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');

  await current.fill(person.password);
  await submit.click();
  await expect(page.getByText(SETTINGS_MSG.passwordChanged)).toBeVisible();
  await expect(current).toHaveValue('');

  // This page stays signed in; the other device is signed out.
  await page.reload();
  await expect(page.getByText(person.email)).toBeVisible();
  const otherMe = (await (await other.page.request.get('/api/me')).json()) as { viewer: unknown };
  expect(otherMe.viewer).toBeNull();
  await other.page.goto('/settings');
  await expect(other.page).toHaveURL(/\/auth$/);

  // The old password no longer works there; the new one does.
  await logIn(other.page, person.email, person.password);
  await expect(other.page.getByText(MSG.invalidCredentials)).toBeVisible();
  await other.page.getByLabel('Password').fill('a-new-password-1');
  await other.page.getByRole('button', { name: 'Log In' }).click();
  await expect(
    other.page.getByRole('button', { name: `Open user menu for ${person.username}` }),
  ).toBeVisible();
  await other.context.close();
});

test('the Profile tab edits the profile with the same form', async ({ page }) => {
  const person = await signUpVerified(page);
  await page.goto('/settings');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Edit profile' });
  await expect(form.getByLabel('Username')).toHaveValue(person.username);
  await form.getByLabel('Full name').fill('Ada Lovelace');
  await form.getByLabel('Title').fill('Analyst');
  await form.getByLabel('Skills').fill('Maths, maths, Engines');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(PROFILE_MSG.updated)).toBeVisible();
  // What the server kept is shown (duplicates merged), and survives a reload.
  await expect(form.getByLabel('Skills')).toHaveValue('Maths, Engines');
  await page.reload();
  await expect(form.getByLabel('Full name')).toHaveValue('Ada Lovelace');
  await expect(form.getByLabel('Title')).toHaveValue('Analyst');
  await expect(page.getByRole('link', { name: 'View profile' })).toHaveAttribute('href', '/profile');
});

test('switches save at once, say so, survive a reload, and roll back when a save fails', async ({ page }) => {
  await signUpVerified(page);
  await page.goto('/settings?tab=notifications');
  const email = page.getByRole('switch', { name: 'Email notifications' });
  const push = page.getByRole('switch', { name: 'Push notifications' });
  await expect(email).toBeChecked();
  // Push is on only once this device has subscribed (e2e/settings/push.spec.ts).
  await expect(push).not.toBeChecked();

  await email.click();
  await expect(email).not.toBeChecked();
  await expect(page.getByText(SETTINGS_MSG.saved)).toBeVisible();

  await page.getByRole('tab', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/tab=privacy/);
  const visible = page.getByRole('switch', { name: 'Profile visibility' });
  const data = page.getByRole('switch', { name: 'Data collection' });
  await expect(visible).toBeChecked();
  // Keyboard: Space flips a focused switch.
  await visible.focus();
  await page.keyboard.press('Space');
  await expect(visible).not.toBeChecked();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/settings')).json()) as { profileVisible: boolean })
          .profileVisible,
    )
    .toBe(false);

  // The tab and the saved values survive a reload.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Privacy' })).toHaveAttribute('aria-selected', 'true');
  await expect(visible).not.toBeChecked();
  await expect(data).toBeChecked();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(email).not.toBeChecked();
  await expect(push).not.toBeChecked();

  // A failed save puts the switch back and says so.
  await page.route('**/api/settings', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Something went wrong' } } })
      : route.continue(),
  );
  await email.click();
  await expect(page.getByText(SETTINGS_MSG.saveFailed)).toBeVisible();
  await expect(email).not.toBeChecked();
  await page.unroute('**/api/settings');
  const saved = (await (await page.request.get('/api/settings')).json()) as Record<string, boolean>;
  expect(saved).toEqual({
    emailNotifications: false,
    pushNotifications: true,
    profileVisible: false,
    dataCollection: true,
    messageSound: true,
  });
});

test('a blocked person cannot message; the Blocked list shows them and unblocks', async ({
  page: pageA,
  browser,
  baseURL,
}) => {
  const b = await secondBrowser(browser, baseURL);
  await signUpVerified(pageA);
  const personB = await signUpVerified(b.page);
  const [idA, idB] = [await myId(pageA), await myId(b.page)];

  await pageA.goto('/settings?tab=privacy');
  await expect(pageA.getByText(SETTINGS_MSG.noBlocked)).toBeVisible();

  const block = await pageA.request.post(`/api/connections/${idB}/block`);
  expect(block.status()).toBe(200);
  const refused = await b.page.request.post('/api/messages', {
    data: { receiverId: idA, clientId: randomUUID(), content: 'Hello?' },
  });
  expect([400, 403]).toContain(refused.status());

  await pageA.reload();
  const list = pageA.getByRole('list', { name: 'Blocked people' });
  const link = list.getByRole('link', { name: new RegExp(personB.username) });
  await expect(link).toHaveAttribute('href', `/profile/${idB}`);
  await list.getByRole('button', { name: new RegExp(`^Unblock `) }).click();
  await expect(pageA.getByText(new RegExp(`is unblocked$`))).toBeVisible();
  await expect(pageA.getByText(SETTINGS_MSG.noBlocked)).toBeVisible();

  // Unblocked: messages go through again.
  const allowed = await b.page.request.post('/api/messages', {
    data: { receiverId: idA, clientId: randomUUID(), content: 'Hello again' },
  });
  expect(allowed.status()).toBe(201);
  await b.context.close();
});

test('delete account asks for the password, then signs out for good', async ({ page }) => {
  const person = await signUpVerified(page);
  await page.goto('/settings?tab=account');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText(SETTINGS_MSG.deleteConfirm)).toBeVisible();

  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByText(SETTINGS_MSG.passwordRequired)).toBeVisible();
  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByText(SETTINGS_MSG.wrongPassword)).toBeVisible();

  // Cancel keeps everything; reopening starts empty.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByLabel('Password')).toHaveValue('');
  await expect(dialog.getByLabel('Password')).toBeFocused();

  await dialog.getByLabel('Password').fill(person.password);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText(SETTINGS_MSG.deleted)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  const me = (await (await page.request.get('/api/me')).json()) as { viewer: unknown };
  expect(me.viewer).toBeNull();

  await logIn(page, person.email, person.password);
  await expect(page.getByText(MSG.invalidCredentials)).toBeVisible();
});

test('every settings tab passes an accessibility scan, also on a phone', async ({ page }) => {
  await signUpVerified(page);
  for (const size of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    await page.setViewportSize(size);
    for (const tab of ['Account', 'Notifications', 'Privacy', 'Profile']) {
      await page.goto(`/settings?tab=${tab.toLowerCase()}`);
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
      await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
      await expectAccessible(page);
    }
    // No sideways scrolling on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await page.goto('/settings?tab=account');
  await page.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page);
});
