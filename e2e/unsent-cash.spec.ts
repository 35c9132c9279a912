import { expect, test } from './fixtures';
import { openBatchOffline } from './fixtures/offline-desk';
import { blockingAxeFindings } from './pages/page-audit';
import { SignInPage } from './pages/sign-in-page';

const REPORT = '/api/devices/unsent-cash';
type Report = { deviceId: string; groups: Array<{ receipts: number; amount: number; currency: string }> };
const reportOf = (body: string | null) => JSON.parse(body ?? '{}') as Report;

// Issue 16: unsent cash on the institution dashboard. The treasurer records an envelope offline and
// comes back online while the sync itself is held up (a connection that reaches the server for small
// requests but not the sync): the device still reports what it holds, and the union administrator
// sees it on the dashboard — who, how much, as last reported. Once the sync goes through the device
// reports nothing left and the row is gone.
test('cash recorded offline shows on the union dashboard as unsent until the device has synced it', async ({ page, context, browser }) => {
  test.setTimeout(150_000);
  const { desk } = await openBatchOffline(page, context);
  const receiptNo = await desk.record({ walkIn: { name: 'Mgeni Unsent', phone: '0713 000 216' }, lines: [{ amount: '4200' }] });
  // Receipt numbers carry the device: <institution>-<device>-<sequence>.
  const deviceId = receiptNo.split('-').at(-2)!;
  expect(deviceId).toMatch(/^[0-9A-Z]{5}$/);
  await expect(desk.envelopeRow(receiptNo)).toContainText('Pending on this device');

  // Every sync request waits until released; the report is another route and goes through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/api/*/sync', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  const pendingReport = page.waitForRequest((request) => request.url().endsWith(REPORT) && reportOf(request.postData()).groups.length > 0);
  await context.setOffline(false);
  const sent = await pendingReport;
  expect(reportOf(sent.postData())).toEqual({ deviceId, groups: [expect.objectContaining({ receipts: 1, held: 0, amount: 420_000, currency: 'TZS' })] });
  expect((await sent.response())?.status()).toBe(200);
  await expect(desk.envelopeRow(receiptNo)).not.toContainText('Synced');

  // The union administrator, on another browser, sees the device on the dashboard.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await new SignInPage(viewer).signIn('union');
  await viewer.goto('/en/entityDashboard');
  const section = viewer.getByRole('region', { name: 'Unsent cash' });
  await expect(section).toBeVisible();
  await expect(section).toContainText('as last reported by each device');
  const table = section.getByRole('table', { name: 'Unsent cash receipts by device, as last reported' });
  await expect(table.getByRole('columnheader', { name: 'As last reported' })).toBeVisible();
  const row = table.locator(`tr[data-device="${deviceId}"]`);
  await expect(row).toContainText('Neema Lyimo');
  await expect(row).toContainText(`Device ${deviceId}`);
  await expect(row).toContainText('Mwenge');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await expect(row.getByRole('cell').nth(3)).toContainText('4,200');
  await expect(row).not.toContainText('Stale');
  expect(await blockingAxeFindings(viewer, '/en/entityDashboard with unsent cash')).toEqual([]);

  // The sync goes through: the receipt is on the server and the device says nothing is left.
  const emptyReport = page.waitForRequest((request) => request.url().endsWith(REPORT) && reportOf(request.postData()).groups.length === 0);
  release();
  await expect(desk.envelopeRow(receiptNo)).toContainText('Synced', { timeout: 60_000 });
  const cleared = await emptyReport;
  expect(reportOf(cleared.postData())).toEqual({ deviceId, groups: [] });
  expect((await cleared.response())?.status()).toBe(200);

  await viewer.reload();
  await expect(viewer.getByRole('heading', { name: 'Recent transactions' })).toBeVisible();
  await expect(viewer.locator(`tr[data-device="${deviceId}"]`)).toHaveCount(0);
  await viewerContext.close();
});
