import { expect, test } from './fixtures';
import { blockingAxeFindings } from './pages/page-audit';
import { RequestsPage } from './pages/requests-page';
import { SignInPage } from './pages/sign-in-page';

/**
 * Affiliation (ADR 052): one administrator asks to move Njiro Church from Arusha Town District to
 * Moshi District; nothing moves until the `checker` approves; then the tree shows it under Moshi.
 */
test('a move asked by one admin and approved by the checker puts the church under its new parent in the tree', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await new SignInPage(page).signIn('admin');
  await page.goto('/en/affiliation');
  await expect(page.getByRole('heading', { name: 'Affiliation', level: 2 })).toBeVisible();
  await page.getByLabel('Search by name or code').fill('Njiro');
  await page.getByRole('table', { name: 'Institutions' }).getByRole('link', { name: 'Njiro Church', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Affiliation of Njiro Church', level: 2 })).toBeVisible();
  const now = page.getByRole('region', { name: 'Where it belongs now' });
  await expect(now.getByRole('link', { name: 'Arusha Town District' })).toBeVisible();
  await expect(page.getByText('It has never been moved')).toBeVisible();
  expect(await blockingAxeFindings(page, '/en/affiliation/{id}')).toEqual([]);

  const form = page.getByRole('form', { name: 'Request a move' });
  await form.getByRole('button', { name: 'Request the move' }).click();
  await expect(form.getByRole('alert')).toHaveText('Choose the new parent');
  await form.getByLabel('Search parents').fill('Moshi');
  const parent = form.getByLabel('New parent');
  await expect(parent.locator('option', { hasText: 'Moshi District' })).toHaveCount(1);
  await parent.selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Request the move' }).click();
  const pending = page.getByRole('region', { name: 'Move waiting for approval' });
  await expect(pending).toContainText('move under Moshi District');
  await expect(form).toHaveCount(0);
  // Nothing has moved yet.
  await expect(now.getByRole('link', { name: 'Arusha Town District' })).toBeVisible();
  const requestPath = await pending.getByRole('link', { name: 'Open the request' }).getAttribute('href');
  expect(requestPath).toMatch(/^\/en\/requests\/\d+$/);

  const checkerContext = await browser.newContext();
  const checkerPage = await checkerContext.newPage();
  await new SignInPage(checkerPage).signIn('checker');
  await checkerPage.goto(requestPath!);
  const checker = new RequestsPage(checkerPage);
  await expect(checkerPage.getByRole('heading', { name: 'Move under another parent' })).toBeVisible();
  await checker.decide('Approve', 'Moshi District serves the congregation now');
  await expect(checker.statusBadge()).toHaveText('Approved');

  // The tree: Njiro Church now sits under Moshi District, and no longer under Arusha Town District.
  await checkerPage.goto('/en/structure');
  await checkerPage.getByRole('link', { name: 'East Coast Tanzania Union', exact: true }).click();
  await checkerPage.getByRole('link', { name: 'Northern Highlands Field', exact: true }).click();
  await checkerPage.getByRole('link', { name: 'Moshi District', exact: true }).click();
  await expect(checkerPage.getByRole('heading', { name: 'Structure: Moshi District' })).toBeVisible();
  await expect(checkerPage.getByRole('row', { name: /Njiro Church/ })).toBeVisible();
  await checkerContext.close();

  await page.reload();
  await expect(now.getByRole('link', { name: 'Moshi District' })).toBeVisible();
  const history = page.getByRole('table', { name: 'Earlier moves' });
  await expect(history.getByRole('row', { name: /Arusha Town District.*Moshi District.*Joseph Temba/ })).toBeVisible();
});
