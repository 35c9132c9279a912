import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { blockingAxeFindings } from './pages/page-audit';
import { Shell } from './pages/shell';
import { SignInPage } from './pages/sign-in-page';

// Issue 16: the dashboard's breakdowns. A union administrator compares this year with the last
// (the chart's values are in the table beside it), follows the level below to its statistics and a
// payment method's figure to the transactions behind it; both languages; no serious axe finding.
test('a union administrator reads the year against the last and follows the figures to the lists behind them', async ({ page }) => {
  test.setTimeout(120_000);
  await new SignInPage(page).signIn('union');
  await page.goto('/en/entityDashboard');
  const section = page.getByRole('region', { name: 'Collections against the last period' });
  await expect(section).toBeVisible();
  await section.getByRole('radio', { name: 'This year' }).check();

  // The chart's table view: one row per month, this year so far and all of last year.
  const overTime = section.getByRole('table', { name: 'Collections over time' });
  await expect(overTime.getByRole('columnheader', { name: 'This year so far' })).toBeVisible();
  await expect(overTime.getByRole('row')).toHaveCount(13);
  await expect(section.locator('figure.trend-chart svg')).toBeVisible();
  expect(await blockingAxeFindings(page, '/en/entityDashboard')).toEqual([]);

  // A payment method's amount opens the transactions of that method in this year.
  const byMethod = section.getByRole('table', { name: 'Collected by payment method' });
  await expect(byMethod).toBeVisible();
  const methodRow = byMethod.getByRole('row').nth(1);
  const methodName = (await methodRow.getByRole('cell').first().innerText()).trim();
  await methodRow.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/en\/transactions\?status=completed&range=custom&from=\d{4}-01-01&to=\d{4}-\d{2}-\d{2}&method=/);
  await expect(page.locator('#tx-method option:checked')).toHaveText(methodName);
  await expect(page.getByRole('region', { name: 'Transactions' }).getByRole('table')).toBeVisible();

  // The level below opens its own statistics for the same period.
  await page.goBack();
  await section.getByRole('radio', { name: 'This year' }).check();
  const below = section.getByRole('table', { name: 'Collected by the level below' });
  const child = below.getByRole('row').nth(1).getByRole('link').first();
  const childName = (await child.innerText()).trim();
  await child.click();
  await expect(page).toHaveURL(/\/en\/stats\/\d+\?from=\d{4}-01-01&to=/);
  await expect(page.getByRole('heading', { level: 2, name: `Statistics: ${childName}` })).toBeVisible();
  await expect(page.getByLabel('From')).toHaveValue(/^\d{4}-01-01$/);

  // The same section in Swahili.
  await page.goto('/en/entityDashboard');
  await new Shell(page).switchLanguage('Kiswahili');
  await expect(page.getByRole('region', { name: 'Makusanyo ukilinganisha na kipindi kilichopita' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Makusanyo kwa muda' })).toBeVisible();
  expect(await blockingAxeFindings(page, 'entityDashboard in Swahili')).toEqual([]);
});

/** Follows a link the way a keyboard user does: focus on it, then Enter. */
async function followByKeyboard(link: Locator) {
  await link.focus();
  await expect(link).toBeFocused();
  await link.press('Enter');
}

// Issue 16: on the bank's /dashboard every figure is a link to the list behind it. The bank
// administrator follows a payment method's count of givings and a registration state's count by
// keyboard, and each list shows the same figure the dashboard did.
test('the bank administrator follows dashboard figures by keyboard to the filtered lists that hold them', async ({ page }) => {
  test.setTimeout(120_000);
  await new SignInPage(page).signIn('admin');
  await page.goto('/en/dashboard');

  // Every summary chart has its table view beside it.
  for (const name of ['Collections by month', 'Collected this year by payment method', 'Collected this year by church or mosque']) {
    await expect(page.getByRole('table', { name })).toBeVisible();
  }
  await expect(page.locator('figure[data-chart="Collections by month"] svg')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Collected this year by branch' })).toBeVisible();
  expect(await blockingAxeFindings(page, '/en/dashboard')).toEqual([]);

  // A payment method's givings: the list holds as many transactions, for the same amount.
  const methodRow = page.getByRole('table', { name: 'Collected this year by payment method' }).getByRole('row').nth(1);
  const [amount, count] = (await methodRow.getByRole('link').allInnerTexts()).map((text) => text.trim());
  await followByKeyboard(methodRow.getByRole('link').nth(1));
  await expect(page).toHaveURL(/\/en\/transactions\?status=completed&range=custom&from=\d{4}-01-01&to=\d{4}-\d{2}-\d{2}&method=/);
  // The list writes its count without grouping ("5678 transactions"), the dashboard with it ("5,678").
  await expect(page.getByRole('list', { name: 'Totals' })).toContainText(`${count!.replace(/\D/g, '')} transactions, ${amount}`);
  await expect(page.getByRole('region', { name: 'Transactions' }).getByRole('table')).toBeVisible();

  // A registration state's count opens the registration summary at that state, with the same count.
  await page.goBack();
  const completed = page.getByRole('link', { name: /^Completed: [\d,]+ registrations$/ });
  const completedCount = (await completed.innerText()).trim();
  await followByKeyboard(completed);
  await expect(page).toHaveURL(/\/en\/requests\?type=registrations&rstatus=completed$/);
  const state = page.getByRole('button', { name: /^Completed/, pressed: true });
  await expect(state).toBeVisible();
  await expect(state.locator('.badge')).toHaveText(completedCount);
  const shown = Math.min(Number(completedCount.replace(/,/g, '')), 20);
  const table = page.getByRole('table', { name: 'Registration summary' });
  if (shown > 0) await expect(table.getByRole('row')).toHaveCount(shown + 1);

  // A pending-approval count opens that kind's requests waiting for a decision.
  await page.goBack();
  const applications = page.getByRole('link', { name: /^Applications: [\d,]+ pending$/ });
  const pendingCount = (await applications.innerText()).trim();
  await followByKeyboard(applications);
  await expect(page).toHaveURL(/\/en\/requests\?type=application&status=requested$/);
  await expect(page.getByRole('tab', { name: /^Applications/, selected: true })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('requested');
  if (pendingCount !== '0') await expect(page.getByRole('tab', { name: /^Applications/ }).locator('.badge')).toHaveText(pendingCount);
  expect(await blockingAxeFindings(page, '/en/requests from the dashboard')).toEqual([]);
});

// The entity dashboard: an offering type's total and a day of this month open the transactions
// behind them (East Africa days), followed by keyboard.
test('a union administrator follows an offering type and a day of the month to their transactions by keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await new SignInPage(page).signIn('union');
  await page.goto('/en/entityDashboard');
  const section = page.getByRole('region', { name: 'Collections against the last period' });
  await section.getByRole('radio', { name: 'This year' }).check();

  const offering = section.getByRole('table', { name: 'Offerings by type and share' }).getByRole('row').nth(1);
  const typeName = (await offering.getByRole('link').first().innerText()).trim();
  await followByKeyboard(offering.getByRole('link').nth(1));
  await expect(page).toHaveURL(/\/en\/transactions\?status=completed&range=custom&from=\d{4}-01-01&to=\d{4}-\d{2}-\d{2}&offeringTypeId=\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Only transactions with a gift to one offering type' })).toBeVisible();
  const rows = page.getByRole('region', { name: 'Transactions' }).getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  expect(typeName.length).toBeGreaterThan(0);

  // A month of this year in the over-time table opens that month's days.
  await page.goBack();
  await section.getByRole('radio', { name: 'This year' }).check();
  const firstMonth = section.getByRole('table', { name: 'Collections over time' }).getByRole('row').nth(1).getByRole('link').first();
  await followByKeyboard(firstMonth);
  await expect(page).toHaveURL(/\/en\/transactions\?status=completed&range=custom&from=(\d{4})-01-01&to=\1-01-(31|\d{2})$/);
  await expect(page.getByLabel('From')).toHaveValue(/^\d{4}-01-01$/);
});
