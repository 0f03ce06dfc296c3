import { expect, expectAccessible, signUpVerified, test } from '../fixtures';

/* Issue 21: the editor keeps work in progress; a published article can be edited by its author. */

test('work in progress survives a reload and comes back when the editor opens again', async ({ page }) => {
  await signUpVerified(page);
  await page.goto('/articles');
  await page.getByRole('button', { name: 'Write Article' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Article' });
  await dialog.getByLabel('Title').fill('Half a thought');
  await dialog.getByLabel('Content', { exact: true }).fill('Words that were never saved, kept anyway.');
  // The copy is written shortly after typing pauses.
  await page.waitForTimeout(800);
  await page.reload();
  await page.getByRole('button', { name: 'Write Article' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('Half a thought');
  await expect(dialog.getByLabel('Content', { exact: true })).toHaveValue(
    'Words that were never saved, kept anyway.',
  );
  await expect(dialog.getByText('Your unsaved work was restored.')).toBeVisible();

  // Discarding forgets it.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Discard' }).click();
  await page.reload();
  await page.getByRole('button', { name: 'Write Article' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('');
});

test('the author edits a published article: saved in place, marked edited; others see no Edit', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpVerified(page);
  const second = `Second version ${Date.now().toString(36)}`;
  const res = await page.request.post('/api/articles', {
    data: {
      title: 'First version',
      content: 'The words as they were first published.',
      category: 'tech',
      imageUrl: null,
      status: 'published',
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/articles/${id}`);
  await expect(page.getByText('Edited', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Article' });
  await expect(dialog.getByLabel('Title')).toHaveValue('First version');
  await expect(dialog.getByRole('button', { name: 'Save as Draft' })).toHaveCount(0);
  await dialog.getByLabel('Title').fill(second);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
  await expect(page.getByText('Edited', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // The feed card reads the new title (on the Articles tab: in a full run, other tests' members
  // and posts can push it off the first page of everything).
  await page.goto('/?filter=articles');
  await expect(page.getByRole('link', { name: second })).toBeVisible();

  // Someone else reads it with no Edit.
  const other = await browser.newContext({ baseURL });
  const reader = await other.newPage();
  await signUpVerified(reader);
  await reader.goto(`/articles/${id}`);
  await expect(reader.getByRole('heading', { level: 1, name: second })).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await other.close();
});
