import { MSG, MSG_CHECK_INBOX } from '../../common/core/texts';
import { expect, newPerson, reviewShots, test } from '../fixtures';

test("sign-up success text: 'Account created successfully! ...' shows on the check-your-inbox screen", async ({
  page,
}) => {
  const person = newPerson();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: MSG_CHECK_INBOX.title })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(MSG.signUpSuccess);
  await reviewShots(page, 'sign-up-success');
});
