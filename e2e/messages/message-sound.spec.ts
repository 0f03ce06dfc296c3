import { randomUUID } from 'node:crypto';
import { MESSAGING } from '../../common/messages/model';
import { expect, gotoLive, myId, secondBrowser, signUpVerified, test } from '../fixtures';

declare global {
  interface Window {
    playedSounds: { src: string; volume: number }[];
  }
}

test('a new message plays the sound at volume 0.3; the Settings switch mutes it', async ({
  page,
  browser,
  baseURL,
}) => {
  // Record what the page plays instead of playing it.
  await page.addInitScript(() => {
    window.playedSounds = [];
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      window.playedSounds.push({ src: this.src, volume: this.volume });
      return Promise.resolve();
    };
  });
  await signUpVerified(page);
  const receiverId = await myId(page);
  const other = await secondBrowser(browser, baseURL);
  await signUpVerified(other.page);
  const send = async (content: string) => {
    const res = await other.page.request.post('/api/messages', {
      data: { receiverId, clientId: randomUUID(), content },
    });
    expect(res.status(), await res.text()).toBe(201);
  };

  await gotoLive(page, '/settings?tab=notifications');
  const sound = page.getByRole('switch', { name: 'New message sound' });
  await expect(sound).toBeChecked();
  await send('First: you should hear this');
  await expect
    .poll(() => page.evaluate(() => window.playedSounds))
    .toEqual([{ src: `${baseURL}/sounds/new-message.wav`, volume: MESSAGING.soundVolume }]);
  // The file is served as audio.
  const file = await page.request.get('/sounds/new-message.wav');
  expect(file.headers()['content-type']).toBe('audio/wav');

  await sound.click();
  await expect(sound).not.toBeChecked();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/settings')).json()) as { messageSound: boolean }).messageSound,
    )
    .toBe(false);
  await send('Second: silent');
  await expect(page.getByRole('button', { name: /^Messages, 2 unread/ })).toBeVisible();
  expect(await page.evaluate(() => window.playedSounds.length)).toBe(1);
  await other.context.close();
});
