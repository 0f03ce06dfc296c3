import { randomInt } from 'node:crypto';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type Page } from '@playwright/test';

export { expect };

const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Each test browses from its own address, as if behind a proxy (see playwright.config.ts). */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': randomAddress() });
  },
});

/** Another person in their own browser context (own cookies), browsing from their own address. */
export async function secondBrowser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
  });
  return { context, page: await context.newPage() };
}

/** The signed-in person's id. */
export async function myId(page: Page): Promise<string> {
  const res = await page.request.get('/api/me');
  const body = (await res.json()) as { viewer: { id: string } };
  return body.viewer.id;
}

/** Opens `url` and waits until the page's realtime socket has said hello. */
export async function gotoLive(page: Page, url: string) {
  const hello = new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/api/realtime')) return;
      ws.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"hello"')) resolve();
      });
    });
  });
  await page.goto(url);
  await hello;
}

let n = 0;
export function newPerson(prefix = 'e2e') {
  const id = `${Date.now().toString(36)}${process.pid % 1000}${++n}`;
  return { username: `${prefix}_${id}`, email: `${prefix}.${id}@example.com`, password: 'correct-horse-1' };
}

type KeptMail = {
  to: string;
  subject: string;
  text: string;
  links: string[];
  /** Extra headers the app set (the digest's List-Unsubscribe), as it sent them. */
  headers?: Record<string, string>;
};

/** The app runs without SMTP in end-to-end tests: mails are kept as JSON in its data folder. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<KeptMail> {
  const folder = path.join(process.env.E2E_DATA_DIR!, 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(folder).catch(() => [] as string[]);
    for (const f of files
      .filter((name) => name.endsWith('.json'))
      .sort()
      .reverse()) {
      const mail = JSON.parse(await readFile(path.join(folder, f), 'utf8')) as KeptMail;
      if (mail.to.toLowerCase() === to.toLowerCase() && subject.test(mail.subject)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

/** Sign up through the API and confirm through the mailed link: the page ends signed in. */
export async function signUpVerified(page: Page, person = newPerson()) {
  const res = await page.request.post('/api/auth/sign-up/email', { data: person });
  expect(res.status()).toBe(200);
  const mail = await waitForMail(person.email, /confirm/i);
  await page.goto(mail.links.find((l) => l.includes('/verify-email'))!);
  await expect(page).toHaveURL(/\/(\?|$)/);
  // The app has taken over: the member's own menu replaced the header's loading skeleton (a field
  // typed into before that is replaced with the header, and the typing lost).
  await expect(page.getByRole('button', { name: /^Open user menu for / })).toBeVisible();
  return person;
}

/**
 * Signs in one of playwright.config.ts's super admins (ADMIN_EMAILS), or signs them up and confirms
 * the address the first time. Each spec uses its own address, so specs never race for a sign-up.
 */
export async function signInSuperAdmin(page: Page, email: string, prefix: string) {
  const password = 'correct-horse-1';
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email, password } });
  if (signIn.status() === 200) return;
  await signUpVerified(page, { ...newPerson(prefix), email, password });
}

/**
 * axe-core on the current page: no serious or critical findings.
 *
 * A toast that arrives (or fades) while axe runs, or a live "new posts" pill that pops in because
 * another test posted, is checked at partial opacity. So findings are looked at again once the
 * toasts have gone and every finite animation has ended: a real fault is found a second time; a
 * passing animation is not.
 */
export async function expectAccessible(page: Page) {
  const scan = async () => {
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  };
  const describe = (bad: Awaited<ReturnType<typeof scan>>) =>
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  let bad = await scan();
  if (bad.length > 0) {
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter(
                (a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity,
              ).length,
        ),
      )
      .toBe(0);
    bad = await scan();
  }
  expect(describe(bad)).toEqual([]);
}

/**
 * Screenshots for a person to look at (1280 and 375 px wide): written to
 * `$SHOTS_DIR/<name>-<width>.png` only when SHOTS_DIR names a folder, never in CI. The page
 * gets its viewport back afterwards.
 */
export const SHOTS_DIR = process.env.SHOTS_DIR || null;

export async function reviewShots(
  page: Page,
  name: string,
  { height = 900, fullPage = true }: { height?: number; fullPage?: boolean } = {},
) {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  const before = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage });
  }
  if (before) await page.setViewportSize(before);
}

/**
 * A test's setup written through the API as the page's signed-in person (what the test does not
 * click through): the answer must be 201; its body comes back.
 */
export async function apiCreated<T>(
  page: Page,
  baseURL: string | undefined,
  url: string,
  data: unknown,
): Promise<T> {
  const res = await page.request.post(url, { headers: { origin: baseURL! }, data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}
