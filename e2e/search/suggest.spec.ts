import path from 'node:path';
import type { Page } from '@playwright/test';
import { CONNECTION_MSG } from '../../common/profiles/model';
import { SEARCH_MSG } from '../../common/search/model';
import {
  expect,
  expectAccessible,
  myId,
  newPerson,
  reviewShots,
  secondBrowser,
  SHOTS_DIR,
  signUpVerified,
  test,
} from '../fixtures';

/** Ten random lowercase letters: a name holding them is found by no other test's search. */
const token = () =>
  Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

const field = (page: Page) => page.getByRole('combobox', { name: 'Search' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: SEARCH_MSG.suggestionsLabel });

test('search suggests as you type: arrow down and Enter open the person, Escape closes the list', async ({
  page,
  browser,
  baseURL,
}) => {
  const mark = token();
  const name = `Tarasina ${mark}`;
  const other = await secondBrowser(browser, baseURL);
  await signUpVerified(other.page, newPerson('sugg'));
  expect((await other.page.request.patch('/api/profiles/me', { data: { fullName: name } })).status()).toBe(
    200,
  );
  const id = await myId(other.page);
  await other.context.close();

  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpVerified(page);
  // The home's first screen: suggestions in one row (the side column at 1280 px), the feed below.
  await reviewShots(page, 'home-first-screen', { fullPage: false, height: 800 });
  const box = field(page);
  await box.click();
  await box.pressSequentially(mark.slice(0, 6));
  const list = suggestions(page);
  const option = list.getByRole('option', { name });
  await expect(option).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(list.getByRole('group', { name: SEARCH_MSG.peopleLabel })).toBeVisible();
  await expect(list.getByRole('option', { name: SEARCH_MSG.seeAll(mark.slice(0, 6)) })).toBeVisible();
  await expectAccessible(page);
  if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, 'search-suggestions-1280.png') });

  // Escape closes the list and keeps the text; typing opens it again.
  await box.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue(mark.slice(0, 6));
  await box.pressSequentially(mark.slice(6));
  await expect(option).toBeVisible();

  await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await box.press('Enter');
  await expect(page).toHaveURL(`/profile/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(suggestions(page)).toHaveCount(0);

  // With nothing chosen, Enter searches everything, as before.
  await field(page).fill(mark);
  await field(page).press('Enter');
  await expect(page).toHaveURL(/\?search=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SEARCH_MSG.heading(mark, '1'));
  // The results page's tabs: every type, then one.
  const tabs = page.getByRole('navigation', { name: SEARCH_MSG.tabsLabel });
  await expect(tabs.getByRole('link', { name: SEARCH_MSG.allTab })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: SEARCH_MSG.peopleLabel }).click();
  await expect(page).toHaveURL(/type=user/);
  const card = page.getByRole('article', { name });
  await expect(card.getByRole('button', { name: `${CONNECTION_MSG.follow}: ${name}` })).toBeVisible();
  await reviewShots(page, 'search-results-people');
  await card.getByRole('button', { name: `${CONNECTION_MSG.connect}: ${name}` }).click();
  await expect(card.getByRole('button', { name: CONNECTION_MSG.requestSentLabel })).toBeVisible();

  // A phone searches from the results page's own field, with the same suggestions.
  await page.setViewportSize({ width: 375, height: 740 });
  const phoneField = page.getByRole('combobox', { name: 'Search' });
  await phoneField.fill('');
  await phoneField.pressSequentially(mark.slice(0, 5));
  await expect(suggestions(page).getByRole('option', { name })).toBeVisible();
  if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, 'search-suggestions-375.png') });
});
