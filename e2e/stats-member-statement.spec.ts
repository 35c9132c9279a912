import { readFile } from 'node:fs/promises';
import { formatMoney } from '../domain/money';
import { pdfText } from '../test/factories/pdf-text';
import { expect, test } from './fixtures';
import { tokenOf } from './pages/desk-api';
import { SignInPage } from './pages/sign-in-page';

type CachedMember = { id: number; firstName: string; lastName: string; preferredLanguage: string };
type Amount = { currency: string; amount: number };

// Issue 16: a treasurer opens a member's page and presses "Giving statement (PDF)" by keyboard; the
// browser saves the PDF, which names the member, the year, the church and the year's total, in the
// member's own language.
test('a treasurer downloads a member’s year statement from the member page and it opens as the member’s PDF', async ({ page }) => {
  await new SignInPage(page).signIn('treasurer');
  const token = await tokenOf(page);
  const auth = { Authorization: `Bearer ${token}` };
  const cache = (await (await page.request.get('/api/members/cache?limit=50', { headers: auth })).json()) as { data: CachedMember[] };
  const year = new Date().getFullYear();
  // A member who gave this year, so the statement has a total to check.
  let member: CachedMember | undefined;
  let given: Amount[] = [];
  for (const candidate of cache.data) {
    const detail = (await (await page.request.get(`/api/members/${candidate.id}`, { headers: auth })).json()) as { totals: { thisYear: Amount[] } };
    if (detail.totals.thisYear.length === 1) {
      member = candidate;
      given = detail.totals.thisYear;
      break;
    }
  }
  expect(member, 'a demo member gave this year').toBeTruthy();

  await page.goto(`/en/members/${member!.id}`);
  const yearField = page.getByLabel('Statement year');
  await expect(yearField).toHaveValue(String(year), { timeout: 20_000 });
  // Keyboard only: from the year field, Tab reaches the control and Enter presses it.
  await yearField.focus();
  await page.keyboard.press('Tab');
  const control = page.getByRole('button', { name: 'Giving statement (PDF)' });
  await expect(control).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^statement-.+-${year}\\.pdf$`));
  const text = pdfText(await readFile((await download.path())!));

  const sw = member!.preferredLanguage !== 'en';
  expect(text).toContain(`${member!.firstName} ${member!.lastName}`);
  expect(text).toContain(sw ? `Taarifa ya utoaji ${year}` : `Giving statement ${year}`);
  expect(text).toContain('Mwenge Church');
  // The year's total, as the member page counts it, on the statement's totals row.
  const totals = text.slice(text.lastIndexOf(sw ? 'Jumla kuu' : 'Totals'));
  expect(totals.split('\n')[1]).toBe(formatMoney(given[0]!.amount, given[0]!.currency, sw ? 'sw' : 'en'));

  // Another congregation's member is not found for this treasurer.
  const imam = await page.request.post('/api/login', { data: { username: 'imam', password: process.env.DEMO_PASSWORD ?? 'Sadaka@2026' }, headers: { 'x-forwarded-for': '10.77.0.9' } });
  const imamToken = ((await imam.json()) as { token: string }).token;
  const mosqueCache = (await (await page.request.get('/api/members/cache?limit=1', { headers: { Authorization: `Bearer ${imamToken}` } })).json()) as { data: CachedMember[] };
  const outsider = mosqueCache.data[0];
  expect(outsider).toBeTruthy();
  expect((await page.request.get(`/api/members/${outsider!.id}/statement?year=${year}`, { headers: auth })).status()).toBe(404);
});
