import { expect, test } from '@playwright/test';
import { Shell } from './pages/shell';
import { SignInPage } from './pages/sign-in-page';

type Hit = { names?: string; code?: string; member?: string; trxId?: string };

test('advanced search finds a seeded member and a seeded transaction', async ({ page }) => {
  await new SignInPage(page).signIn('admin');
  const token = await page.evaluate(() => localStorage.getItem('sadaka.token'));
  const shell = new Shell(page);

  // Pick a real member and transaction from the seed through the same API the screen uses.
  const ask = async (path: string, value: string) => {
    const response = await page.request.post(`/api/${path}/7/0`, { data: { value }, headers: { authorization: `Bearer ${token}`, lang: 'en' } });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: Hit[] }).data;
  };
  const [member] = await ask('searchMember', 'Juma');
  expect(member?.names).toBeTruthy();
  const [transaction] = await ask('searchTransaction', member!.names!.split(' ')[0]!);

  await shell.searchBox().fill('Juma');
  await page.getByRole('tab', { name: 'Member' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(member!.names!);

  if (transaction?.trxId) {
    await shell.searchBox().fill(transaction.trxId);
    await page.getByRole('tab', { name: 'Transaction' }).click();
    await expect(page.getByRole('tabpanel')).toContainText(transaction.trxId);
  } else {
    throw new Error('the seed should hold transactions for a member found by first name');
  }

  // Escape clears and closes the panel.
  await shell.searchBox().press('Escape');
  await expect(shell.searchBox()).toHaveValue('');
  await expect(page.getByRole('tabpanel')).toHaveCount(0);

  // Three or more characters and Search opens the results page.
  await shell.searchBox().fill('Juma');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/en\/search-result\?search=Juma/);
  await expect(page.getByRole('tabpanel')).toContainText('Juma');
  await page.getByRole('tab', { name: 'Member' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(member!.names!);
});

test('a search result opens: a member leads to the member, a transaction to its detail', async ({ page }) => {
  await new SignInPage(page).signIn('admin');
  const shell = new Shell(page);
  await shell.searchBox().fill('Juma');
  await page.getByRole('tab', { name: 'Member' }).click();
  const member = page.getByRole('tabpanel').getByRole('link').first();
  const memberName = (await member.innerText()).trim();
  await member.click();
  await expect(page).toHaveURL(/\/en\/members\/\d+$/);
  await expect(page.getByRole('tabpanel')).toHaveCount(0);

  await shell.searchBox().fill(memberName.split(' ')[0]!);
  await page.getByRole('tab', { name: 'Transaction' }).click();
  await page.getByRole('tabpanel').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/en\/transactions\?id=/);
  const detail = page.getByRole('dialog');
  await expect(detail).toContainText(/Transaction/);
  // A true modal (issue 11): the native <dialog> opened with showModal(), so the list behind is inert
  // and Tab stays inside; focus starts on Close, and Escape closes it and forgets the id.
  expect(await detail.evaluate((element) => element.matches('dialog:modal'))).toBe(true);
  await expect(detail.getByRole('button', { name: 'Close' })).toBeFocused();
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    // (Past the last control Chromium may hand focus to its own toolbar: the document's body, never the page behind.)
    const inside = await detail.evaluate((element) => element.contains(document.activeElement) || document.activeElement === document.body);
    expect(inside, `Tab ${step + 1} stays in the dialog`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await expect(page).toHaveURL(/\/en\/transactions$/);
});
