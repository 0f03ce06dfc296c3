import type { PlaywrightWorkerArgs } from '@playwright/test';
import { MSG_AUTH_SAFETY } from '../../common/core/texts';
import { expect, myId, newPerson, signUpVerified, test, waitForMail } from '../fixtures';

/*
 * Issue 13, hole 3, in a real browser: a page that loads someone's confirmation link as a picture
 * (as an article's image would) does not sign the reader into that account, and a person who
 * opens another account's link while signed in stays who they were, and is told so.
 */

/** Someone's unconfirmed account and its mailed confirmation link (signed up from another context). */
async function unconfirmedLink(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) {
  const person = newPerson('csrf');
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const res = await request.post('/api/auth/sign-up/email', { data: person });
  expect(res.status(), await res.text()).toBe(200);
  const mail = await waitForMail(person.email, /confirm/i);
  await request.dispose();
  return { person, link: mail.links.find((l) => l.includes('/verify-email'))! };
}

test("a picture pointing at someone's confirmation link does not change who the reader is", async ({
  page,
  playwright,
  baseURL,
}) => {
  const reader = await signUpVerified(page);
  const readerId = await myId(page);
  const attacker = await unconfirmedLink(playwright, baseURL);

  await page.goto('/');
  // The browser itself loads it as an image, with the reader's cookies (Sec-Fetch-Dest: image).
  await page.evaluate(async (src) => {
    await new Promise<void>((resolve) => {
      const img = new Image();
      img.onload = img.onerror = () => resolve();
      img.src = src;
    });
  }, attacker.link);

  expect(await myId(page)).toBe(readerId);
  await page.reload();
  await expect(page.getByRole('button', { name: `Open user menu for ${reader.username}` })).toBeVisible();
});

test("opening another account's confirmation link while signed in keeps the session, and says so", async ({
  page,
  playwright,
  baseURL,
}) => {
  const reader = await signUpVerified(page);
  const readerId = await myId(page);
  const other = await unconfirmedLink(playwright, baseURL);

  await page.goto(other.link);
  await expect(page.getByText(MSG_AUTH_SAFETY.emailConfirmedKeptSession)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await myId(page)).toBe(readerId);
  await expect(page.getByRole('button', { name: `Open user menu for ${reader.username}` })).toBeVisible();

  // The other account was confirmed: it signs in with its password.
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: other.person.email, password: other.person.password },
    headers: { origin: baseURL! },
  });
  expect(signIn.status()).toBe(200);
});
