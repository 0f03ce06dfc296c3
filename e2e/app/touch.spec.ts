import { randomInt } from 'node:crypto';
import { devices } from '@playwright/test';
import { ARTICLE_MSG } from '../../common/articles/model';
import { PEOPLE_MSG } from '../../common/profiles/model';
import { expect, signUpVerified, test } from '../fixtures';

/* issue 21: on touch screens opening a dialog or the editor focuses no input (no keyboard jump). */

test('with a mouse the New message search takes focus; on a touch screen nothing pops the keyboard', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpVerified(page);
  await page.goto('/messages');
  await page.getByRole('button', { name: PEOPLE_MSG.newMessage }).first().click();
  await expect(page.getByRole('searchbox', { name: PEOPLE_MSG.findPeople })).toBeFocused();

  const phone = await browser.newContext({
    ...devices['Pixel 7'],
    baseURL,
    // Its own client address, as every test browser has (the sign-up limits are per address).
    extraHTTPHeaders: { 'x-forwarded-for': `10.77.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  const touch = await phone.newPage();
  expect(await touch.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
  await signUpVerified(touch);
  await touch.goto('/messages');
  await touch.getByRole('button', { name: PEOPLE_MSG.newMessage }).first().tap();
  const dialog = touch.getByRole('dialog', { name: PEOPLE_MSG.newMessage });
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeFocused();
  expect(await touch.evaluate(() => document.activeElement?.tagName)).not.toBe('INPUT');

  // The article editor too.
  await touch.goto('/articles');
  await touch.getByRole('button', { name: ARTICLE_MSG.writeArticle }).first().tap();
  await expect(touch.getByRole('dialog')).toBeVisible();
  expect(await touch.evaluate(() => document.activeElement?.tagName)).not.toMatch(/INPUT|TEXTAREA/);
  await phone.close();
});
