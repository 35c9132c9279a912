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
  await methodRow.getByRole('link').click();
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
