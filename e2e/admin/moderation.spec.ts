import type { Page } from '@playwright/test';
import { MODERATION_MSG } from '../../common/admin/moderation';
import { ADMIN_MSG } from '../../common/admin/model';
import {
  expect,
  expectAccessible,
  gotoLive,
  reviewShots,
  secondBrowser,
  signInSuperAdmin,
  signUpVerified,
  test,
} from '../fixtures';

/*
 * Issue 20 part B: a member reports a comment and an admin removes it from the Reports tab (the
 * reporter is told); the Reviews tab shows a new review live and approves it with a note.
 */

// A second address from playwright.config.ts's ADMIN_EMAILS, so this spec never races the layout
// spec's sign-up of the first one.
const ADMIN_EMAIL = 'e2e-moderator@example.com';
const signInAdmin = (page: Page) => signInSuperAdmin(page, ADMIN_EMAIL, 'mod');

test.describe.configure({ mode: 'default' });

test('a member reports a comment and an admin removes it from the Reports tab; the member is told', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  // The troll writes an article and a comment under it.
  const troll = await secondBrowser(browser, baseURL);
  await signUpVerified(troll.page);
  const article = await troll.page.request.post('/api/articles', {
    data: {
      title: `Moderation ${Date.now().toString(36)}`,
      content: 'A few paragraphs about building things with other people.',
      category: 'tech',
      imageUrl: null,
      status: 'published',
    },
  });
  expect(article.status()).toBe(201);
  const articleId = ((await article.json()) as { id: string }).id;
  const rude = `You are all idiots ${Date.now().toString(36)}`;
  const posted = await troll.page.request.post(`/api/comments/article/${articleId}`, {
    data: { content: rude },
  });
  expect(posted.status()).toBe(201);

  // A member reports it.
  await signUpVerified(page);
  await page.goto(`/articles/${articleId}`);
  await expect(page.getByText(rude)).toBeVisible();
  await page.getByRole('button', { name: /^Report comment by / }).click();
  const dialog = page.getByRole('dialog', { name: MODERATION_MSG.reportTitle('comment') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Harassment or bullying').check();
  await dialog.getByLabel(MODERATION_MSG.reportDetails).fill('Insults everyone');
  await expectAccessible(page);
  await reviewShots(page, 'moderation-report-dialog', { height: 740 });
  await dialog.getByRole('button', { name: MODERATION_MSG.reportSubmit }).click();
  await expect(page.getByText(MODERATION_MSG.reportSent)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The admin removes it from the Reports tab.
  const admin = await secondBrowser(browser, baseURL);
  await signInAdmin(admin.page);
  await gotoLive(admin.page, '/admin');
  await admin.page.getByRole('tab', { name: MODERATION_MSG.tabReports }).click();
  const report = admin.page.getByRole('listitem').filter({ hasText: rude });
  await expect(report).toBeVisible();
  await expect(report.getByText('Insults everyone')).toBeVisible();
  await expectAccessible(admin.page);
  await reviewShots(admin.page, 'moderation-reports-tab', { height: 740 });
  await report.getByRole('button', { name: /^Remove content/ }).click();
  const confirm = admin.page.getByRole('dialog', { name: 'Remove content' });
  await confirm.getByLabel(MODERATION_MSG.note).fill('Personal attacks');
  await confirm.getByRole('button', { name: 'Remove content' }).click();
  await expect(admin.page.getByText(MODERATION_MSG.resolved)).toBeVisible();
  await expect(report).toBeHidden();
  await admin.page.getByRole('button', { name: MODERATION_MSG.reportsResolved }).click();
  await expect(admin.page.getByRole('listitem').filter({ hasText: rude })).toContainText('Personal attacks');

  // The comment is gone, and the member has been told.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(rude)).toBeHidden();
  const notes = (await (await page.request.get('/api/notifications')).json()) as {
    items: { type: string; message: string }[];
  };
  expect(notes.items.filter((n) => n.type === 'moderation').map((n) => n.message)).toEqual([
    'We reviewed the comment you reported. The content was removed.',
  ]);
  await troll.context.close();
  await admin.context.close();
});

test('the Reviews tab shows a new review live; the admin approves it with a note', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const owner = await secondBrowser(browser, baseURL);
  await signUpVerified(owner.page);
  const created = await owner.page.request.post('/api/business-pages', {
    data: {
      name: `Harbour Deli ${Date.now().toString(36)}`,
      category: 'Restaurant',
      description: 'Sandwiches and soups by the harbour, every weekday.',
      website: '',
      email: '',
      phone: '',
      address: '',
      hours: '',
    },
  });
  expect(created.status()).toBe(201);
  const pageId = ((await created.json()) as { id: string }).id;

  await signInAdmin(page);
  await gotoLive(page, '/admin');
  await page.getByRole('tab', { name: MODERATION_MSG.tabReviews }).click();
  await expect(page.getByRole('tab', { name: MODERATION_MSG.tabReviews })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('button', { name: /^Pending/ })).toHaveAttribute('aria-pressed', 'true');

  // A member writes a review: it shows in the queue without a reload.
  const writer = await secondBrowser(browser, baseURL);
  await signUpVerified(writer.page);
  const title = `Great soup ${Date.now().toString(36)}`;
  const review = await writer.page.request.post(`/api/business-pages/${pageId}/reviews`, {
    data: { rating: 5, title, content: 'The tomato soup was the best I have had.' },
  });
  expect(review.status()).toBe(201);
  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expectAccessible(page);
  await reviewShots(page, 'moderation-reviews-tab', { height: 740 });

  await row.getByRole('button', { name: `Approve review “${title}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve review' });
  await dialog.getByLabel(MODERATION_MSG.note).fill('Genuine customer');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(MODERATION_MSG.moderated(1))).toBeVisible();
  await expect(row).toBeHidden();
  await page.getByRole('button', { name: /^Approved/ }).click();
  const approved = page.getByRole('listitem').filter({ hasText: title });
  await expect(approved).toContainText('Genuine customer');
  await expect(approved).toContainText('Moderated by mod_');

  await owner.context.close();
  await writer.context.close();
});

test('a member sees Access Denied at /admin', async ({ page }) => {
  await signUpVerified(page);
  await page.goto('/admin');
  await expect(page.getByText(ADMIN_MSG.accessDenied)).toBeVisible();
  await expect(page.getByText(ADMIN_MSG.noPermission)).toBeVisible();
  await expectAccessible(page);
});

test('an admin bans from a report and sees the audit entry by name', async ({ page, browser, baseURL }) => {
  // The author (with a full name) comments; a member reports the comment; all through the API.
  test.slow();
  const author = await secondBrowser(browser, baseURL);
  const reporter = await secondBrowser(browser, baseURL);
  await Promise.all([signUpVerified(author.page), signUpVerified(reporter.page), signInAdmin(page)]);
  const fullName = `Rex Spammer ${Date.now().toString(36)}`;
  expect((await author.page.request.patch('/api/profiles/me', { data: { fullName } })).status()).toBe(200);
  const article = await author.page.request.post('/api/articles', {
    data: {
      title: `Ban from report ${Date.now().toString(36)}`,
      content: 'A few paragraphs about building things with other people.',
      category: 'tech',
      imageUrl: null,
      status: 'published',
    },
  });
  expect(article.status()).toBe(201);
  const articleId = ((await article.json()) as { id: string }).id;
  const spam = `Cheap followers here ${Date.now().toString(36)}`;
  const comment = await author.page.request.post(`/api/comments/article/${articleId}`, {
    data: { content: spam },
  });
  expect(comment.status()).toBe(201);
  const commentId = ((await comment.json()) as { id: string }).id;
  await author.context.close();
  const reported = await reporter.page.request.post('/api/reports', {
    data: { targetType: 'comment', targetId: commentId, reason: 'spam' },
  });
  expect(reported.status()).toBe(201);
  await reporter.context.close();

  await gotoLive(page, '/admin?tab=reports');
  const report = page.getByRole('listitem').filter({ hasText: spam });
  // 'View' opens the reported comment itself.
  await expect(report.getByRole('link', { name: /View/ })).toHaveAttribute(
    'href',
    `/articles/${articleId}#comment-${commentId}`,
  );
  await report.getByRole('button', { name: /^Ban author/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Ban author' });
  // Said before it is done, in the future tense, naming the person.
  await expect(confirm.getByText(MODERATION_MSG.confirm.ban(fullName))).toBeVisible();
  // One note field (no separate reason).
  await expect(confirm.getByRole('textbox')).toHaveCount(1);
  await confirm.getByLabel(MODERATION_MSG.note).fill('Selling followers');
  await confirm.getByRole('button', { name: 'Ban author' }).click();
  await expect(page.getByText(MODERATION_MSG.resolved)).toBeVisible();
  await expect(report).toBeHidden();
  // Focus comes back to the tab's list (the resolved report's buttons are gone).
  await expect(page.getByRole('region', { name: MODERATION_MSG.tabReports })).toBeFocused();

  // The audit log names the person and the content, with links, not ids.
  await page.getByRole('tab', { name: ADMIN_MSG.tabs.audit }).click();
  const banned = page.locator('[data-action="report.ban"]').filter({ hasText: spam }).first();
  await expect(banned.getByRole('link', { name: fullName })).toBeVisible();
  await expect(banned.getByRole('link', { name: `“${spam}”` })).toHaveAttribute(
    'href',
    `/articles/${articleId}#comment-${commentId}`,
  );
  await expect(banned).not.toContainText(commentId);
  const ban = page.locator('[data-action="user.ban"]').filter({ hasText: fullName }).first();
  await expect(ban.getByRole('link', { name: fullName })).toHaveAttribute('href', /^\/profile\//);
  await expectAccessible(page);
  await reviewShots(page, 'admin-audit-by-name', { height: 740 });
});
