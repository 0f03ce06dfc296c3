import type { Page } from '@playwright/test';
import { MSG } from '../../common/core/texts';
import { SEARCH, SEARCH_MSG } from '../../common/search/model';
import { expect, expectAccessible, myId, newPerson, secondBrowser, signUpVerified, test } from '../fixtures';

/** Ten random lowercase letters: a name holding them is found by no other test's search. */
const token = () =>
  Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** Types into whichever search field the screen shows (top bar on wide screens) and presses Enter. */
async function search(page: Page, text: string) {
  const field = page.getByRole('search').getByPlaceholder(MSG.searchPlaceholder);
  await field.fill(text);
  await field.press('Enter');
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const resultList = (page: Page) => page.getByRole('list', { name: 'Search results' });

/** Someone else, signed up with a full name only this test uses; their id. */
async function someoneNamed(
  browser: Parameters<typeof secondBrowser>[0],
  baseURL: string | undefined,
  name: string,
) {
  const other = await secondBrowser(browser, baseURL);
  await signUpVerified(other.page, newPerson('srch'));
  // Sign-up names a person by their username; the full name is a profile field.
  const res = await other.page.request.patch('/api/profiles/me', { data: { fullName: name } });
  expect(res.status()).toBe(200);
  const id = await myId(other.page);
  await other.context.close();
  return id;
}

test('part of a name, in any case, finds the person; View Details opens their profile; Back to Feed returns', async ({
  page,
  browser,
  baseURL,
}) => {
  const mark = token();
  const nameB = `Marisol Q${mark} Varga`;
  const idB = await someoneNamed(browser, baseURL, nameB);
  await signUpVerified(page);

  const query = `SOL q${mark.toUpperCase()}`;
  await search(page, `  ${query}  `);
  await expect(page).toHaveURL(/\?search=/);
  expect(new URL(page.url()).searchParams.get('search')).toBe(query);
  await expect(heading(page)).toHaveText(SEARCH_MSG.heading(query, '1'));

  const results = resultList(page);
  await expect(results.getByRole('listitem')).toHaveCount(1);
  const card = results.getByRole('article', { name: nameB });
  await expect(card.getByText(SEARCH_MSG.personLabel, { exact: true })).toBeVisible();
  // The matched part of the name is marked, in the name's own case.
  await expect(card.locator('mark')).toHaveText(`sol Q${mark}`);

  await card.getByRole('link', { name: `${SEARCH_MSG.viewDetails}: ${nameB}` }).click();
  await expect(page).toHaveURL(`/profile/${idB}`);
  await expect(page.getByRole('heading', { level: 1, name: nameB })).toBeVisible();

  await page.goBack();
  await expect(heading(page)).toHaveText(SEARCH_MSG.heading(query, '1'));
  await page.getByRole('link', { name: SEARCH_MSG.backToFeed }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: /^Search results for/ })).toHaveCount(0);
  await expect(page.getByRole('search').getByPlaceholder(MSG.searchPlaceholder)).toHaveValue('');
});

test('no match says so; text with quotes, wildcards and dashes is searched as it is', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signUpVerified(page);

  const nothing = `zq${token()}`;
  await search(page, nothing);
  await expect(heading(page)).toHaveText(SEARCH_MSG.heading(nothing, '0'));
  await expect(page.getByText(SEARCH_MSG.noResults, { exact: true })).toBeVisible();
  await expect(page.getByText(SEARCH_MSG.noResultsHint, { exact: true })).toBeVisible();

  const hostile = `"%_\\ & | ! ' --`;
  await search(page, hostile);
  expect(new URL(page.url()).searchParams.get('search')).toBe(hostile);
  await expect(heading(page)).toHaveText(SEARCH_MSG.heading(hostile, '0'));
  await expect(page.getByText(SEARCH_MSG.noResults, { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A wildcard alone matches nothing literal, not everyone.
  await search(page, '%');
  await expect(heading(page)).toHaveText(SEARCH_MSG.heading('%', '0'));
  expect(errors).toEqual([]);
});

test('results are accessible at 1280 and 375 px; phones search from the page; a 1000-character query wraps', async ({
  page,
  browser,
  baseURL,
}) => {
  const mark = token();
  const name = `Teodora ${mark}`;
  await someoneNamed(browser, baseURL, name);
  // Toasts (the sign-up's 'email verified') then appear at once instead of fading through low contrast.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signUpVerified(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await search(page, mark);
  await expect(resultList(page).getByRole('article', { name })).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(resultList(page).getByRole('article', { name })).toBeVisible();
  await expectAccessible(page);

  // The top bar's field is for wide screens; the results page has its own on phones.
  const long = 'w'.repeat(SEARCH.queryMax);
  await search(page, long);
  // Its start is shown; the heading's name keeps all of it.
  await expect(
    page.getByRole('heading', { level: 1, name: SEARCH_MSG.heading(long, '0'), exact: true }),
  ).toBeVisible();
  await expect(heading(page)).toHaveText(SEARCH_MSG.heading(`${'w'.repeat(80)}…`, '0'));
  await expect(page.getByText(SEARCH_MSG.noResults, { exact: true })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

test('a visitor searching from the top bar is asked to sign in where the results would be, and Sign in opens /auth', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await search(page, 'coffee');
  await expect(page).toHaveURL(/\?search=coffee$/);
  await expect(heading(page)).toHaveText('Search results for "coffee"');
  const prompt = page.getByRole('region', { name: MSG.signInRequiredTitle });
  await expect(prompt.getByText(MSG.signInRequired(SEARCH_MSG.visitorAction))).toBeVisible();
  await expect(prompt.getByText(MSG.signInRequiredHint)).toBeVisible();
  await expectAccessible(page);
  await prompt.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});
