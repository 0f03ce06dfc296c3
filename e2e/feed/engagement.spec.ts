import { expect, secondBrowser, signUpVerified, test } from '../fixtures';

/* Issue 21: article cards on the feed show reaction and comment counts and react in place. */

test('an article card shows its counts, and Like works on the card', async ({ page, browser, baseURL }) => {
  const author = await secondBrowser(browser, baseURL);
  await signUpVerified(author.page);
  const title = `Counted in place ${Date.now()}`;
  const res = await author.page.request.post('/api/articles', {
    data: {
      title,
      content: 'Steps:\n\n- Ship it\n- Talk to users\n\nThen repeat.',
      category: 'tech',
      imageUrl: null,
      status: 'published',
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  expect(
    (await author.page.request.post(`/api/comments/article/${id}`, { data: { content: 'First!' } })).status(),
  ).toBe(201);

  await signUpVerified(page);
  await page.goto('/');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(card.getByText('0 reactions')).toBeVisible();
  await expect(card.getByRole('link', { name: '1 comment' })).toBeVisible();
  // The excerpt keeps list items apart.
  await expect(card.getByText('Steps: Ship it. Talk to users. Then repeat.')).toBeVisible();

  const like = card.getByRole('button', { name: 'Like' });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText('1 reaction', { exact: true })).toBeVisible();
  // Stored: the article's page shows it too.
  await page.reload();
  await expect(card.getByText('1 reaction', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('link', { name: '1 comment' }).click();
  await expect(page).toHaveURL(new RegExp(`/articles/${id}$`));
  await expect(page.getByRole('button', { name: /^Like, 1 reaction/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await author.context.close();
});
