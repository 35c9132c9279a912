import { expect, test } from './fixtures';
import { answerOnHandset, GivePage, guestPhone } from './pages/give-page';

// Issue 4: a guest gives by mobile money, the push is answered on the Selcom simulator's
// "simulated handset" (a second page), or refused, or never answered (the e2e server makes the
// push timeout short, PAYMENT_PUSH_TIMEOUT_SECONDS).
test.describe('giving page, mobile money', () => {
  test('a guest gives to a church, accepts on the simulated handset and sees the receipt', async ({ page, context }) => {
    const give = new GivePage(page);
    const phone = guestPhone(7); // 5–9: the simulator waits for the handset
    await give.open();
    await give.enterPhone(phone.national);
    await give.continueAsGuest();
    await give.chooseChurch('Mwenge', /Mwenge Church/);
    await give.giveAmount('1,500');
    await expect(page.getByText('Vodacom M-Pesa')).toBeVisible();
    await give.payByMobile();

    await answerOnHandset(context, phone.e164, 'Accept');

    const receiptNo = await give.receiptNumber();
    expect(receiptNo).not.toBe('');
    await expect(page.getByText('Mwenge Church')).toBeVisible();
    // The receipt survives a reload: the tab remembers the payment it followed.
    await page.reload();
    await expect(give.receipt()).toBeVisible();
    await expect(page.getByTestId('receipt-number')).toHaveText(receiptNo);
  });

  test('a refused push says so and "Try again" sends a new push', async ({ page }) => {
    const give = new GivePage(page);
    const phone = guestPhone(1); // 1: refused on the phone
    await give.open();
    await give.enterPhone(phone.national);
    await give.continueAsGuest();
    await give.chooseChurch('MWG', /Mwenge Church/);
    await give.giveAmount('2000');
    const first = page.waitForResponse((response) => response.url().endsWith('/api/payments') && response.request().method() === 'POST');
    await give.payByMobile();
    const firstId = ((await (await first).json()) as { id: string }).id;

    await expect(give.failure()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('alert')).toHaveText('The payment was refused on the phone.');

    const second = page.waitForResponse((response) => response.url().endsWith('/api/payments') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Try again' }).click();
    const retry = await second;
    expect(retry.status()).toBe(201);
    const secondId = ((await retry.json()) as { id: string }).id;
    expect(secondId).not.toBe(firstId);
    expect(retry.request().headers()['idempotency-key']).toBeTruthy();
    // The same number refuses again: the new push ends the same way.
    await expect(give.failure()).toBeVisible({ timeout: 20_000 });
  });

  test('a push nobody answers times out with its message and a way to try again', async ({ page }) => {
    test.setTimeout(90_000);
    const give = new GivePage(page);
    const phone = guestPhone(3); // 3: never answered
    await give.open();
    await give.enterPhone(phone.national);
    await give.continueAsGuest();
    await give.chooseChurch('Mwenge', /Mwenge Church/);
    await give.giveAmount('500');
    await give.payByMobile();
    await expect(give.failure()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('alert')).toHaveText('The payment request timed out: it was not confirmed on the phone in time.');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  test('the page is Swahili at /give-offerings, English at /en/give-offerings, and switches in place', async ({ page }) => {
    // The first screen is pre-rendered and hydrated: a mismatch would be logged as an error.
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const give = new GivePage(page);
    await page.goto('/give-offerings');
    await expect(page.getByRole('heading', { name: 'Namba yako ya simu' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await page.getByLabel('Namba ya simu', { exact: true }).fill('0754 123');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\/give-offerings$/);
    await expect(page.getByRole('heading', { name: 'Your phone number' })).toBeVisible();
    // What was typed stays.
    await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue('0754 123');
    // The choice is remembered: the Swahili address now opens in English.
    await page.goto('/give-offerings');
    await expect(page).toHaveURL(/\/en\/give-offerings$/);
    await give.open('/en/give-offerings');
    expect(consoleErrors).toEqual([]);
  });
});
