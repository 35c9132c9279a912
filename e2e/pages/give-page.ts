import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './sign-in-page';

/**
 * The public giving page (/give-offerings), driven in English like a person would. Guests get a
 * fresh random number ending in the digit the test wants: the Selcom simulator decides by the last
 * digit (0 accepts, 1 refuses, 2 no funds, 3 never answers, 5–9 wait for the simulated handset).
 */
export class GivePage {
  constructor(readonly page: Page) {}

  async open(path = '/en/give-offerings') {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { name: 'Your phone number' })).toBeVisible();
  }

  /** Types a number and looks it up; a random guest number that happens to be a member's is given as a guest anyway. */
  async enterPhone(national: string) {
    await this.page.getByLabel('Phone number', { exact: true }).fill(national);
    await this.page.getByRole('button', { name: 'Continue' }).click();
    await expect(this.page.getByRole('heading', { name: /^(This Phone number is Not Found|Welcome, )/ })).toBeVisible();
  }

  async continueAsGuest() {
    const notFound = this.page.getByRole('heading', { name: 'This Phone number is Not Found' });
    if (await notFound.isVisible()) await this.page.getByRole('button', { name: 'Continue as guest' }).click();
    else await this.page.getByRole('button', { name: 'Give to another church or mosque' }).click();
  }

  async chooseChurch(search: string, title: RegExp) {
    await this.page.getByLabel('Name or code of the church or mosque').fill(search);
    await this.page.getByRole('list', { name: 'Churches and mosques found' }).getByRole('button', { name: title }).click();
  }

  /** The first offering type gets the amount (in shillings as typed). */
  async giveAmount(amount: string) {
    const form = this.page.getByRole('form', { name: /^Give to / });
    await form.getByRole('textbox').first().fill(amount);
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(this.page.getByRole('heading', { name: 'How would you like to pay?' })).toBeVisible();
  }

  async payByMobile() {
    await this.page.getByRole('button', { name: /^Pay / }).click();
    await expect(this.waiting()).toBeVisible();
  }

  waiting() {
    return this.page.getByRole('heading', { name: 'A payment request has been sent to your phone' });
  }

  receipt() {
    return this.page.getByRole('heading', { name: 'Thank you! Your offering has been received.' });
  }

  failure() {
    return this.page.getByRole('heading', { name: 'Payment not completed' });
  }

  async receiptNumber(): Promise<string> {
    await expect(this.receipt()).toBeVisible({ timeout: 30_000 });
    return (await this.page.getByTestId('receipt-number').textContent())?.trim() ?? '';
  }
}

/** A Tanzanian Vodacom number (+25575…) no demo member is likely to have, ending in `lastDigit`. */
export function guestPhone(lastDigit: number): { national: string; e164: string } {
  const middle = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  const national = `075${middle}${lastDigit}`;
  return { national, e164: `+255${national.slice(1)}` };
}

/**
 * The Selcom simulator's "simulated handset" page for one phone. The e2e server runs the simulator
 * on SELCOM_SIMULATOR_PORT (scripts/e2e-server.mjs), so the specs know where it is.
 */
export function handsetUrl(e164: string): string {
  const port = process.env.SELCOM_SIMULATOR_PORT;
  if (!port || port === '0') throw new Error('SELCOM_SIMULATOR_PORT must be set for the e2e server (the simulated handset lives there)');
  return `http://127.0.0.1:${port}/handset?phone=${encodeURIComponent(e164.replace(/^\+/, ''))}`;
}

/** Opens the phone's simulated handset in a second page and answers the waiting push. */
export async function answerOnHandset(context: BrowserContext, e164: string, answer: 'Accept' | 'Refuse') {
  const handset = await context.newPage();
  await handset.goto(handsetUrl(e164));
  // The handset page refreshes itself; the push shows once the simulator has received it.
  await expect(async () => {
    await handset.reload();
    await expect(handset.getByRole('button', { name: answer })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await handset.getByRole('button', { name: answer }).click();
  await expect(handset.getByText('No push is waiting for an answer.')).toBeVisible();
  await handset.close();
}

/** Signs in through the API (no browser) to read what the specs need to set up, e.g. a member's phone. */
export async function apiToken(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD }, headers: { 'x-forwarded-for': '10.77.0.1' } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { token: string }).token;
}
