import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { ARTICLE_MSG } from '../../common/articles/model';
import { COMMENT_MSG } from '../../common/comments/model';
import { MSG } from '../../common/core/texts';
import { expect, expectAccessible, gotoLive, secondBrowser, signUpVerified, test } from '../fixtures';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();

/** Selects `text` inside the editor's text area, as a person dragging over it would. */
async function select(content: Locator, text: string) {
  await content.evaluate((el, wanted) => {
    const area = el as HTMLTextAreaElement;
    const at = area.value.indexOf(wanted);
    if (at < 0) throw new Error(`"${wanted}" is not in the text`);
    area.focus();
    area.setSelectionRange(at, at + wanted.length);
  }, text);
}

const editorDialog = (page: Page) => page.getByRole('dialog', { name: ARTICLE_MSG.editorTitle });

test('write with the toolbar, preview, save a draft, publish it; another member reacts and comments live; the author deletes it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await signUpVerified(page);
  const title = `Lean launches ${Date.now().toString(36)}`;

  await page.goto('/articles');
  await expect(page.getByRole('heading', { level: 1, name: ARTICLE_MSG.heading })).toBeVisible();
  await page.getByRole('button', { name: ARTICLE_MSG.writeArticle }).click();
  const dialog = editorDialog(page);
  await expect(dialog).toBeVisible();

  // The form's rules, with their texts, before anything is sent.
  await dialog.getByRole('button', { name: ARTICLE_MSG.publish }).click();
  await expect(dialog.getByText(ARTICLE_MSG.titleMin)).toBeVisible();
  await expect(dialog.getByText(ARTICLE_MSG.contentMin)).toBeVisible();

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Category').selectOption({ label: 'Technology' });

  // A picture below 400x300 is refused with its reason; a good one uploads.
  const file = dialog.getByLabel('Featured image file');
  await file.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: await picture(399, 300) });
  await expect(dialog.getByText(ARTICLE_MSG.imageTooSmall)).toBeVisible();
  await file.setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: await picture(1800, 500) });
  await expect(dialog.getByText(ARTICLE_MSG.imageAspect)).toBeVisible();
  await file.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await picture(1200, 800) });
  await expect(dialog.getByRole('button', { name: 'Replace image' })).toBeVisible();
  await expect(dialog.getByText(ARTICLE_MSG.imageAspect)).toBeHidden();

  // The toolbar and the shortcuts work on the selection.
  const content = dialog.getByLabel('Content');
  await content.fill('Ship small things often.\n\nMeasure what people do with them.\n\nRead more');
  await select(content, 'small things');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await select(content, 'often');
  await page.keyboard.press('ControlOrMeta+i');
  await select(content, 'Measure what people do with them.');
  await dialog.getByRole('button', { name: 'List' }).click();
  await select(content, 'Ship');
  await dialog.getByRole('button', { name: 'Heading' }).click();
  await select(content, 'Read more');
  await dialog.getByRole('button', { name: 'Link' }).click();
  const written = await content.inputValue();
  expect(written).toContain('**small things**');
  expect(written).toMatch(/[*_]often[*_]/);
  expect(written).toMatch(/^- Measure what people do with them\.$/m);
  expect(written).toMatch(/^#+ .*Ship/m);
  expect(written).toContain('[Read more](');
  // Finish the link with a real address where the toolbar left its placeholder.
  await content.fill(written.replace(/\[Read more\]\([^)]*\)/, '[Read more](https://example.com/lean)'));

  // Preview shows what readers will see.
  await dialog.getByRole('tab', { name: ARTICLE_MSG.preview }).click();
  const preview = dialog.getByRole('tabpanel');
  await expect(preview.locator('strong', { hasText: 'small things' })).toBeVisible();
  await expect(preview.locator('em', { hasText: 'often' })).toBeVisible();
  await expect(preview.getByRole('listitem')).toHaveText('Measure what people do with them.');
  await expect(preview.getByRole('link', { name: 'Read more' })).toHaveAttribute(
    'href',
    'https://example.com/lean',
  );
  await expectAccessible(page);
  await dialog.getByRole('tab', { name: ARTICLE_MSG.edit }).click();

  // Saved as a draft: in Drafts, not in All Articles.
  await dialog.getByRole('button', { name: ARTICLE_MSG.saveDraft }).click();
  await expect(page.getByText(ARTICLE_MSG.savedDraft)).toBeVisible();
  await expect(dialog).toBeHidden();
  const tabs = page.getByRole('tablist', { name: 'Article categories' });
  await tabs.getByRole('tab', { name: 'Drafts' }).click();
  await expect(page).toHaveURL(/tab=drafts/);
  const list = page.getByRole('list', { name: 'Articles' });
  const draft = list.getByRole('listitem').filter({ hasText: title });
  await expect(draft).toBeVisible();
  await draft.getByRole('button', { name: ARTICLE_MSG.publishDraft }).click();
  await expect(page.getByText(ARTICLE_MSG.draftPublished)).toBeVisible();
  await expect(draft).toBeHidden();

  // Published: under Technology and in the feed, where the card opens the article.
  await tabs.getByRole('tab', { name: 'Technology' }).click();
  await expect(list.getByRole('link', { name: title })).toBeVisible();
  await page.goto('/?filter=articles');
  const feedCard = page
    .getByRole('list', { name: 'Feed items' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(feedCard).toHaveCount(1);
  await feedCard.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/articles\/[0-9a-f-]{36}$/);
  const articleUrl = new URL(page.url()).pathname;

  // The author reads it live while another member reacts and comments.
  await gotoLive(page, articleUrl);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('article strong', { hasText: 'small things' })).toBeVisible();
  const reactions = page.getByRole('group', { name: 'Reactions' });
  await expect(reactions.getByRole('button', { name: 'Like, no reactions', exact: true })).toBeVisible();

  const reader = await secondBrowser(browser, baseURL);
  await signUpVerified(reader.page);
  await gotoLive(reader.page, articleUrl);
  await expect(reader.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(reader.page.getByRole('button', { name: ARTICLE_MSG.delete })).toHaveCount(0);
  const readerReactions = reader.page.getByRole('group', { name: 'Reactions' });
  // Rapid taps end where the last one left them: three on Haha leave it on.
  const haha = readerReactions.getByRole('button', { name: /^Haha,/ });
  await haha.click();
  await haha.click();
  await haha.click();
  await expect(haha).toHaveAttribute('aria-pressed', 'true');
  await readerReactions.getByRole('button', { name: /^Like,/ }).click();
  await expect(reactions.getByRole('button', { name: 'Like, 1 reaction', exact: true })).toBeVisible();
  await expect(reactions.getByRole('button', { name: 'Haha, 1 reaction', exact: true })).toBeVisible();
  await reader.page.reload();
  await expect(
    readerReactions.getByRole('button', { name: 'Haha, 1 reaction', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');

  const box = reader.page.getByRole('textbox', { name: /comment/i });
  await expect(reader.page.getByRole('button', { name: COMMENT_MSG.submit })).toBeDisabled();
  await box.fill('Great read, more at https://example.com/notes <b>not bold</b>');
  await reader.page.getByRole('button', { name: COMMENT_MSG.submit }).click();
  await expect(reader.page.getByText(COMMENT_MSG.added)).toBeVisible();
  await expect(box).toHaveValue('');
  const comment = page.getByRole('article', { name: /^Comment by / });
  await expect(comment).toContainText('Great read');
  // Plain text: the markup shows as typed, and the address is a link.
  await expect(comment).toContainText('<b>not bold</b>');
  await expect(comment.getByRole('link', { name: 'https://example.com/notes' })).toHaveAttribute(
    'rel',
    /noopener/,
  );
  await expect(page.getByRole('heading', { name: /Comments/ })).toContainText('1');

  // The author is told, once.
  await page.goto('/notifications');
  await expect(page.getByText('New Reaction')).toHaveCount(1);
  await expect(page.getByText('New Comment')).toHaveCount(1);

  // The author deletes it, after confirming; the reader is then sent back to the list.
  await page.goto(articleUrl);
  await page.getByRole('button', { name: ARTICLE_MSG.delete, exact: true }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(confirm.getByText(ARTICLE_MSG.deleteConfirmTitle)).toBeVisible();
  await confirm.getByRole('button', { name: ARTICLE_MSG.delete, exact: true }).click();
  await expect(page).toHaveURL(/\/articles$/);
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);

  await reader.page.goto(articleUrl);
  await expect(reader.page).toHaveURL(/\/articles$/);
  await expect(reader.page.getByText(ARTICLE_MSG.notFound, { exact: true })).toBeVisible();
  await reader.context.close();
});

test('visitors browse the list but are asked to sign in to read; a bad address goes back to the list', async ({
  page,
  browser,
  baseURL,
}) => {
  const author = await secondBrowser(browser, baseURL);
  await signUpVerified(author.page);
  const title = `Visitor view ${Date.now().toString(36)}`;
  const res = await author.page.request.post('/api/articles', {
    data: {
      title,
      content: 'A published article that visitors can see listed.',
      category: 'business',
      status: 'published',
    },
  });
  expect(res.status()).toBe(201);
  await author.context.close();

  await page.goto('/articles');
  await expect(page.getByRole('button', { name: ARTICLE_MSG.writeArticle })).toHaveCount(0);
  const tabs = page.getByRole('tablist', { name: 'Article categories' });
  await expect(tabs.getByRole('tab', { name: 'Drafts' })).toHaveCount(0);
  await expect(page.getByText(/^Articles \(\d+\)$/)).toBeVisible();
  await page.getByRole('list', { name: 'Articles' }).getByRole('link', { name: title }).click();
  const prompt = page.getByRole('dialog', { name: MSG.signInRequiredTitle });
  await expect(prompt.getByText(MSG.signInRequired(ARTICLE_MSG.signInAction))).toBeVisible();
  await prompt.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/articles$/);
  await expectAccessible(page);

  await signUpVerified(page);
  await page.goto('/articles/not-an-id');
  await expect(page).toHaveURL(/\/articles$/);
  await expect(page.getByText(ARTICLE_MSG.invalidId)).toBeVisible();
  await page.goto('/articles/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/articles$/);
  await expect(page.getByText(ARTICLE_MSG.notFound, { exact: true })).toBeVisible();
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the list, the editor and an article fit the width and pass an accessibility scan', async ({
    page,
  }) => {
    await signUpVerified(page);
    const res = await page.request.post('/api/articles', {
      data: {
        title: 'Phones first',
        content:
          '## Small screens\n\nA long line of text that must wrap on a narrow phone screen without scrolling.',
        category: 'lifestyle',
        status: 'published',
      },
    });
    const { id } = (await res.json()) as { id: string };
    const noSideways = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

    await page.goto('/articles');
    await expect(page.getByRole('list', { name: 'Articles' })).toBeVisible();
    expect(await noSideways()).toBe(true);
    await expectAccessible(page);

    await page.getByRole('button', { name: ARTICLE_MSG.writeArticle }).click();
    await expect(editorDialog(page)).toBeVisible();
    expect(await noSideways()).toBe(true);
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await page.goto(`/articles/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Phones first' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Reactions' })).toBeVisible();
    expect(await noSideways()).toBe(true);
    await expectAccessible(page);
  });
});

test('closing the editor with changes asks first; Keep editing keeps them, Discard empties it (issue 21)', async ({
  page,
}) => {
  await signUpVerified(page);
  await page.goto('/articles');
  const writer = page.getByRole('button', { name: ARTICLE_MSG.writeArticle });
  await writer.click();
  const dialog = editorDialog(page);
  // The editor loads its code on first use: wait for it before pressing Escape.
  await expect(dialog).toBeVisible();
  // Nothing typed: it just closes.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await writer.click();
  await dialog.getByLabel('Title').fill('Half a thought');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: ARTICLE_MSG.discardTitle });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: ARTICLE_MSG.keepEditing }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('Half a thought');

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await ask.getByRole('button', { name: ARTICLE_MSG.discard }).click();
  await expect(dialog).toBeHidden();
  await writer.click();
  await expect(dialog.getByLabel('Title')).toHaveValue('');
});
