import { MSG_AUTH_SAFETY } from '../../common/core/texts';
import { expect, newPerson, test } from '../fixtures';

/* Issue 13: a common password is refused by the server, and the form says so beside the field. */

test('the sign-up form shows that a password is too common, next to the password', async ({ page }) => {
  const person = newPerson();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill('Password1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(MSG_AUTH_SAFETY.commonPassword)).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/auth$/);
});
