import { expect, test } from './fixtures';
import { blockingAxeFindings } from './pages/page-audit';
import { RequestsPage } from './pages/requests-page';
import { SignInPage } from './pages/sign-in-page';

/** The Africa's Talking simulator the e2e server started (scripts/e2e.mjs picks its port). */
const simulator = `http://127.0.0.1:${process.env.SIMULATOR_PORT}`;

test('an administrator asks for an SMS top-up, a second administrator approves it, and the balance grows', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await new SignInPage(page).signIn('admin');
  await page.goto('/en/sms?tab=topup');
  const form = page.getByRole('form', { name: 'Request an SMS top-up' });
  await form.getByLabel('Church or mosque').fill('Sinza');
  await form.getByRole('button', { name: 'Sinza Church (SNZ)' }).click();
  const balanceText = form.getByTestId('sms-topup-balance');
  await expect(balanceText).toHaveText(/^Balance now: \d+ SMS\.$/);
  const before = Number(/(\d+)/.exec((await balanceText.textContent()) ?? '')?.[1]);
  await form.getByLabel('SMS to add').fill('250');
  await form.getByLabel('Note for the approver (optional)').fill('Paid at the Sinza branch counter');
  expect(await blockingAxeFindings(page, 'sms top-up request')).toEqual([]);
  await form.getByRole('button', { name: 'Send for approval' }).click();
  await expect(page.getByText('Top-up request sent for approval.')).toBeVisible();
  const link = form.getByRole('link', { name: /Request \d+: waiting for approval/ });
  const requestUrl = await link.getAttribute('href');
  expect(requestUrl).toMatch(/^\/en\/requests\/\d+$/);

  // Nothing yet: the maker's own request waits, and they cannot approve it.
  await link.click();
  const mine = new RequestsPage(page);
  await expect(mine.statusBadge()).toHaveText('Requested');
  await expect(mine.decisionPanel().getByRole('note')).toHaveText('You made this request, so another person must approve or reject it');

  // A second administrator sees it in the SMS top-ups tab and approves it.
  const checkerContext = await browser.newContext();
  const checkerPage = await checkerContext.newPage();
  await new SignInPage(checkerPage).signIn('checker');
  const checker = new RequestsPage(checkerPage);
  await checker.open('?type=sms-topup');
  await expect(checker.tab(/SMS top-ups/)).toHaveAttribute('aria-selected', 'true');
  await checkerPage.getByRole('link', { name: 'Sinza Church — 250 SMS' }).click();
  await expect(checkerPage.getByText('Paid at the Sinza branch counter')).toBeVisible();
  expect(await blockingAxeFindings(checkerPage, 'sms top-up request detail')).toEqual([]);
  await checker.decide('Approve', 'Payment seen in the counter book');
  await expect(checker.statusBadge()).toHaveText('Approved');
  await checkerContext.close();

  // The balance grew by exactly the amount, and the history says who asked and who approved.
  await page.goto('/en/sms?tab=topup');
  await form.getByLabel('Church or mosque').fill('Sinza');
  await form.getByRole('button', { name: 'Sinza Church (SNZ)' }).click();
  await expect(form.getByTestId('sms-topup-balance')).toHaveText(`Balance now: ${before + 250} SMS.`);
  await page.getByRole('tab', { name: 'Top-up history' }).click();
  const history = page.getByRole('table', { name: 'Top-up history' });
  const row = history.getByRole('row').filter({ hasText: 'Sinza Church' }).filter({ hasText: 'By the bank' }).first();
  await expect(row).toContainText('250');
  await expect(row.getByRole('link', { name: /^Request \d+$/ })).toHaveAttribute('href', requestUrl!);
  expect(await blockingAxeFindings(page, 'sms top-up history')).toEqual([]);
});

test('a branch officer sends an SMS for a church of their branch, chosen in the composer', async ({ page }) => {
  test.setTimeout(90_000);
  await new SignInPage(page).signIn('branch');
  await page.goto('/en/sms');
  const composer = page.getByRole('form', { name: 'New SMS' });
  await composer.getByLabel('Church or mosque').fill('Sinza');
  await composer.getByRole('button', { name: 'Sinza Church (SNZ)' }).click();
  await expect(composer.getByTestId('sms-institution-chosen')).toContainText('Sinza Church');
  await expect(composer.getByTestId('sms-cost')).toContainText(/Balance: \d+ SMS\./);
  await composer.getByRole('radio', { name: 'One number' }).check();
  const phone = `+25571${String(Date.now()).slice(-7)}`;
  await composer.getByLabel('Phone number').fill(phone);
  await composer.getByLabel('Message', { exact: true }).fill('Habari kutoka benki: {church}.');
  expect(await blockingAxeFindings(page, 'sms composer for bank staff')).toEqual([]);
  await composer.getByRole('button', { name: 'Send SMS' }).click();
  await expect(page).toHaveURL(/\/en\/sms\/\d+$/);
  await expect
    .poll(async () => ((await (await page.request.get(`${simulator}/inbox.json?phone=${encodeURIComponent(phone)}`)).json()) as Array<{ message: string }>).map((sms) => sms.message), { timeout: 20_000 })
    .toEqual(['Habari kutoka benki: Sinza Church.']);
});
