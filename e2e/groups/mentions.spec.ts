import { MENTION_MSG } from '../../common/core/mentions';
import { GROUP_MSG } from '../../common/groups/model';
import {
  apiCreated,
  expect,
  expectAccessible,
  gotoLive,
  myId,
  reviewShots,
  secondBrowser,
  signUpVerified,
  test,
} from '../fixtures';

test('mention someone with the @ picker: the post links to them under their current name, and they are told live', async ({
  page,
  browser,
  baseURL,
}) => {
  const other = await secondBrowser(browser, baseURL);
  const bob = await signUpVerified(other.page);
  const bobId = await myId(other.page);
  await gotoLive(other.page, '/');

  const ann = await signUpVerified(page);
  // Ann follows Bob: the picker offers her connections first.
  const follow = await page.request.post(`/api/connections/${bobId}/follow`, {
    headers: { origin: baseURL! },
  });
  expect(follow.ok()).toBe(true);
  const group = await apiCreated<{ id: string }>(page, baseURL, '/api/groups', {
    name: `Mention Makers ${Date.now().toString(36)}`,
    description: 'People who build things together on weekends.',
    coverImage: null,
  });
  await gotoLive(page, `/groups/${group.id}`);

  // '@' and the first letter of his name: the list offers him; the keyboard picks him.
  const box = page.getByRole('textbox', { name: GROUP_MSG.writePost });
  await box.click();
  await box.pressSequentially('Thanks @');
  const list = page.getByRole('listbox', { name: MENTION_MSG.pickerLabel });
  // Escape closes the offers; a new @ opens them again.
  await expect(list).toBeVisible();
  await box.press('Escape');
  await expect(list).toHaveCount(0);
  await box.press('Backspace');
  await box.pressSequentially(`@${bob.username.slice(0, 1)}`);
  await expect(list.getByRole('option').first()).toContainText(bob.username);
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await expectAccessible(page);
  await reviewShots(page, 'mention-picker', { fullPage: false });
  await box.press('Enter');
  await expect(list).toHaveCount(0);
  await box.pressSequentially('for the bread!');
  await expect(box).toHaveValue(`Thanks @[${bob.username}](${bobId}) for the bread!`);
  await page.getByRole('button', { name: GROUP_MSG.post, exact: true }).click();
  await expect(page.getByText(GROUP_MSG.postCreated)).toBeVisible();

  // Bob renames himself: the saved post shows his current name, linked to his profile.
  const renamed = await other.page.request.patch('/api/profiles/me', {
    headers: { origin: baseURL! },
    data: { fullName: 'Bob the Baker' },
  });
  expect(renamed.ok()).toBe(true);
  await page.reload();
  const post = page.getByRole('article', { name: ann.username });
  const mention = post.getByRole('link', { name: '@Bob the Baker' });
  await expect(mention).toHaveAttribute('href', `/profile/${bobId}`);
  await expect(post).toContainText('Thanks @Bob the Baker for the bread!');
  await reviewShots(page, 'mention-shown', { fullPage: false });

  // Bob's bell counts it live; it names Ann and opens the group.
  await other.page.getByRole('button', { name: /^Notifications/ }).click();
  const notice = other.page.getByRole('button', {
    name: new RegExp(MENTION_MSG.notificationText(ann.username, 'post')),
  });
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(other.page).toHaveURL(new RegExp(`/groups/${group.id}$`));
  await other.context.close();
});
