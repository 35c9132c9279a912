import { unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { pdfText } from '../test/factories/pdf-text';
import { expect, test } from './fixtures';
import { SignInPage } from './pages/sign-in-page';

// Issue 16: a treasurer downloads the congregation's year statements from the statistics page as a
// ZIP (one PDF per member, each named after its member) and as one PDF to print.
test('a treasurer downloads every member’s year statement as a ZIP of PDFs and as one PDF', async ({ page }) => {
  test.setTimeout(120_000);
  await new SignInPage(page).signIn('treasurer');
  await page.goto('/en/stats');
  const section = page.getByRole('region', { name: 'Members’ giving statements' });
  await expect(section).toBeVisible({ timeout: 20_000 });

  const [zip] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'ZIP, one PDF per member' }).click()]);
  expect(zip.suggestedFilename()).toMatch(/^statements-\d+-\d{4}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await zip.path())!)));
  const names = Object.keys(files);
  expect(names.length).toBeGreaterThan(1);
  expect(names.every((name) => name.endsWith('.pdf'))).toBe(true);
  const first = names[0]!;
  const text = pdfText(Buffer.from(files[first]!));
  expect(text).toContain('Mwenge Church');
  // The file is named code-First-Last-year.pdf and the PDF names the same member.
  const lastName = first.replace(/-\d{4}\.pdf$/, '').split('-').at(-1)!;
  expect(text).toContain(lastName);

  const [pdf] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'One PDF to print' }).click()]);
  const merged = pdfText(await readFile((await pdf.path())!));
  expect(merged).toContain('Mwenge Church');
  await expect(section.getByRole('button', { name: 'One PDF to print' })).toBeEnabled();
});
