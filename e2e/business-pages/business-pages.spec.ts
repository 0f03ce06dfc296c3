import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { BUSINESS_MSG, type BusinessPage } from '../../common/business-pages/model';
import { COMMENT_MSG } from '../../common/comments/model';
import {
  apiCreated,
  expect,
  expectAccessible,
  gotoLive,
  reviewShots,
  secondBrowser,
  signUpVerified,
  test,
} from '../fixtures';

test('create a page and post; another member follows, likes, comments, reviews, and Message opens /messages with the conversation to the owner started; the owner sees it live', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await signUpVerified(page);
  const name = `Harbour Bakery ${Date.now().toString(36)}`;

  await page.goto('/business-pages');
  await expect(page.getByRole('heading', { level: 1, name: BUSINESS_MSG.heading })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: BUSINESS_MSG.create }).click();
  const dialog = page.getByRole('dialog', { name: BUSINESS_MSG.create });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: BUSINESS_MSG.create }).click();
  await expect(dialog.getByText(BUSINESS_MSG.nameRequired)).toBeVisible();
  await expect(dialog.getByText(BUSINESS_MSG.descriptionRequired)).toBeVisible();
  await dialog.getByLabel(BUSINESS_MSG.name).fill(name);
  await dialog.getByLabel(BUSINESS_MSG.category).selectOption('Restaurant');
  await dialog.getByLabel(BUSINESS_MSG.description).fill('Sourdough and pastries by the harbour.');
  await dialog.getByLabel(BUSINESS_MSG.website).fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: BUSINESS_MSG.create }).click();
  await expect(dialog.getByText(BUSINESS_MSG.websiteInvalid)).toBeVisible();
  await dialog.getByLabel(BUSINESS_MSG.website).fill('https://harbour.example.com');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: BUSINESS_MSG.create }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const pageUrl = new URL(page.url()).pathname;
  const id = pageUrl.split('/').pop()!;
  await expect(page.getByRole('button', { name: BUSINESS_MSG.editPage })).toBeVisible();
  await expect(page.getByRole('button', { name: BUSINESS_MSG.changeCover })).toBeVisible();
  // Change Cover: an upload with its progress, then the page shows it.
  await page.getByLabel(`${BUSINESS_MSG.coverImage} file`).setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 1600, height: 500, channels: 3, background: '#d58a3a' } })
      .png()
      .toBuffer(),
  });
  await expect(page.locator('img[src*="/images/cover/"]')).toBeVisible();
  await expect(page.getByRole('button', { name: BUSINESS_MSG.follow, exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: BUSINESS_MSG.message, exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: BUSINESS_MSG.post, exact: true }).click();
  await expect(page.getByText(BUSINESS_MSG.postRequired)).toBeVisible();
  await page.getByLabel(BUSINESS_MSG.postPlaceholder).fill('Cardamom buns are back this weekend!');
  await page.getByRole('button', { name: BUSINESS_MSG.post, exact: true }).click();
  const ownerPost = page.getByRole('article', { name: /^Post by/ });
  await expect(ownerPost.getByText('Cardamom buns are back this weekend!')).toBeVisible();
  await expectAccessible(page);

  // The owner keeps the page open; the other member opens it by its other address (docs/product-rules.md:
  // both route forms).
  await gotoLive(page, pageUrl);
  const member = await secondBrowser(browser, baseURL);
  await signUpVerified(member.page);
  await gotoLive(member.page, `/business/${id}`);
  const m = member.page;
  await expect(m.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(m.getByRole('button', { name: BUSINESS_MSG.editPage })).toHaveCount(0);
  await m.getByRole('button', { name: BUSINESS_MSG.follow, exact: true }).click();
  await expect(m.getByRole('button', { name: BUSINESS_MSG.following })).toBeVisible();
  // Live: the owner's count follows without a reload.
  await expect(page.getByTestId('follower-count')).toHaveText('1 follower');

  const post = m.getByRole('article', { name: /^Post by/ });
  await post.getByRole('button', { name: /^Like/ }).click();
  await expect(post.getByRole('button', { name: /^Like/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(ownerPost.getByLabel('1 likes')).toBeVisible();
  await post.getByRole('button', { name: /^Share/ }).click();
  await expect(post.getByRole('button', { name: /^Shared/ })).toBeVisible();

  await post.getByRole('button', { name: /^Comments/ }).click();
  await post.getByPlaceholder(COMMENT_MSG.placeholder).fill('Saving me a bun!');
  await post.getByRole('button', { name: COMMENT_MSG.submit }).click();
  // On the comment itself: until the box clears, it holds the same text.
  await expect(post.getByRole('article', { name: /^Comment by / })).toContainText('Saving me a bun!');
  // axe once every toast has gone (the comment's, the share's): mid-fade a toast's text is checked
  // at partial opacity.
  await expect(m.getByText(COMMENT_MSG.added)).toBeHidden({ timeout: 10_000 });
  await expect(m.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectAccessible(m);

  await m.getByRole('tab', { name: BUSINESS_MSG.tabReviews }).click();
  await m.getByRole('button', { name: BUSINESS_MSG.submitReview }).click();
  await expect(m.getByText(BUSINESS_MSG.titleRequired)).toBeVisible();
  await m.getByLabel(BUSINESS_MSG.reviewTitle).fill('Lovely bakery');
  await m
    .getByRole('textbox', { name: BUSINESS_MSG.reviewContent, exact: true })
    .fill('The buns were warm and the coffee strong.');
  await expect(m.getByText('41/1000')).toBeVisible();
  await m.getByRole('button', { name: BUSINESS_MSG.submitReview }).click();
  const review = m.getByRole('article', { name: /^Review by/ });
  await expect(review.getByText(BUSINESS_MSG.pending)).toBeVisible();
  await expect(m.getByRole('button', { name: BUSINESS_MSG.submitReview })).toHaveCount(0);
  await expectAccessible(m);
  await m.getByRole('tab', { name: BUSINESS_MSG.tabAbout }).click();
  await expect(m.getByRole('link', { name: 'https://harbour.example.com/' })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow ugc',
  );

  // Message opens /messages with the conversation to the page's owner started; what is sent
  // there is a business_page message, and the owner's inquiry count rises live.
  await m.getByRole('button', { name: BUSINESS_MSG.message, exact: true }).click();
  await expect(m).toHaveURL(/\/messages\?with=[^&]+&about=business_page:/);
  const composer = m.getByRole('textbox', { name: /^Message / });
  await composer.fill('Do you cater weddings?');
  await composer.press('Enter');
  await expect(m.getByText('Do you cater weddings?', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Business inquiries/ })).toContainText('1');
  await member.context.close();

  // The owner's profile lists the page in its pages-and-articles slot.
  await page.goto('/profile');
  await expect(page.getByRole('list', { name: 'Business Pages' }).getByRole('link', { name })).toBeVisible();
});

test('a missing or malformed page shows its not-found text; visitors browse and are sent to sign in', async ({
  page,
}) => {
  for (const path of [
    '/business-pages/not-a-uuid',
    `/business-pages/${randomUUID()}`,
    `/business/${randomUUID()}`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: BUSINESS_MSG.notFound })).toBeVisible();
  }
  await expectAccessible(page);
  await page.goto('/business-pages');
  await expect(page.getByRole('heading', { level: 1, name: BUSINESS_MSG.heading })).toBeVisible();
  await page.getByLabel(BUSINESS_MSG.searchPlaceholder).fill(`nothing-${Date.now()}`);
  await expect(page.getByText(BUSINESS_MSG.emptyFiltered)).toBeVisible();
  await page.getByRole('button', { name: BUSINESS_MSG.create }).click();
  await expect(page).toHaveURL(/\/auth/);
});

test('a page without a cover shows a generated one in its header; a website typed without https:// is completed', async ({
  page,
  baseURL,
}) => {
  await signUpVerified(page);
  const name = `Quay Cobbler ${Date.now().toString(36)}`;
  const created = await apiCreated<BusinessPage>(page, baseURL, '/api/business-pages', {
    name,
    category: 'Retail',
    description: 'Shoes mended by the quay while you wait.',
    website: 'quay-cobbler.example.com',
  });
  expect(created.website).toBe('https://quay-cobbler.example.com/');
  await gotoLive(page, `/business-pages/${created.id}`);
  const header = page.getByRole('article');
  await expect(header.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(header.getByTestId('generated-cover')).toHaveCount(1);
  await expect(header.getByTestId('generated-cover')).toBeVisible();
  await reviewShots(page, 'business-page-generated-cover', { fullPage: false });
  await page.getByRole('tab', { name: 'About' }).click();
  await expect(page.getByRole('link', { name: 'https://quay-cobbler.example.com/' })).toBeVisible();
  await expectAccessible(page);
});
