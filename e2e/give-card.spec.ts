import { expect, test } from './fixtures';
import { apiToken, GivePage } from './pages/give-page';

// Issue 4: a known member gives by card: the page checks the card (Luhn, expiry), sends the giver to
// the gateway's hosted card page (the Selcom simulator's), and shows the receipt when they come back.
test('a member gives by card through the hosted card page and comes back to the receipt', async ({ page, context, request, baseURL }) => {
  // A member of Mwenge Church with a Tanzanian mobile number, read from the desk's member list.
  const token = await apiToken(request, 'treasurer');
  const members = await request.get('/api/members/cache?limit=50', { headers: { authorization: `Bearer ${token}` } });
  expect(members.ok()).toBeTruthy();
  const member = ((await members.json()) as { data: Array<{ phone: string; deleted: boolean }> }).data.find((row) => !row.deleted && /^\+2557\d{8}$/.test(row.phone));
  expect(member, 'a Mwenge member with a mobile number').toBeTruthy();
  const national = `0${member!.phone.slice(4)}`;

  // The card page sends the giver back to /give-offerings; the English choice brings them to /en.
  await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
  const give = new GivePage(page);
  await give.open();
  await give.enterPhone(national);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expect(page.getByText('Mwenge Church')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await give.giveAmount('25,000');

  await page.getByLabel('Card').check();
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByLabel('Expiry date (MM/YY)').fill('01/21');
  await page.getByRole('button', { name: 'Continue to card payment' }).click();
  await expect(page.getByText('Invalid card number')).toBeVisible();
  await expect(page.getByText('Invalid card expiration time')).toBeVisible();

  const expiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill(expiry);
  await page.getByRole('button', { name: 'Continue to card payment' }).click();

  // The gateway's own page (another origin) takes the card.
  await expect(page.getByRole('heading', { name: /^Pay TZS/ })).toBeVisible();
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM/YY)').fill(expiry);
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/give-offerings\?payment=/);
  const give2 = new GivePage(page);
  expect(await give2.receiptNumber()).not.toBe('');
  await expect(page.getByText('Card', { exact: true })).toBeVisible();
});
