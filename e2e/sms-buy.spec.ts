import { expect, test } from './fixtures';
import { guestPhone } from './pages/give-page';
import { blockingAxeFindings } from './pages/page-audit';
import { SignInPage } from './pages/sign-in-page';

/**
 * ADR 058: a union administrator buys SMS for a church below the union with mobile money. The push
 * goes through the real Selcom client to the simulator, which answers by itself for a number ending
 * in 0 and calls the purchases' webhook; the form follows the purchase to "Paid", the balance grows
 * by exactly the number bought, and the top-up history shows it as bought with mobile money.
 */
test('a union administrator buys SMS with mobile money for a church; the simulator pays and the balance grows', async ({ page }) => {
  test.setTimeout(120_000);
  await new SignInPage(page).signIn('union');
  await page.goto('/en/sms?tab=buy');
  const balance = page.getByTestId('sms-balance');
  await expect(balance).toHaveText(/^SMS balance: \d+ of \d+$/, { timeout: 30_000 });
  const before = Number(/(\d+) of/.exec((await balance.textContent()) ?? '')?.[1]);

  const form = page.getByRole('form', { name: 'Buy SMS with mobile money' });
  await form.getByRole('radio', { name: 'A church or mosque below us' }).check();
  await form.getByRole('searchbox', { name: 'Church or mosque' }).fill('Sinza');
  await form.getByRole('button', { name: 'Sinza Church (SNZ)' }).click();
  await expect(form.getByTestId('sms-buy-institution-chosen')).toContainText('Sinza Church');
  await expect(form.getByTestId('sms-buy-total')).toHaveText(/^Price: (TSh|TZS)\s?30 per SMS$/);
  await form.getByLabel('Number of SMS').fill('25');
  await expect(form.getByTestId('sms-buy-total')).toHaveText(/^25 SMS × (TSh|TZS)\s?30 = (TSh|TZS)\s?750$/);
  const phone = guestPhone(0); // 0: the simulator accepts by itself
  await form.getByLabel('Mobile-money phone that pays').fill(phone.national);
  expect(await blockingAxeFindings(page, 'buy sms form')).toEqual([]);

  const started = page.waitForResponse((response) => response.url().endsWith('/api/sms/purchases') && response.request().method() === 'POST');
  await form.getByRole('button', { name: 'Pay and buy' }).click();
  const purchase = (await (await started).json()) as { id: string; status: string; referenceNo: string };
  expect(purchase.status).toBe('pending');
  await expect(form.getByTestId('sms-buy-state')).toContainText(/Waiting for the payment|Paid/);
  await expect(form.getByTestId('sms-buy-state')).toContainText('Paid', { timeout: 30_000 });
  await expect(form.getByTestId('sms-buy-state')).toContainText('25 SMS added to Sinza Church.');
  expect(await blockingAxeFindings(page, 'buy sms form, paid')).toEqual([]);

  // The union's balance (its whole scope) grew by exactly the number bought.
  await expect(balance).toHaveText(new RegExp(`^SMS balance: ${before + 25} of \\d+$`), { timeout: 20_000 });
  await page.getByRole('tab', { name: 'Top-up history' }).click();
  const history = page.getByRole('table', { name: 'Top-up history' });
  const row = history.getByRole('row').filter({ hasText: purchase.referenceNo });
  await expect(row).toContainText('Sinza Church');
  await expect(row).toContainText('Bought with mobile money');
  await expect(row).toContainText('25');
  expect(await blockingAxeFindings(page, 'sms top-up history with a purchase')).toEqual([]);
});
