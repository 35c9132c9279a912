import { openBatchOffline } from './fixtures/offline-desk';
import { expect, test } from './fixtures';
import { serverReceipts } from './pages/desk-api';

// Minor units of TZS (2 digits).
const TZS = (shillings: number) => shillings * 100;

test('a loose offering and a walk-in without a phone, recorded offline, sync exactly once and count per offering type', async ({ page, context }) => {
  test.setTimeout(120_000);
  const { token, desk, batchId } = await openBatchOffline(page, context);
  const plate = await desk.record({ loose: true, lines: [{ type: 'Sadaka (Offering)', amount: '73,500' }] });
  const nameOnly = await desk.record({ walkIn: { name: 'Mzee Juma' }, lines: [{ type: 'Sadaka (Offering)', amount: '2000' }] });
  await expect(desk.envelopeRow(plate)).toContainText('Loose offering');
  await expect(desk.envelopeRow(plate)).toContainText('Pending on this device');

  await context.setOffline(false);
  for (const number of [plate, nameOnly]) await expect(desk.envelopeRow(number)).toContainText('Synced', { timeout: 30_000 });

  const synced = await serverReceipts(page.request, token, { batchId });
  expect(synced.count).toBe(2);
  const loose = synced.data.find((row) => row.receiptNo === plate);
  expect(loose).toMatchObject({ memberId: null, payerName: null, amount: TZS(73_500) });
  expect(synced.data.find((row) => row.receiptNo === nameOnly)).toMatchObject({ memberId: null, payerName: 'Mzee Juma', amount: TZS(2000) });

  // Counted per offering type like any envelope.
  const totals = page.getByRole('table', { name: 'Totals by offering type' });
  await expect(totals.getByRole('row', { name: /Sadaka/ })).toContainText('2');

  // A second pass after a reload sends nothing more.
  await page.reload();
  await expect(desk.envelopeRow(plate)).toContainText('Synced');
  expect((await serverReceipts(page.request, token, { batchId })).count).toBe(2);
});
