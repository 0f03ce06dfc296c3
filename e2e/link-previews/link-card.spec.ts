import { createServer, type Server } from 'node:http';
import sharp from 'sharp';
import { LINK_PREVIEW_MSG } from '../../common/core/link-previews';
import { MESSAGING_MSG } from '../../common/messages/model';
import { E2E_LINK_PAGES_PORT } from '../../playwright.config';
import {
  expect,
  expectAccessible,
  myId,
  reviewShots,
  secondBrowser,
  signUpVerified,
  test,
} from '../fixtures';

/*
 * Link cards (docs/decisions/028): a page on loopback, allowed by LINK_PREVIEW_ALLOW_HOSTS (see
 * playwright.config.ts), previewed in the composer, shown in the sent message to both people, and
 * a card taken off before sending. The card's picture is served by the app, never by the page.
 */

const PAGES = `http://127.0.0.1:${E2E_LINK_PAGES_PORT}`;
let pages: Server;
const asked: string[] = [];

test.beforeAll(async () => {
  const picture = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  pages = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url === '/cover.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head>
      <title>Harbour Analytics</title>
      <meta property="og:title" content="Harbour Analytics: the seed deck">
      <meta property="og:description" content="Twelve slides on how small ports cut idle berth time by a third.">
      <meta property="og:site_name" content="Harbour Analytics">
      <meta property="og:image" content="/cover.png">
    </head><body>Deck</body></html>`);
  });
  await new Promise<void>((resolve) => pages.listen(E2E_LINK_PAGES_PORT, '127.0.0.1', resolve));
});

test.afterAll(() => {
  pages.closeAllConnections();
  pages.close();
});

test('a link in a message shows its card to both people, and the author can take a card off before sending', async ({
  page,
  browser,
  baseURL,
}) => {
  const b = await secondBrowser(browser, baseURL);
  const receiver = await signUpVerified(b.page);
  const receiverId = await myId(b.page);
  const sender = await signUpVerified(page);
  const senderId = await myId(page);

  await page.goto(`/messages?with=${receiverId}`);
  const box = page.getByPlaceholder(MESSAGING_MSG.typeMessage);
  const form = page.locator('form').filter({ has: box });
  await box.fill(`Our deck: ${PAGES}/deck have a look`);
  const draftCard = form.getByTestId('link-card');
  await expect(draftCard).toContainText('Harbour Analytics: the seed deck');
  await reviewShots(page, 'link-card-composer', { fullPage: false });
  await box.press('Enter');

  const thread = page.getByRole('region', { name: `Messages with ${receiver.username}` });
  const card = thread.getByRole('link', {
    name: LINK_PREVIEW_MSG.cardLabel('Harbour Analytics: the seed deck'),
  });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Twelve slides on how small ports');
  await expect(card).toHaveAttribute('href', `${PAGES}/deck`);
  // The picture is our re-encoded copy, served by the app.
  await expect(card.locator('img')).toHaveAttribute('src', /^\/files\/link-previews\/.+\.webp$/);
  expect(asked.filter((u) => u === '/deck')).toHaveLength(1);

  // The receiver sees the same card, without the server asking the page again.
  await b.page.goto(`/messages?with=${senderId}`);
  const theirThread = b.page.getByRole('region', { name: `Messages with ${sender.username}` });
  await expect(
    theirThread.getByRole('link', { name: LINK_PREVIEW_MSG.cardLabel('Harbour Analytics: the seed deck') }),
  ).toBeVisible();
  expect(asked.filter((u) => u === '/deck')).toHaveLength(1);

  // Taking the card off: the link stays a link, written <…> in the text, and no card is sent.
  await box.fill(`Same deck, no card: ${PAGES}/deck`);
  await expect(draftCard).toBeVisible();
  await expectAccessible(page);
  await reviewShots(page, 'link-card-thread');
  await form.getByRole('button', { name: LINK_PREVIEW_MSG.remove }).click();
  await expect(draftCard).toHaveCount(0);
  await expect(box).toHaveValue(`Same deck, no card: <${PAGES}/deck>`);
  await box.press('Enter');
  const plain = thread.getByText('Same deck, no card:');
  await expect(plain).toBeVisible();
  await expect(plain.getByRole('link', { name: `${PAGES}/deck` })).toBeVisible();
  await expect(thread.getByTestId('link-card')).toHaveCount(1);

  // Sent at once, before the composer asked: the card comes all the same.
  await box.fill(`And the one-pager: ${PAGES}/one-pager`);
  await box.press('Enter');
  await expect(thread.getByTestId('link-card')).toHaveCount(2);
  expect(asked.filter((u) => u === '/one-pager')).toHaveLength(1);
  await b.context.close();
});
