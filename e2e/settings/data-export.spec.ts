import { readFile } from 'node:fs/promises';
import { DATA_EXPORT_MSG } from '../../common/settings/data-export';
import { readZip } from '../../server/test/zip';
import { expect, expectAccessible, signUpVerified, test } from '../fixtures';

test('download your data: request it, watch it prepared, download the ZIP and find one’s profile in it', async ({
  page,
}, testInfo) => {
  const person = await signUpVerified(page);
  await page.goto('/settings?tab=privacy');
  await expect(page.getByRole('heading', { name: DATA_EXPORT_MSG.title })).toBeVisible();
  await page.getByRole('button', { name: DATA_EXPORT_MSG.request }).click();

  // Built in the background: the page follows its progress until the download is offered.
  const link = page.getByRole('link', { name: new RegExp(DATA_EXPORT_MSG.download) });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(DATA_EXPORT_MSG.ready)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('privacy-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('privacy-375.png'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^cofound-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readZip(await readFile((await download.path())!));
  expect(zip.get('README.txt')!.toString()).toContain('Your Cofound data');
  const profile = JSON.parse(zip.get('profiles/profile.json')!.toString()) as { username: string }[];
  expect(profile[0]!.username).toBe(person.username);

  // Asking again replaces it; while it is prepared there is one at a time.
  await page.getByRole('button', { name: DATA_EXPORT_MSG.requestAgain }).click();
  await expect(link).toBeVisible({ timeout: 30_000 });
});
