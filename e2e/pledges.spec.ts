import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { CashReceiptPage } from './pages/cash-receipt-page';
import { tokenOf, waitForServiceWorker } from './pages/desk-api';
import { blockingAxeFindings } from './pages/page-audit';
import { MembersPage } from './pages/members-page';
import { Shell } from './pages/shell';
import { SignInPage } from './pages/sign-in-page';

/** Day after day from today, as the date input takes it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a treasurer creates a pledge, records a receipt for that member offline, syncs, and sees the pledge\'s remaining fall', async ({ page, context }) => {
  test.setTimeout(120_000);
  await new SignInPage(page).signIn('treasurer');
  await waitForServiceWorker(page);
  const token = await tokenOf(page);
  const auth = { Authorization: `Bearer ${token}` };

  // A member of this church with no pledge yet (a fresh one: the demo members have pledges of their own,
  // and money counts toward the oldest due first).
  const profile = (await (await page.request.get('/api/profile', { headers: auth })).json()) as { entityId: number };
  const lastName = `Ahadi${String(Date.now()).slice(-6)}`;
  const phone = `+2557${String(Date.now()).slice(-8)}`;
  const synced = await page.request.post('/api/members/sync', {
    headers: auth,
    data: { members: [{ id: randomUUID(), institutionId: profile.entityId, firstName: 'Tumaini', lastName, phone, gender: 'female', preferredLanguage: 'en', country: 'TZ' }] },
  });
  expect(synced.status()).toBe(200);
  const [created] = ((await synced.json()) as { results: Array<{ status: string; memberCode?: string }> }).results;
  expect(created?.status).toBe('created');

  // The pledge, from the pledge page: find the member on the server, then type, total and due date.
  await page.goto('/en/pledge');
  await page.getByRole('button', { name: 'New pledge' }).click();
  const form = page.getByRole('form', { name: 'New pledge' });
  await form.getByLabel('Find the member').fill(`Tumaini ${lastName}`);
  await form.getByRole('list', { name: 'Members found' }).getByRole('button', { name: `Choose Tumaini ${lastName}` }).click();
  await expect(form.getByText(`Tumaini ${lastName}`)).toBeVisible();
  expect(await blockingAxeFindings(page, 'new pledge form')).toEqual([]);
  await form.getByLabel('Offering type').selectOption({ label: 'Zaka (Tithe)' });
  await form.getByLabel('Amount pledged').fill('50,000');
  await form.getByLabel('Due date').fill(inDays(20));
  await form.getByLabel('Payment method').selectOption({ label: 'Cash' });
  await form.getByLabel('Note').fill('Ahadi ya zaka ya mwaka');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/en\/pledge\/\d+$/);
  const pledgeUrl = page.url();
  await expect(page.getByTestId('pledge-remaining')).toHaveText(/50,000/);
  await expect(page.getByTestId('pledge-paid')).toHaveText(/TSh\s?0/);
  await expect(page.getByText('No money has counted toward this pledge yet.')).toBeVisible();

  // Online once so the desk caches the new member, then the envelope is recorded offline.
  const members = new MembersPage(page);
  await members.open();
  await members.expectFound(created!.memberCode!, `Tumaini ${lastName}`);
  await context.setOffline(true);
  const desk = new CashReceiptPage(page);
  await desk.open();
  await desk.openBatch();
  const receiptNo = await desk.record({ member: { search: created!.memberCode!, name: new RegExp(`Tumaini ${lastName}`) }, lines: [{ type: 'Zaka (Tithe)', amount: '20,000' }] });
  await expect(desk.envelopeRow(receiptNo)).toContainText('Pending on this device');

  // Back online: the receipt syncs, and the pledge counts it without anyone touching the pledge.
  await context.setOffline(false);
  await expect(desk.envelopeRow(receiptNo)).toContainText('Synced', { timeout: 30_000 });
  await page.goto(pledgeUrl);
  await expect(page.getByTestId('pledge-paid')).toHaveText(/20,000/);
  await expect(page.getByTestId('pledge-remaining')).toHaveText(/30,000/);
  const payments = page.getByRole('table', { name: 'Payments that count toward it' });
  await expect(payments.getByRole('row').filter({ hasText: receiptNo })).toContainText('20,000');

  // "Remind now" sends one SMS; a second press the same day sends nothing more.
  await page.getByRole('button', { name: 'Remind now' }).click();
  await expect(page.getByText(`Reminder sent to ${phone}`)).toBeVisible();
  const reminders = page.getByRole('table', { name: 'Reminders sent' });
  await expect(reminders.locator('tbody tr')).toHaveCount(1);
  await expect(reminders.locator('tbody tr')).toContainText('Remind now');
  await page.getByRole('button', { name: 'Remind now' }).click();
  await expect(page.getByText('This pledge was already reminded today. One reminder a day at most.')).toBeVisible();
  await expect(reminders.locator('tbody tr')).toHaveCount(1);
  expect(await blockingAxeFindings(page, 'pledge detail')).toEqual([]);

  // The list: the search finds it, and the totals are those of the filtered pledges.
  await page.goto('/en/pledge');
  const filters = page.getByRole('search', { name: 'Find pledges' });
  await filters.getByLabel('Search').fill(lastName);
  await filters.getByRole('button', { name: 'Search' }).click();
  const list = page.getByRole('table', { name: 'Pledges' });
  await expect(list.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('total-pledged')).toHaveText(/50,000/);
  await expect(page.getByTestId('total-paid')).toHaveText(/20,000/);
  await expect(page.getByTestId('total-remaining')).toHaveText(/30,000/);
  await filters.getByLabel('Due').selectOption({ label: 'Due within 1 month' });
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(list.locator('tbody tr')).toHaveCount(1);
  await filters.getByLabel('Due').selectOption({ label: 'Overdue' });
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No pledges match these filters.')).toBeVisible();

  // The same page in Swahili (the default language: no prefix).
  await new Shell(page).switchLanguage('Kiswahili');
  await expect(page).toHaveURL(/\/pledge$/);
  await expect(page.getByRole('button', { name: 'Ahadi mpya' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kampeni' })).toBeVisible();
  expect(await blockingAxeFindings(page, 'pledges in Swahili')).toEqual([]);
});
