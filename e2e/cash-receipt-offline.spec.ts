import { expect, test } from './fixtures';
import { CashReceiptPage } from './pages/cash-receipt-page';
import { serverReceipts, someMembers, tokenOf, waitForServiceWorker } from './pages/desk-api';
import { MembersPage } from './pages/members-page';
import { SignInPage } from './pages/sign-in-page';

// Minor units of TZS (2 digits): what the server must hold for each envelope typed below.
const TZS = (shillings: number) => shillings * 100;

test('a batch recorded offline, a member registered offline, survive reload and reopen, then sync exactly once', async ({ page, context }) => {
  test.setTimeout(120_000);
  await new SignInPage(page).signIn('treasurer');
  await waitForServiceWorker(page);
  const token = await tokenOf(page);
  const [first, second] = await someMembers(page.request, token, 2);

  // Online once, so the device caches members and offering types.
  const members = new MembersPage(page);
  await members.open();
  await members.expectFound(first!.code, `${first!.firstName} ${first!.lastName}`);

  await context.setOffline(true);
  const desk = new CashReceiptPage(page);
  await desk.open();
  const batchName = await desk.openBatch();
  const numbers: string[] = [];
  numbers.push(
    await desk.record({
      member: { search: first!.code, name: new RegExp(`${first!.firstName} ${first!.lastName}`) },
      lines: [{ type: 'Zaka (Tithe)', amount: '10,000' }, { type: 'Sadaka (Offering)', amount: '5000' }],
    }),
  );
  numbers.push(await desk.record({ member: { search: second!.code, name: new RegExp(`${second!.firstName} ${second!.lastName}`) }, lines: [{ amount: '20000' }] }));
  numbers.push(await desk.record({ walkIn: { name: 'Mgeni Hassani', phone: '0713 000 111' }, lines: [{ type: 'Sadaka (Offering)', amount: '3000' }] }));
  const batchUrl = page.url();
  const batchId = desk.batchId();

  // A member registered offline, then an envelope for them at once.
  await members.open();
  const phone = `07${String(Date.now()).slice(-8)}`;
  await members.register({ firstName: 'Rehema', lastName: 'Kweka', phone, gender: 'Female', country: 'Tanzania', city: 'Dar es Salaam' });
  await page.goto(batchUrl);
  numbers.push(await desk.record({ member: { search: 'Rehema Kweka', name: /Rehema Kweka/ }, lines: [{ type: 'Zaka (Tithe)', amount: '7500' }] }));
  expect(new Set(numbers).size).toBe(4);

  // Reload while offline: everything is still there, and the pending count shows.
  await page.reload();
  for (const number of numbers) await expect(desk.envelopeRow(number)).toContainText('Pending on this device');
  await expect(desk.pendingNote()).toContainText('6 records waiting to sync');

  // Close the page and open another in the same browser, still offline.
  await page.close();
  const again = await context.newPage();
  const reopened = new CashReceiptPage(again);
  await again.goto(batchUrl);
  for (const number of numbers) await expect(reopened.envelopeRow(number)).toBeVisible();

  // Back online: everything syncs, once.
  await context.setOffline(false);
  for (const number of numbers) await expect(reopened.envelopeRow(number)).toContainText('Synced', { timeout: 30_000 });
  await expect(reopened.pendingNote()).toHaveCount(0);

  const batches = (await (await again.request.get('/api/receipt-batches', { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: Array<{ id: string; name: string; receiptCount: number }> };
  expect(batches.data.filter((row) => row.id === batchId)).toEqual([expect.objectContaining({ name: batchName, receiptCount: 4 })]);
  const synced = await serverReceipts(again.request, token, { batchId });
  expect(synced.count).toBe(4);
  expect(synced.data.map((row) => row.amount).sort((a, b) => a - b)).toEqual([TZS(3000), TZS(7500), TZS(15000), TZS(20000)]);
  expect(synced.totals.amount).toBe(TZS(45500));
  expect(synced.data.find((row) => row.amount === TZS(15000))?.lines.map((line) => line.amount)).toEqual([TZS(10000), TZS(5000)]);
  expect(synced.data.find((row) => row.amount === TZS(3000))?.payerName).toBe('Mgeni Hassani');
  // The offline member reached the server and the envelope names them by their new server id.
  const forNewMember = synced.data.find((row) => row.amount === TZS(7500));
  expect(forNewMember?.memberId).toEqual(expect.any(Number));

  // A second online pass sends nothing more.
  await again.reload();
  await expect(reopened.envelopeRow(numbers[0]!)).toContainText('Synced');
  expect((await serverReceipts(again.request, token, { batchId })).count).toBe(4);

  // The history shows them as synced, none left on the device.
  await reopened.tab('History').click();
  const history = again.getByRole('table', { name: 'Synced receipts' });
  await expect(history).toBeVisible();
  await again.getByLabel('Batch', { exact: true }).selectOption({ label: batchName });
  await expect(history.locator('tbody tr')).toHaveCount(4);
  await expect(history.getByText('Synced')).toHaveCount(4);
  await expect(again.getByRole('table', { name: 'On this device, not yet synced' })).toHaveCount(0);
});
