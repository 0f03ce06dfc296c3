import type { Page } from '@playwright/test';
import { DIGEST_MSG } from '../../common/digests/model';
import {
  expect,
  expectAccessible,
  myId,
  secondBrowser,
  signInSuperAdmin,
  signUpVerified,
  test,
  waitForMail,
} from '../fixtures';

// A super admin of playwright.config.ts's ADMIN_EMAILS only this spec uses: runs the digest job.
const ADMIN_EMAIL = 'e2e-digest-admin@example.com';
const signInAdmin = (page: Page) => signInSuperAdmin(page, ADMIN_EMAIL, 'digest');

const settingsDigest = async (page: Page) =>
  (await (await page.request.get('/api/settings/digest')).json()) as { frequency: string };

test('a member away gets the digest mail; its links unsubscribe without sign-in, a tampered one is refused', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  // The member chooses a daily digest in Settings.
  const person = await signUpVerified(page);
  const id = await myId(page);
  await page.goto('/settings?tab=notifications');
  const digest = page.getByRole('radiogroup', { name: DIGEST_MSG.settingLabel });
  await expect(digest.getByRole('radio', { name: 'Weekly' })).toBeChecked();
  await digest.getByRole('radio', { name: 'Daily' }).check();
  await expect(page.getByText(DIGEST_MSG.saved)).toBeVisible();
  expect(await settingsDigest(page)).toEqual({ frequency: 'daily' });

  // Something new for them while they are away: another member asks to connect.
  const other = await secondBrowser(browser, baseURL);
  await signUpVerified(other.page);
  const otherId = await myId(other.page);
  expect((await other.page.request.post(`/api/connections/${id}/request`)).status()).toBe(200);

  // The digest job runs the day after tomorrow: the member has been away since yesterday.
  const admin = await secondBrowser(browser, baseURL);
  await signInAdmin(admin.page);
  const at = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString();
  const run = await admin.page.request.post('/api/test/jobs/digests', { data: { at } });
  expect(run.status(), await run.text()).toBe(200);
  expect(((await run.json()) as { result: { sent: number } }).result.sent).toBeGreaterThanOrEqual(1);
  // Nobody else runs it.
  expect((await other.page.request.post('/api/test/jobs/digests', { data: { at } })).status()).toBe(403);
  await admin.context.close();

  // The mail, as the mail store caught it: what is new, and both ways to unsubscribe.
  const mail = await waitForMail(person.email, /Cofound digest/);
  expect(mail.subject).toBe('Your daily Cofound digest');
  expect(mail.text).toContain('Unread notifications: 1');
  const pageLink = mail.links.find((l) => new URL(l).pathname === '/unsubscribe');
  expect(pageLink, mail.links.join('\n')).toBeDefined();
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const oneClick = /^<([^>]+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
  expect(oneClick, JSON.stringify(mail.headers)).toMatch(/\/api\/digests\/unsubscribe\?token=/);
  const token = new URL(pageLink!).searchParams.get('token')!;
  expect(new URL(oneClick!).searchParams.get('token')).toBe(token);

  // RFC 8058: a mail client POSTs to the header's address, with no cookie.
  const visitor = await secondBrowser(browser, baseURL);
  const clicked = await visitor.context.request.post(oneClick!, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(clicked.status(), await clicked.text()).toBe(200);
  expect(await settingsDigest(page)).toEqual({ frequency: 'off' });

  // Back to daily; then the mail's link, opened where nobody is signed in: opening changes nothing,
  // the button does.
  await page.reload();
  await digest.getByRole('radio', { name: 'Daily' }).check();
  await expect(page.getByText(DIGEST_MSG.saved).first()).toBeVisible();
  expect(await settingsDigest(page)).toEqual({ frequency: 'daily' });
  await visitor.page.goto(pageLink!);
  await expect(visitor.page.getByText(DIGEST_MSG.unsubscribeQuestion)).toBeVisible();
  await expectAccessible(visitor.page);
  expect(await settingsDigest(page)).toEqual({ frequency: 'daily' });
  await visitor.page.getByRole('button', { name: DIGEST_MSG.unsubscribeButton }).click();
  await expect(visitor.page.getByText(DIGEST_MSG.unsubscribed)).toBeVisible();
  await page.reload();
  await expect(digest.getByRole('radio', { name: 'Off' })).toBeChecked();

  // A tampered link is refused: the signature altered, or another member's id under it.
  await page
    .getByRole('radiogroup', { name: DIGEST_MSG.settingLabel })
    .getByRole('radio', { name: 'Daily' })
    .check();
  await expect.poll(async () => (await settingsDigest(page)).frequency).toBe('daily');
  const [, signature] = token.split('.') as [string, string];
  const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
  for (const bad of [`${id}.${flipped}`, `${otherId}.${signature}`]) {
    const tampered = new URL(pageLink!);
    tampered.searchParams.set('token', bad);
    await visitor.page.goto(tampered.toString());
    await visitor.page.getByRole('button', { name: DIGEST_MSG.unsubscribeButton }).click();
    await expect(visitor.page.getByText(DIGEST_MSG.invalidLink)).toBeVisible();
    const post = new URL(oneClick!);
    post.searchParams.set('token', bad);
    expect(
      (await visitor.context.request.post(post.toString(), { data: 'List-Unsubscribe=One-Click' })).status(),
    ).toBe(403);
  }
  await visitor.context.close();
  await other.context.close();
  expect(await settingsDigest(page)).toEqual({ frequency: 'daily' });
});
