import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DIGEST_LIST, DIGEST_MSG } from '../../common/digests/model';
import { createLinkSigner } from '../../server/platform/signed-links';
import { expect, expectAccessible, myId, secondBrowser, signUpVerified, test } from '../fixtures';

// The mail's link is signed with the server's secret (kept in its data folder when none is set).
const signer = async () =>
  createLinkSigner((await readFile(path.join(process.env.E2E_DATA_DIR!, 'auth-secret'), 'utf8')).trim());

test('choose the digest in Settings, then unsubscribe from its link without signing in', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpVerified(page);
  const id = await myId(page);
  await page.goto('/settings?tab=notifications');
  const digest = page.getByRole('radiogroup', { name: DIGEST_MSG.settingLabel });
  await expect(digest.getByRole('radio', { name: 'Weekly' })).toBeChecked();
  await digest.getByRole('radio', { name: 'Daily' }).check();
  await expect(page.getByText(DIGEST_MSG.saved)).toBeVisible();
  expect(await (await page.request.get('/api/settings/digest')).json()).toEqual({ frequency: 'daily' });

  // The mail's link, opened where nobody is signed in: opening changes nothing, the button does.
  const token = (await signer()).sign(DIGEST_LIST, id);
  const visitor = await secondBrowser(browser, baseURL);
  await visitor.page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
  await expect(visitor.page.getByText(DIGEST_MSG.unsubscribeQuestion)).toBeVisible();
  await expectAccessible(visitor.page);
  expect(await (await page.request.get('/api/settings/digest')).json()).toEqual({ frequency: 'daily' });
  await visitor.page.getByRole('button', { name: DIGEST_MSG.unsubscribeButton }).click();
  await expect(visitor.page.getByText(DIGEST_MSG.unsubscribed)).toBeVisible();

  // A link made up by someone else is refused.
  const forged = `${id}.${'A'.repeat(43)}`;
  await visitor.page.goto(`/unsubscribe?token=${encodeURIComponent(forged)}`);
  await visitor.page.getByRole('button', { name: DIGEST_MSG.unsubscribeButton }).click();
  await expect(visitor.page.getByText(DIGEST_MSG.invalidLink)).toBeVisible();
  await visitor.context.close();

  await page.reload();
  await expect(digest.getByRole('radio', { name: 'Off' })).toBeChecked();
});
