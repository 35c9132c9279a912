import { expect, test } from '@playwright/test';
import { SignInPage } from './pages/sign-in-page';

test('a user on the default password is held on the profile page until they change it', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.submit('newuser', process.env.DEMO_PASSWORD ?? 'Sadaka@2026');
  await expect(page).toHaveURL(/\/en\/profile$/);
  await expect(page.getByRole('note')).toContainText('Change your password before continuing.');

  // Anywhere else sends them back.
  await page.goto('/en/members');
  await expect(page).toHaveURL(/\/en\/profile$/);

  await page.getByLabel('Current password').fill(process.env.DEMO_PASSWORD ?? 'Sadaka@2026');
  await page.getByLabel('New password', { exact: true }).fill('weak');
  await page.getByLabel('Confirm new password').fill('weak');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/en\/profile$/);

  await page.getByLabel('New password', { exact: true }).fill('Fresh#Start2026');
  await page.getByLabel('Confirm new password').fill('Fresh#Start2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('note')).toHaveCount(0);
  await page.goto('/en/members');
  await expect(page).toHaveURL(/\/en\/members$/);
});
