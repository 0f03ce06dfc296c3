import { createHmac } from 'node:crypto';
import { SECURITY_MSG as S } from '../../common/auth/security';
import { expect, expectAccessible, newPerson, reviewShots, signUpVerified, test } from '../fixtures';

/*
 * Two-step sign-in (issue 32), as a member does it: turn it on in Settings by scanning the key
 * (here: reading the text key and computing the code, as an authenticator app would), keep the
 * recovery codes, sign out, sign in with the password and then a code; a wrong code is refused.
 */

/** RFC 4648 base32. */
function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.toUpperCase().replace(/[\s=]/g, '')) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 TOTP: HMAC-SHA1 over the 30-second step, 6 digits. */
function totp(key: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', base32(key)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('turn on two-step sign-in, then sign in with a code from the shown key', async ({ page }) => {
  const person = await signUpVerified(page, newPerson('tfa'));
  await page.goto('/settings?tab=account');
  await expect(page.getByText(S.twoFactorOff)).toBeVisible();
  await page.getByRole('button', { name: S.turnOn }).click();
  const setup = page.getByRole('form', { name: S.twoFactorTitle });
  await setup.getByLabel('Current password').fill(person.password);
  await setup.getByRole('button', { name: S.turnOn }).click();

  await expect(page.getByRole('img', { name: S.qrAlt })).toBeVisible();
  const key = (await page.getByTestId('totp-key').textContent())!.trim();
  expect(key).toMatch(/^[A-Z2-7]+=*$/);
  await reviewShots(page, 'two-factor-setup');
  await expectAccessible(page);

  // A wrong code does not turn it on.
  await page.getByLabel(S.code).fill(totp(key) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: S.confirm }).click();
  await expect(page.getByText(S.wrongCode)).toBeVisible();

  await page.getByLabel(S.code).fill(totp(key));
  await page.getByRole('button', { name: S.confirm }).click();
  const codes = page.getByRole('list', { name: S.recoveryTitle }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: S.downloadCodes }).click();
  expect((await download).suggestedFilename()).toBe('cofound-recovery-codes.txt');
  await reviewShots(page, 'two-factor-codes');
  await page.getByRole('button', { name: S.done }).click();
  await expect(page.getByText(S.twoFactorOn)).toBeVisible();

  // Signed out, the password alone no longer signs in.
  await page.context().clearCookies();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: S.signInStepTitle })).toBeVisible();
  await reviewShots(page, 'two-factor-sign-in');
  await expectAccessible(page);

  await page.getByLabel(S.code).fill(totp(key) === '123456' ? '654321' : '123456');
  await page.getByRole('button', { name: S.verify }).click();
  await expect(page.getByText(S.wrongCode)).toBeVisible();

  await page.getByLabel(S.code).fill(totp(key));
  await page.getByRole('button', { name: S.verify }).click();
  await expect(page.getByRole('button', { name: `Open user menu for ${person.username}` })).toBeVisible();

  // Where you are signed in: this device, named from its user agent.
  await page.goto('/settings?tab=account');
  const sessions = page.getByRole('list', { name: S.sessionsTitle });
  // This one, and the one that turned it on (its cookie was cleared, not signed out).
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  const here = sessions.getByRole('listitem').filter({ hasText: S.thisDevice });
  await expect(here).toContainText(/Chrome \d+ on (Linux|Mac|Windows)/);
  await page.getByRole('button', { name: S.endOthers }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText(S.noOtherSessions)).toBeVisible();
  await reviewShots(page, 'account-security');
});

test('a personal access token is shown once and calls the API', async ({ page, playwright, baseURL }) => {
  await signUpVerified(page, newPerson('pat'));
  await page.goto('/settings?tab=developer');
  await expect(page.getByText(S.noTokens)).toBeVisible();
  await page.getByLabel(S.tokenName).fill('My script');
  await page.getByLabel(S.tokenScope).selectOption('read');
  await page.getByRole('button', { name: S.createToken }).click();
  const token = (await page.getByTestId('new-token').textContent())!.trim();
  expect(token).toMatch(/^cfpat_/);
  await expect(page.getByRole('list', { name: S.tokensTitle }).getByText('My script')).toBeVisible();
  await reviewShots(page, 'developer-tokens');
  await expectAccessible(page);

  const script = await playwright.request.newContext({ baseURL });
  const me = await script.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { viewer: { id: string } }).viewer.id).toBeTruthy();

  await page.getByRole('button', { name: S.revokeToken('My script') }).click();
  await expect(page.getByText(S.noTokens)).toBeVisible();
  expect((await script.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  await script.dispose();
});
