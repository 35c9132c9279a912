import { expect, test } from './fixtures';
import { blockingAxeFindings } from './pages/page-audit';
import { SignInPage } from './pages/sign-in-page';

const todayEat = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);

/** "Showing 25 of 40 offering types" → [25, 40]. */
async function countLine(text: string): Promise<[number, number]> {
  const match = /Showing ([\d,]+) of ([\d,]+) offering types/.exec(text);
  expect(match, text).not.toBeNull();
  return [Number(match![1]!.replace(/,/g, '')), Number(match![2]!.replace(/,/g, ''))];
}

// ADR 071: the bank administrator's offerings report names every congregation's own types; the page
// shows the first 25 by total (the rest in one row, the footer the whole period's), says how many
// there are, and "Show more" (by keyboard) fetches more without losing the focus. axe-clean.
test('a bank administrator reads the first offering types, how many there are, and shows more by keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await new SignInPage(page).signIn('admin');
  await page.goto('/en/stats');
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill(todayEat());
  await page.getByRole('button', { name: 'Show', exact: true }).click();

  const section = page.locator('section[aria-labelledby="offerings-heading"]');
  const table = section.getByRole('table', { name: 'Offerings report' });
  await expect(table).toBeVisible({ timeout: 20_000 });
  const status = section.getByRole('status');
  await expect(status).toContainText(/Showing [\d,]+ of [\d,]+ offering types/);
  const [shown, types] = await countLine(await status.innerText());
  // The demo bank's congregations name more than 25 types between them since 2020.
  expect(types).toBeGreaterThan(25);
  expect(shown).toBe(25);
  // A row per type fetched, one more for the rest when there is a rest (header and footer rows aside).
  const bodyRows = table.locator('tbody tr');
  await expect(bodyRows).toHaveCount(shown + 1);
  // The chart draws the ten largest and one bar for the other types.
  await expect(section.locator('figure.share-bars g')).toHaveCount(11);
  expect(await blockingAxeFindings(page, '/en/stats (bank administrator, offerings report)')).toEqual([]);

  const more = section.getByRole('button', { name: 'Show more offering types' });
  await expect(bodyRows.last()).toContainText(`Other types (${(types - shown).toLocaleString('en')})`);
  await more.focus();
  await page.keyboard.press('Enter');
  const next = Math.min(50, types);
  await expect(status).toContainText(`Showing ${next.toLocaleString('en')} of ${types.toLocaleString('en')} offering types`, { timeout: 20_000 });
  await expect(bodyRows).toHaveCount(next + (next < types ? 1 : 0));
  // The focus stays on the button, or (when it went away because every type is shown) on the count line.
  const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
  expect(focused).toMatch(next < types ? /Show more offering types/ : /Showing/);
  expect(await blockingAxeFindings(page, '/en/stats (offerings report, more shown)')).toEqual([]);
});
