import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { blockingAxeFindings } from './pages/page-audit';
import { SignInPage } from './pages/sign-in-page';

// Issue 13, bulk add: a treasurer imports a CSV with good and bad rows, reads the report, downloads
// it, and finds the new members in the members list. The file is parsed in a Web Worker.
const CSV = [
  'firstName,lastName,phone,gender,country,language',
  'Imani,Faili,0748 901 001,female,TZ,sw',
  'Baraka,Faili,+255748901002,male,TZ,en',
  'Kosa,Faili,0748901003,male,,sw',
].join('\r\n');

test('a treasurer imports members from a CSV, reads the refused line and finds the new members', async ({ page }) => {
  await new SignInPage(page).signIn('treasurer');
  await page.goto('/en/members');

  // Keyboard: the button opens the dialog with Enter, the file input is reachable.
  const open = page.getByRole('button', { name: 'Import members' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Import members from a file' });
  await expect(dialog).toBeVisible();

  // Templates are written in the worker: the English CSV names the columns, the Swahili Excel is a workbook.
  const [csvTemplate] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Template CSV (English)' }).click()]);
  expect(csvTemplate.suggestedFilename()).toBe('members-template.csv');
  expect(await readFile((await csvTemplate.path())!, 'utf8')).toContain('firstName,lastName,phone,gender,country');
  const [xlsxTemplate] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Template Excel (Swahili)' }).click()]);
  expect(xlsxTemplate.suggestedFilename()).toBe('waumini-template.xlsx');
  expect((await readFile((await xlsxTemplate.path())!)).subarray(0, 2).toString()).toBe('PK');

  await dialog.getByLabel('Members file').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(dialog.getByText('members.csv: 3 rows, 2 ready to add, 1 with problems.')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Refused lines' })).toContainText('Please select country');
  expect(await blockingAxeFindings(page, 'members import preview')).toEqual([]);

  await dialog.getByRole('button', { name: 'Add 2 members' }).click();
  await expect(dialog.getByText('Added 2 members; 0 were already there; 1 lines refused.')).toBeVisible();
  const refused = dialog.getByRole('table', { name: 'Refused lines' });
  await expect(refused.getByRole('row')).toHaveCount(2);
  await expect(refused.getByRole('row').nth(1)).toContainText('4');
  await expect(refused.getByRole('row').nth(1)).toContainText('Please select country');
  expect(await blockingAxeFindings(page, 'members import report')).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download the report' }).click()]);
  const report = await readFile((await download.path())!, 'utf8');
  expect(report).toContain('4,Please select country');

  // The same file again adds nobody.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await open.click();
  await dialog.getByLabel('Members file').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await dialog.getByRole('button', { name: 'Add 2 members' }).click();
  await expect(dialog.getByText('Added 0 members; 2 were already there; 1 lines refused.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // An Excel file with the Swahili headers is read in the worker too.
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Waumini');
  sheet.addRow(['jinaLaKwanza', 'jinaLaMwisho', 'simu', 'jinsia', 'nchi']);
  sheet.addRow(['Zawadi', 'Faili', 748901004, 'mwanamke', 'TZ']);
  await open.click();
  await dialog.getByLabel('Members file').setInputFiles({ name: 'waumini.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await workbook.xlsx.writeBuffer()) });
  await expect(dialog.getByText('waumini.xlsx: 1 rows, 1 ready to add, 0 with problems.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByLabel('Search members').fill('Faili');
  const list = page.getByRole('list', { name: 'Members' });
  await expect(list.getByText('Imani Faili')).toBeVisible();
  await expect(list.getByText('Baraka Faili')).toBeVisible();
  await expect(list.getByText('Kosa Faili')).toHaveCount(0);
});

// ADR 053: a union administrator keeps no members itself, so it names the church the file fills
// (the picker offers only the churches and mosques of its own subtree).
test('a union administrator imports members into a church it picks', async ({ page }) => {
  const tail = String(Date.now()).slice(-6);
  const csv = ['firstName,lastName,phone,gender,country', `Neema,Muungano${tail},0749${tail},female,TZ`, `Juma,Muungano${tail},0759${tail},male,TZ`].join('\r\n');
  await new SignInPage(page).signIn('union');
  await page.goto('/en/members');
  await page.getByRole('button', { name: 'Import members' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import members from a file' });
  await dialog.getByLabel('Members file').setInputFiles({ name: 'union.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('union.csv: 2 rows, 2 ready to add, 0 with problems.')).toBeVisible();
  // No church chosen yet: nothing can be sent.
  await expect(dialog.getByRole('button', { name: 'Add 2 members' })).toBeDisabled();
  await dialog.getByLabel('Find the church or mosque the members join (name or code)').fill('Sinza');
  const places = dialog.getByRole('group', { name: 'Church or mosque the members join' });
  await expect(places.getByRole('radio')).toHaveCount(1);
  await places.getByRole('radio', { name: /Sinza Church/ }).check();
  expect(await blockingAxeFindings(page, 'members import place picker')).toEqual([]);
  await dialog.getByRole('button', { name: 'Add 2 members' }).click();
  await expect(dialog.getByText('Added 2 members; 0 were already there; 0 lines refused.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByLabel('Search members').fill(`Muungano${tail}`);
  const rows = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: `Muungano${tail}` });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Sinza Church');
});
