import { expect, test } from '@playwright/test';
import { Shell } from './pages/shell';
import { SignInPage } from './pages/sign-in-page';

/** What each demo role must and must not find in its server-built menu. */
const ROLES = [
  { username: 'admin', has: ['Dashboard', 'Requests', 'Users', 'Branches', 'Log viewer'], lacks: ['Cash receipts'] },
  { username: 'branch', has: ['Dashboard', 'Requests', 'Transactions'], lacks: ['Branches', 'Cash receipts', 'Role groups'] },
  { username: 'union', has: ['Dashboard', 'Structure', 'Members', 'Offerings'], lacks: ['Requests', 'Users'] },
  { username: 'treasurer', has: ['Dashboard', 'Members', 'Cash receipts'], lacks: ['Requests', 'Users', 'Structure'] },
  { username: 'imam', has: ['Dashboard', 'Members', 'Cash receipts'], lacks: ['Requests', 'Users', 'Branches'] },
] as const;

for (const role of ROLES) {
  test(`${role.username} signs in and sees their own menu`, async ({ page }) => {
    await new SignInPage(page).signIn(role.username);
    const shell = new Shell(page);
    const texts = await shell.menuTexts();
    for (const item of role.has) expect(texts, `${role.username} menu`).toContain(item);
    for (const item of role.lacks) expect(texts, `${role.username} menu`).not.toContain(item);
  });
}

test('a branch user sees their branch name', async ({ page }) => {
  await new SignInPage(page).signIn('branch');
  await expect(page.getByRole('complementary', { name: 'Menu' })).toContainText(/Dar es Salaam/);
});

test('an entity user sees their church name and code', async ({ page }) => {
  const profile = await new SignInPage(page).signInForProfile('treasurer');
  const menuPanel = page.getByRole('complementary', { name: 'Menu' });
  await expect(menuPanel).toContainText(profile.entity ?? 'missing entity');
  await expect(menuPanel).toContainText(profile.entityCode ?? 'missing code');
});

test('the admin chooses the religion they work on, and the choice survives the reload', async ({ page }) => {
  await new SignInPage(page).signIn('admin');
  const select = page.getByLabel('Religion', { exact: true });
  await expect(select).toBeEnabled();
  const options = await select.locator('option:not([disabled])').evaluateAll((nodes) =>
    nodes.map((node) => ({ value: (node as HTMLOptionElement).value, text: node.textContent ?? '' })),
  );
  const christian = options.find((option) => /Christian/.test(option.text));
  const muslim = options.find((option) => /Muslim|Islam/.test(option.text));
  expect(christian && muslim, JSON.stringify(options)).toBeTruthy();

  // setReligion, then the page reloads (spec section 7) and the server's profile holds the choice.
  const choose = async (value: string) => {
    const reloaded = page.waitForEvent('load');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/setReligion') && response.status() === 200);
    await select.selectOption(value);
    await saved;
    await reloaded;
    await expect(page.getByLabel('Religion', { exact: true })).toHaveValue(value);
  };
  await choose(muslim!.value);
  // Put it back: other specs sign in as admin and expect the Christian demo data.
  await choose(christian!.value);
});
