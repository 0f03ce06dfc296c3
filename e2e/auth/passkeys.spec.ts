import { SECURITY_MSG as S } from '../../common/auth/security';
import { MSG } from '../../common/core/texts';
import { expect, expectAccessible, newPerson, reviewShots, signUpVerified, test } from '../fixtures';

/*
 * Passkeys (issue 32), as a member uses them: add one in Settings, sign out, sign in with it
 * instead of the password, then find it listed and remove it. The device is Chromium's virtual
 * authenticator (DevTools protocol): a platform authenticator with resident keys and user
 * verification, which answers the browser's passkey prompts by itself, as a fingerprint would.
 */

test('add a passkey, sign in with it, then remove it', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  const person = await signUpVerified(page, newPerson('pk'));
  await page.goto('/settings?tab=account');
  await expect(page.getByText(S.noPasskeys)).toBeVisible();
  const addForm = page.getByRole('form', { name: S.addPasskey });
  await addForm.getByLabel(S.passkeyName).fill('Work laptop');
  await addForm.getByRole('button', { name: S.addPasskey }).click();
  await expect(page.getByText(S.passkeyAdded)).toBeVisible();
  const list = page.getByRole('list', { name: S.passkeysTitle });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Work laptop');
  // The device holds it: one credential, for this site.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.rpId).toBe(new URL(page.url()).hostname);
  await reviewShots(page, 'passkeys-listed');
  await expectAccessible(page);

  // Signed out, the passkey alone signs back in: no address, no password.
  const menu = page.getByRole('button', { name: `Open user menu for ${person.username}` });
  await menu.click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByText(MSG.signedOutTitle)).toBeVisible();
  await page.goto('/auth');
  await page.getByRole('button', { name: S.signInWithPasskey }).click();
  await expect(menu).toBeVisible();
  const me = await page.request.get('/api/me');
  expect(((await me.json()) as { viewer: { email: string } | null }).viewer?.email).toBe(person.email);

  // Listed in Settings, and removed there: gone from the list and from the server.
  await page.goto('/settings?tab=account');
  await expect(list.getByRole('listitem')).toContainText('Work laptop');
  await list.getByRole('button', { name: S.removePasskey('Work laptop') }).click();
  await expect(page.getByText(S.noPasskeys)).toBeVisible();
  const left = await page.request.get('/api/auth/passkey/list-user-passkeys');
  expect(left.status()).toBe(200);
  expect(await left.json()).toEqual([]);

  // The device still offers the removed passkey, but it no longer signs anyone in.
  await menu.click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByText(MSG.signedOutTitle)).toBeVisible();
  await page.goto('/auth');
  await page.getByRole('button', { name: S.signInWithPasskey }).click();
  await expect(page.getByText(S.passkeyFailed)).toBeVisible();
  await expect(menu).toBeHidden();
  expect(((await (await page.request.get('/api/me')).json()) as { viewer: unknown }).viewer).toBeNull();
});
