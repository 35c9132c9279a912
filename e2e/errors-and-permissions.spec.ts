import { expect, test } from '@playwright/test';
import { SignInPage } from './pages/sign-in-page';

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/en/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Oops! Page Not Found' })).toBeVisible();
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
});

test('a page outside the menu shows the no-permission page', async ({ page }) => {
  await new SignInPage(page).signIn('treasurer');
  await page.goto('/en/users');
  await expect(page.getByRole('heading', { name: 'Oops! You have No Permission' })).toBeVisible();
  await expect(page.getByText("Sorry, You don't have permissions to view the page you are looking for")).toBeVisible();
});

test('a signed-out visitor to a private page goes to sign-in', async ({ page }) => {
  await page.goto('/en/dashboard');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
