import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { apiToken } from './pages/give-page';
import { blockingAxeFindings } from './pages/page-audit';
import { SignInPage } from './pages/sign-in-page';

type MemberPage = { data: Array<{ id: number; names: string; code: string; institutionId: number }> };
const qrCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length - (pdf.toString('latin1').match(/\/SMask \d+ 0 R/g) ?? []).length;

// Issue 13: a union administrator filters the server list by church and zone, selects members
// (keyboard too), moves them into a zone of their church, prints their cards and exports them.
test('a union administrator selects members of a church, moves them to a zone, prints and exports the selection', async ({ page, request }) => {
  test.setTimeout(150_000);
  const treasurer = { authorization: `Bearer ${await apiToken(request, 'treasurer')}` };
  const zoneName = `Kanda ya Muungano ${String(Date.now()).slice(-6)}`;
  const created = await request.post('/api/zones', { headers: treasurer, data: { name: zoneName } });
  expect(created.status(), await created.text()).toBe(201);
  const zone = (await created.json()) as { id: number };
  const mwenge = ((await (await request.get('/api/members?limit=20', { headers: treasurer })).json()) as MemberPage).data;
  const [first, second] = mwenge.slice(4, 6);
  expect(second).toBeDefined();

  await new SignInPage(page).signIn('union');
  await page.goto('/en/members');
  await page.getByLabel('Church or mosque', { exact: true }).fill('Mwenge');
  await page.getByRole('list', { name: 'Churches and mosques found' }).getByRole('button', { name: /Mwenge/ }).click();
  await expect(page).toHaveURL(new RegExp(`institutionId=${first!.institutionId}`));
  const table = page.getByRole('table', { name: 'Members' });
  await page.getByLabel('Search members').fill(first!.code);
  await table.getByRole('checkbox', { name: `Select ${first!.names}` }).check();
  await page.getByLabel('Search members').fill(second!.code);
  // The keyboard selects too.
  await table.getByRole('checkbox', { name: `Select ${second!.names}` }).focus();
  await page.keyboard.press('Space');
  const selected = page.getByRole('region', { name: 'Selected members' });
  const bar = selected.getByRole('group', { name: 'Move the selected members' });
  await expect(bar).toBeVisible();
  // The count is said once, by the selection bar, not again by the zone move inside it.
  await expect(selected.getByRole('status')).toHaveText('2 selected');
  await bar.getByLabel('Zone to move them to').selectOption({ label: zoneName });
  expect(await blockingAxeFindings(page, 'staff members with a selection')).toEqual([]);
  await bar.getByRole('button', { name: 'Move to zone' }).click();
  await expect(page.getByText(`2 members moved to ${zoneName}`)).toBeVisible();

  // The zone filter (in the URL) lists exactly those two.
  await page.getByLabel('Search members').fill('');
  await page.getByLabel('Zone', { exact: true }).selectOption({ label: zoneName });
  await expect(page).toHaveURL(new RegExp(`zoneId=${zone.id}`));
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByLabel('Select all on this page').check();
  await expect(selected.getByRole('status')).toHaveText('2 selected');

  const [cards] = await Promise.all([page.waitForEvent('download'), selected.getByRole('button', { name: 'Cards of the selected members (PDF)' }).click()]);
  expect(qrCount(await readFile((await cards.path())!))).toBe(2);
  const [file] = await Promise.all([page.waitForEvent('download'), selected.getByRole('button', { name: 'Export the selected (CSV)' }).click()]);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.trim().split('\n')).toHaveLength(3);
  expect(csv).toContain(first!.code);
  expect(csv).toContain(second!.code);
});
