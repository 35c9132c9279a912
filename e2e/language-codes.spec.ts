import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { tokenOf } from './pages/desk-api';
import { Shell } from './pages/shell';
import { SignInPage } from './pages/sign-in-page';

/**
 * On Swahili pages a person reads Swahili: the codes the server stores (`auth.login`, `share:church`,
 * `invalid_credentials`, location levels) and the names of what the system seeds (role groups,
 * religions) go through the catalogs. Each page is read whole and held to two rules: no raw code,
 * and none of the English words that used to show there.
 */
const RAW_CODE = /\b[a-z]+[.:][a-z_]+\b/;
const ENGLISH = [
  'Bank Administrator',
  'Branch Officer',
  'Union Administrator',
  'Church Treasurer',
  'Mosque Administrator',
  'invalid_credentials',
  'wrong username or password',
  'Signed in',
  'Sign-in failed',
  'Christian',
  'Muslim',
  'clearing',
  'fees',
  'share',
];

async function expectSwahiliOnly(region: Locator, what: string) {
  const text = await region.innerText();
  expect(text.match(RAW_CODE)?.[0] ?? null, `${what}: a raw code`).toBeNull();
  for (const english of ENGLISH) expect(text.includes(english), `${what}: "${english}"`).toBe(false);
}

/** Signs in as the admin in Swahili (the product's default language). */
async function signInSwahili(page: Page) {
  await new SignInPage(page).signIn('admin');
  await new Shell(page).switchLanguage('Kiswahili');
  await expect(page.getByRole('navigation', { name: 'Menyu kuu' })).toBeVisible();
}

test('the activity log says its actions and reasons in Swahili', async ({ page, request }) => {
  // A refused sign-in, from an address of its own so the lockout never touches other specs.
  const refused = await request.post('/api/login', { data: { username: 'admin', password: 'not-the-password-1' }, headers: { 'X-Forwarded-For': '203.0.113.77' } });
  expect(refused.status()).toBe(401);
  await signInSwahili(page);
  await page.goto('/activities');
  const table = page.getByRole('table', { name: 'Kumbukumbu za shughuli' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // The codes are what the rows stand for: the sign-in and the refused one are there, in Swahili.
  await expect(table.locator('td[data-action="auth.login"]').first()).toContainText('Ameingia');
  const failed = table.getByRole('row').filter({ has: page.locator('td[data-action="auth.login_failed"]') }).first();
  await expect(failed).toContainText('Kuingia kumeshindikana');
  await expect(failed).toContainText('jina la mtumiaji au nenosiri si sahihi');
  await expectSwahiliOnly(table, 'activity log');

  // The filter offers areas by name, and filtering by one keeps only its rows.
  await page.getByLabel('Eneo').selectOption({ label: 'Kuingia na manenosiri' });
  await page.getByRole('button', { name: 'Tafuta' }).last().click();
  await expect(table.locator('td[data-action]').first()).toBeVisible();
  const actions = await table.locator('td[data-action]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-action') ?? ''));
  expect(actions.every((action) => action.startsWith('auth.'))).toBe(true);
  await expectSwahiliOnly(page.locator('main'), 'activity log page');
});

test('role groups and users name the seeded roles and levels in Swahili', async ({ page }) => {
  await signInSwahili(page);
  await page.goto('/settings/role-groups');
  const groups = page.getByRole('table').first();
  await expect(groups.getByRole('row', { name: /Msimamizi wa Benki/ })).toBeVisible();
  await expect(groups.getByRole('row', { name: /Afisa wa Tawi/ })).toContainText('Tawi');
  await expectSwahiliOnly(page.locator('main'), 'role groups');

  // An opened group: its title and permission names in Swahili too.
  await groups.getByRole('row', { name: /Mweka Hazina wa Kanisa/ }).getByRole('button').click();
  await expect(page.getByRole('heading', { name: 'Mweka Hazina wa Kanisa' })).toBeVisible();

  await page.goto('/users');
  const users = page.getByRole('table', { name: 'Watumiaji' });
  await expect(users.getByRole('row', { name: /Agnes Mushi/ })).toContainText('Msimamizi wa Benki');
  // The role group column (e-mail addresses elsewhere in the row look like codes and are data).
  const roleColumn = await users.getByRole('columnheader', { name: 'Kundi la majukumu' }).evaluate((cell) => (cell as HTMLTableCellElement).cellIndex);
  const roles = await users.locator(`tbody tr td:nth-child(${roleColumn + 1})`).allInnerTexts();
  expect(roles.length).toBeGreaterThan(3);
  for (const role of roles) {
    expect(role).not.toMatch(RAW_CODE);
    expect(ENGLISH.filter((english) => role.includes(english))).toEqual([]);
  }
});

test("a transaction's ledger names its accounts and shares in Swahili", async ({ page }) => {
  await signInSwahili(page);
  const answer = await page.request.get('/api/transactions?status=completed&method=mobile&limit=1', { headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  const [completed] = ((await answer.json()) as { data: Array<{ id: string }> }).data;
  expect(completed).toBeTruthy();
  await page.goto(`/transactions?id=${completed!.id}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Ingizo la leja' })).toBeVisible();
  // Which shares a ledger holds depends on the offering type (a tithe may give the church 0 %);
  // the latest mobile payment varies with the specs run before, so any share label will do.
  await expect(dialog).toContainText('Akaunti ya usuluhishi');
  await expect(dialog).toContainText(/Sehemu ya (kanisa|fildi|unioni)/);
  await expectSwahiliOnly(dialog, 'transaction detail');
});

test('the religion selector names religions in Swahili', async ({ page }) => {
  await signInSwahili(page);
  const religion = page.locator('#religion-select');
  await expect(religion.locator('option', { hasText: 'Ukristo' })).toHaveCount(1);
  await expect(religion.locator('option', { hasText: 'Uislamu' })).toHaveCount(1);
  await expectSwahiliOnly(page.getByRole('navigation', { name: 'Menyu kuu' }), 'menu');
  await expectSwahiliOnly(religion, 'religion selector');
});
