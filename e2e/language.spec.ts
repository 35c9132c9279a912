import { expect, test } from '@playwright/test';
import { Shell } from './pages/shell';
import { SignInPage } from './pages/sign-in-page';

test('Swahili is the default and switching language keeps the page', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Ingia' })).toBeVisible();

  await new SignInPage(page).signIn('treasurer');
  await page.goto('/en/members');
  const shell = new Shell(page);
  await expect(shell.menuLink('Members')).toBeVisible();

  await shell.switchLanguage('Kiswahili');
  await expect(page).toHaveURL(/\/members$/);
  await expect(page).not.toHaveURL(/\/en\//);
  await expect(shell.menu.getByRole('link', { name: 'Waumini' })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'lang');
  expect(cookie?.value).toBe('sw');
  // The cookie lasts a year (spec: 365 days).
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);

  await shell.switchLanguage('English');
  await expect(page).toHaveURL(/\/en\/members$/);
  await expect(shell.menuLink('Members')).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
});
