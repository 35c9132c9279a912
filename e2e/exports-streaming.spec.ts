import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { parseCsv } from '../domain/csv-table';
import { expect, test } from './fixtures';
import { SignInPage } from './pages/sign-in-page';

// Issue 16 / ADR 060: an export downloads with progress in the page (rows of the total the server
// announces, read from the stream as it arrives), can be cancelled, and the file opens. The network
// is slowed through the DevTools protocol so the download lasts long enough to be seen.
test('a bank administrator exports transactions with progress, cancels one, and the file opens', async ({ page }) => {
  test.setTimeout(120_000);
  await new SignInPage(page).signIn('admin');
  await page.goto('/en/transactions');
  await page.getByLabel('Date range').selectOption('6m');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled({ timeout: 20_000 });

  const cdp = await page.context().newCDPSession(page);
  const slow = (bytesPerSecond: number) => cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
  await cdp.send('Network.enable');
  await slow(8_000);

  const downloaded = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const bar = page.getByRole('progressbar', { name: 'Download progress' });
  await expect(bar).toBeVisible();
  await expect(page.getByText(/^[\d,]+ of [\d,]+ rows$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Export Excel' })).toBeDisabled();
  const total = Number(await bar.getAttribute('max'));
  expect(total).toBeGreaterThan(0);
  const download = await downloaded;
  await slow(-1);
  await expect(bar).toBeHidden();
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(await readFile((await download.path())!, 'utf8')).filter((row) => row.some((cell) => cell !== ''));
  expect(rows[0]).toContain('Reference number');
  expect(rows.length - 1).toBe(total);

  // Cancel: the bar goes, the page says so, and the buttons work again.
  await slow(2_000);
  await page.getByRole('button', { name: 'Export Excel' }).click();
  await expect(page.getByRole('progressbar', { name: 'Download progress' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel download' }).click();
  await expect(page.getByText('Download cancelled.')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Download progress' })).toBeHidden();
  await slow(-1);

  // Excel at full speed: the workbook opens with the same number of rows.
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Excel' }).click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await xlsx.path())!)) as unknown as ArrayBuffer);
  expect(book.worksheets[0]!.rowCount - 1).toBe(total);
});
