import type { Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { BUSINESS_MSG } from '../../common/business-pages/model';
import { MSG } from '../../common/core/texts';
import { expect, reviewShots, secondBrowser, signUpVerified, test } from '../fixtures';

/*
 * Business pages' own texts and counts: visitors are asked to sign in in the page's own words
 * (never "You need to be signed in to Please login to ..."), post comments fail in the business
 * posts' words, and a post's 'Comments n' follows the comment section.
 */

async function pageWithPost(page: Page) {
  await signUpVerified(page);
  const created = await page.request.post('/api/business-pages', {
    data: {
      name: `Dockside Deli ${randomUUID().slice(0, 6)}`,
      category: 'Restaurant',
      description: 'Sandwiches and soup by the docks.',
      website: '',
      email: '',
      phone: '',
      address: '',
      hours: '',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const post = await page.request.post(`/api/business-pages/${id}/posts`, {
    data: { content: 'Soup of the day: leek and potato.', imageUrl: null },
  });
  expect(post.status()).toBe(201);
  return id;
}

test("business sign-in prompts: a visitor reads the document's own texts for like, share, comment and review", async ({
  page,
  browser,
  baseURL,
}) => {
  const id = await pageWithPost(page);
  const visitor = await secondBrowser(browser, baseURL);
  const v = visitor.page;
  await v.goto(`/business-pages/${id}`);
  const post = v.getByRole('article', { name: /^Post by/ });
  await expect(post).toBeVisible();
  const dialog = v.getByRole('dialog', { name: MSG.signInRequiredTitle });
  const asks = async (button: Locator, text: string) => {
    await button.click();
    await expect(dialog.getByText(text, { exact: true })).toBeVisible();
    await expect(dialog.getByText(/You need to be signed in to/)).toHaveCount(0);
  };
  await asks(
    post.getByRole('button', { name: new RegExp(`^${BUSINESS_MSG.like}`) }),
    BUSINESS_MSG.signInLike,
  );
  await reviewShots(v, 'business-visitor-like-prompt', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await asks(
    post.getByRole('button', { name: new RegExp(`^${BUSINESS_MSG.share}`) }),
    BUSINESS_MSG.signInShare,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await post.getByRole('button', { name: new RegExp(`^${BUSINESS_MSG.comments}`) }).click();
  await asks(post.getByRole('button', { name: 'Sign in to comment' }), BUSINESS_MSG.signInComment);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await v.getByRole('tab', { name: BUSINESS_MSG.tabReviews }).click();
  await asks(v.getByRole('button', { name: BUSINESS_MSG.writeReview }), BUSINESS_MSG.signInReview);
  // Sign in carries the sentence to /auth as it is.
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(v).toHaveURL(/\/auth/);
  await expect(v.getByText(BUSINESS_MSG.signInReview, { exact: true })).toBeVisible();
  await visitor.context.close();
});

test("per-area comment texts and counts: a business post's comments fail in its own words, and 'Comments n' follows the panel", async ({
  page,
}) => {
  const id = await pageWithPost(page);
  // Loading the comments fails (until told otherwise): the business posts' own text.
  let failing = true;
  await page.route('**/api/comments/business_post/**', async (route) => {
    if (route.request().method() === 'GET' && failing) {
      return route.fulfill({ status: 500, body: '{"error":{"code":"INTERNAL","message":"boom"}}' });
    }
    return route.fallback();
  });
  await page.goto(`/business-pages/${id}`);
  const post = page.getByRole('article', { name: /^Post by/ });
  const commentsButton = post.getByRole('button', { name: new RegExp(`^${BUSINESS_MSG.comments}`) });
  await expect(commentsButton).toHaveText(/Comments\s*0$/);
  await commentsButton.click();
  await expect(post.getByText(BUSINESS_MSG.loadCommentsFailed, { exact: true })).toBeVisible();
  failing = false;
  await post.getByRole('button', { name: /try again|retry/i }).click();
  await post.getByLabel('Write a comment').fill('Best soup in town.');
  await post.getByRole('button', { name: 'Post Comment' }).click();
  await expect(post.getByText('Best soup in town.')).toBeVisible();
  await expect(commentsButton).toHaveText(/Comments\s*1$/);
  await reviewShots(page, 'business-post-comments-count');

  // Adding fails: the business posts' own text.
  await page.route('**/api/comments/business_post/**', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, body: '{"error":{"code":"INTERNAL","message":"boom"}}' })
      : route.fallback(),
  );
  await post.getByLabel('Write a comment').fill('Second helping.');
  await post.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByText(BUSINESS_MSG.addCommentFailed, { exact: true })).toBeVisible();
});
