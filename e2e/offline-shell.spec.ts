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

test('switching language with no network keeps the menu and the page, in the new language', async ({ page, context }) => {
  // Signed in in English only: the Swahili menu was never fetched, so it cannot come from the cache.
  await new SignInPage(page).signIn('treasurer');
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated';
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const shell = new Shell(page);
  await expect(shell.menuLink('Members')).toBeVisible();
  const religionUnderMenuHeader = page.locator('.menu-header-sub').first();
  await expect(religionUnderMenuHeader).toHaveText('Christian');

  await context.setOffline(true);
  await shell.switchLanguage('Kiswahili');
  await expect(page).not.toHaveURL(/\/en(\/|$)/);
  await expect(shell.menuLink('Waumini')).toBeVisible();
  // The profile kept offline was fetched in English; the religion under the header follows the switch.
  await expect(religionUnderMenuHeader).toHaveText('Ukristo');
  await expect(shell.menuLink('Stakabadhi za fedha taslimu')).toBeVisible();
  // The dashboard needs the server: instead of an endless "Inapakia…" it says why, in Swahili,
  // and loads by itself when the connection returns.
  await expect(page.getByRole('main').getByRole('status')).toContainText('Huna mtandao');
  await context.setOffline(false);
  await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
  await expect(shell.menuLink('Waumini')).toBeVisible();
});
