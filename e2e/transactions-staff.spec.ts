import { formatMoney } from '../domain/money';
import { expect, test } from './fixtures';
import { apiToken, GivePage, guestPhone } from './pages/give-page';
import { SignInPage } from './pages/sign-in-page';

type Settlement = { data: Array<{ day: string; institution: { title: string }; gross: number; count: number }> };
const todayEat = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);

// Issue 4: staff find a payment made on the giving page in /transactions, and in that day's settlement.
test('the treasurer finds a guest gift in transactions and in the settlement of the day', async ({ page, request }) => {
  const token = await apiToken(request, 'treasurer');
  const today = todayEat();
  const settlementOf = async () => {
    const answer = await request.get(`/api/settlements?from=${today}&to=${today}`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.ok()).toBeTruthy();
    const row = ((await answer.json()) as Settlement).data.find((entry) => entry.day === today && entry.institution.title === 'Mwenge Church');
    return { gross: row?.gross ?? 0, count: row?.count ?? 0 };
  };
  const before = await settlementOf();

  // A guest gives 1,234 TZS; the number ends in 0, so the simulator accepts the push by itself.
  const give = new GivePage(page);
  const phone = guestPhone(0);
  await give.open();
  await give.enterPhone(phone.national);
  await give.continueAsGuest();
  await give.chooseChurch('Mwenge', /Mwenge Church/);
  const created = page.waitForResponse((response) => response.url().endsWith('/api/payments') && response.request().method() === 'POST');
  await give.giveAmount('1,234');
  await give.payByMobile();
  const reference = ((await (await created).json()) as { referenceNo: string }).referenceNo;
  const receiptNo = await give.receiptNumber();

  // Staff side, in a clean session.
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await new SignInPage(page).signIn('treasurer');
  await page.goto('/en/transactions');
  await page.getByLabel('Date range').selectOption('today');
  await page.getByLabel('Status').selectOption('completed');
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(reference);
  const row = page.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('Vodacom M-Pesa');
  await row.getByRole('button', { name: `Open transaction ${reference}` }).click();
  const detail = page.getByRole('dialog');
  await expect(detail).toContainText(receiptNo);
  await expect(detail).toContainText('Ledger entry');
  await detail.getByRole('button', { name: 'Close' }).click();

  const after = await settlementOf();
  expect(after.count).toBe(before.count + 1);
  expect(after.gross).toBe(before.gross + 123_400);
  await page.getByRole('link', { name: 'Settlement history' }).click();
  await expect(page).toHaveURL(/\/en\/transactions\/settlements$/);
  const day = page.getByRole('row', { name: new RegExp(`${today}.*Mwenge Church`) });
  await expect(day).toBeVisible();
  await expect(day).toContainText(formatMoney(after.gross, 'TZS', 'en'));
});
