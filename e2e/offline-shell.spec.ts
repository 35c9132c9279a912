import { expect, test } from '@playwright/test';
import { Shell } from './pages/shell';
import { SignInPage } from './pages/sign-in-page';

test('after sign-in the shell reloads with no network', async ({ page, context }) => {
  await new SignInPage(page).signIn('treasurer');
  // Wait until the service worker is activated and controls the page (ready can resolve while
  // it is still activating).
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated';
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(new Shell(page).menu).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  const shell = new Shell(page);
  await expect(shell.menu).toBeVisible();
  await expect(shell.menuLink('Members')).toBeVisible();
  await expect(shell.menuLink('Cash receipts')).toBeVisible();
  await context.setOffline(false);
});
