import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { pdfText } from '../test/factories/pdf-text';
import { expect, test } from './fixtures';
import { blockingAxeFindings } from './pages/page-audit';
import { SignInPage } from './pages/sign-in-page';

const todayEat = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);

// Issue 16: a union administrator reads the statistics, drills down to a church and one of its
// transactions, and exports the offerings report as Excel and PDF (both files parsed here).
test('a union administrator drills from the union to a church and to one transaction, and exports the offerings report', async ({ page }) => {
  test.setTimeout(120_000);
  await new SignInPage(page).signIn('union');
  await page.goto('/en/stats');
  await expect(page.getByRole('heading', { level: 2, name: /^Statistics/ })).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill(todayEat());
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  // The union's figures with every breakdown drawn (the operator section among them) pass axe-core.
  await expect(page.getByRole('table', { name: 'Collected by network operator' })).toBeVisible({ timeout: 20_000 });
  expect(await blockingAxeFindings(page, 'statistics of the union')).toEqual([]);

  // Compare every institution of a level under the union, chosen by keyboard: the level above the default (the churches).
  const level = page.getByRole('combobox', { name: 'Level' });
  await expect(level).toBeVisible({ timeout: 20_000 });
  const compared = page.getByRole('table', { name: 'Collected by institution of the level' });
  await expect(compared).toBeVisible();
  const churchesLevel = await level.inputValue();
  await level.focus();
  await page.keyboard.press('ArrowUp');
  await expect(level).not.toHaveValue(churchesLevel);
  await expect(compared.getByRole('row').nth(1).getByRole('link').first()).toBeVisible({ timeout: 20_000 });
  expect(await blockingAxeFindings(page, 'a level compared under the union')).toEqual([]);

  // The last eight weeks by week, by keyboard: Enter in the period's form, then the arrow key from "By day" to "By week".
  const eightWeeksAgo = new Date(Date.parse(`${todayEat()}T12:00:00Z`) - 55 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(eightWeeksAgo);
  await page.getByLabel('To', { exact: true }).press('Enter');
  const byDay = page.getByRole('radio', { name: 'By day' });
  await expect(byDay).toBeChecked({ timeout: 20_000 });
  await byDay.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'By week' })).toBeChecked();
  const weeks = page.getByRole('table', { name: 'Collections over time' });
  await expect(weeks.getByRole('columnheader', { name: 'Week' })).toBeVisible({ timeout: 20_000 });
  // Eight or nine Monday-to-Sunday weeks (the first and last cut by the period), each amount a link to its transactions.
  expect(await weeks.getByRole('row').count()).toBeGreaterThanOrEqual(9);
  await expect(weeks.getByRole('row').nth(1).getByRole('link').first()).toHaveAttribute('href', /\/en\/transactions\?.*range=custom/);
  expect(await blockingAxeFindings(page, 'the union by week')).toEqual([]);

  // Back to the whole history for the drill-down.
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).press('Enter');
  // Years of history: months are the only grain left.
  await expect(weeks.getByRole('columnheader', { name: 'Month' })).toBeVisible({ timeout: 20_000 });

  // Union → field → district → church: each level's table links one level down, until a church shows its transactions.
  const levels: string[] = [];
  for (let depth = 0; depth < 5; depth++) {
    const below = page.getByRole('table', { name: 'Collected by the level below' });
    const transactions = page.getByRole('table', { name: 'Transactions' });
    await expect(below.or(transactions).first()).toBeVisible({ timeout: 20_000 });
    if (await transactions.isVisible()) break;
    // Other specs register congregations with no money yet; follow an institution that collected something.
    // (The last column counts the givings.)
    const withGivings = below.getByRole('row').filter({ has: page.getByRole('link') }).filter({ hasNot: page.locator('td:last-child').filter({ hasText: /^\s*0\s*$/ }) });
    const link = withGivings.getByRole('link').first();
    const name = await link.innerText();
    levels.push(name);
    await link.click();
    await expect(page.getByRole('heading', { level: 2, name: `Statistics: ${name}` })).toBeVisible();
  }
  expect(levels.length).toBeGreaterThanOrEqual(3);
  // The level above is one click away.
  await expect(page.getByRole('link', { name: `Up to ${levels.at(-2)}` })).toBeVisible();

  // The offerings report of the church, exported and parsed.
  const offerings = page.getByRole('table', { name: 'Offerings report' });
  await expect(offerings).toBeVisible();
  const firstType = (await offerings.getByRole('row').nth(1).getByRole('cell').first().innerText()).trim();
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel', exact: true }).click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await xlsx.path())!)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(String(sheet.getRow(1).getCell(1).value)).toBe('Offering type');
  const titles: string[] = [];
  sheet.eachRow((row, index) => {
    if (index > 1) titles.push(String(row.getCell(1).value));
  });
  expect(titles).toContain(firstType);
  expect(titles.at(-1)).toBe('Totals');
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF', exact: true }).click()]);
  const text = pdfText(await readFile((await pdf.path())!));
  expect(text).toContain('Offerings report');
  expect(text).toContain(firstType);

  // And one transaction of the church, opened from the drill-down.
  const transactions = page.getByRole('table', { name: 'Transactions' });
  await expect(transactions).toBeVisible();
  const reference = transactions.getByRole('link').first();
  const referenceText = (await reference.innerText()).trim();
  await reference.click();
  await expect(page).toHaveURL(/\/en\/transactions\?id=/);
  await expect(page.getByRole('dialog')).toContainText(referenceText);
});
