import { expect, test } from './fixtures';
import { CashReceiptPage } from './pages/cash-receipt-page';
import { serverReceipts, tokenOf, waitForServiceWorker } from './pages/desk-api';
import { blockingAxeFindings } from './pages/page-audit';
import { SignInPage } from './pages/sign-in-page';

test('a union administrator defines an offering type (a bad total is refused), and a treasurer below records a receipt with it offline', async ({ browser }) => {
  test.setTimeout(150_000);
  const title = `Jengo E2E ${Date.now() % 100_000}`;

  // The union: from the settings hub to its offering types.
  const unionContext = await browser.newContext();
  const union = await unionContext.newPage();
  await new SignInPage(union).signIn('union');
  await union.goto('/en/settings');
  await expect(union.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  expect(await blockingAxeFindings(union, '/settings')).toEqual([]);
  await union.getByRole('list', { name: 'Settings' }).getByRole('link', { name: 'Offerings' }).click();
  await expect(union.getByRole('heading', { name: /Offering types of/, level: 2 })).toBeVisible();
  await union.getByRole('button', { name: 'New offering type' }).click();
  const form = union.getByRole('form', { name: 'New offering type' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Church share (%)').fill('60');
  await form.getByLabel('Field share (%)').fill('30');
  await form.getByLabel('Union share (%)').fill('20');
  await expect(form.getByText('Total: 110% of 100%')).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('The total of the divisions cannot exceed 100%')).toBeVisible();
  expect(await blockingAxeFindings(union, '/settings/offerings (form with an error)')).toEqual([]);
  await form.getByLabel('Union share (%)').fill('10');
  await expect(form.getByText('Total: 100% of 100%')).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  const row = union.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('60%');
  await expect(row).toContainText('30%');
  await expect(row).toContainText('10%');
  await unionContext.close();

  // The treasurer of Mwenge (a church below that inherits the union's types): cache online, record offline.
  const context = await browser.newContext();
  const page = await context.newPage();
  await new SignInPage(page).signIn('treasurer');
  await waitForServiceWorker(page);
  await page.goto('/en/settings/offerings');
  await expect(page.getByText(/These offering types are managed by/)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('inherited');
  await expect(page.getByRole('button', { name: 'New offering type' })).toHaveCount(0);
  expect(await blockingAxeFindings(page, '/settings/offerings (inherited)')).toEqual([]);

  const desk = new CashReceiptPage(page);
  await desk.open();
  await expect(page.getByRole('tablist', { name: 'Cash receipts' })).toBeVisible();
  await expect
    .poll(async () => page.evaluate(async (wanted) => {
      const open = indexedDB.open('sadaka');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const all = await new Promise<Array<{ title: string }>>((resolve) => {
        const request = db.transaction('offeringTypes').objectStore('offeringTypes').getAll();
        request.onsuccess = () => resolve(request.result as Array<{ title: string }>);
      });
      db.close();
      return all.some((type) => type.title === wanted);
    }, title), { timeout: 20_000 })
    .toBe(true);

  await context.setOffline(true);
  await desk.open();
  await desk.openBatch();
  const receiptNo = await desk.record({ walkIn: { name: 'Mgeni Jengo', phone: '0713 000 222' }, lines: [{ type: title, amount: '12000' }] });
  await expect(desk.envelopeRow(receiptNo)).toContainText('Pending on this device');
  const batchId = desk.batchId();
  await context.setOffline(false);
  await expect(desk.envelopeRow(receiptNo)).toContainText('Synced', { timeout: 30_000 });

  const token = await tokenOf(page);
  const synced = await serverReceipts(page.request, token, { batchId });
  expect(synced.data.map((receipt) => receipt.amount)).toEqual([1_200_000]);
  const types = (await (await page.request.get('/api/offering-types', { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: Array<{ id: number; title: string; churchBp: number }> };
  const copy = types.data.find((type) => type.title === title);
  expect(copy).toMatchObject({ churchBp: 6000 });
  expect(synced.data[0]?.lines).toEqual([expect.objectContaining({ offeringTypeId: copy!.id, amount: 1_200_000 })]);
  await context.close();
});

test('the settings hub is reachable by every role that manages something, and lists only that', async ({ browser }) => {
  test.setTimeout(120_000);
  const expected: Record<string, { has: string[]; lacks: string[] }> = {
    admin: { has: ['Currencies', 'Religions', 'Branches', 'Role groups'], lacks: ['Offerings'] },
    branch: { has: ['Bank accounts'], lacks: ['Role groups', 'Offerings'] },
    union: { has: ['Offerings'], lacks: ['Branches'] },
    treasurer: { has: ['Offerings'], lacks: ['Currencies'] },
    imam: { has: ['Offerings'], lacks: ['Role groups'] },
  };
  for (const [username, lists] of Object.entries(expected)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await new SignInPage(page).signIn(username);
    await page.goto('/en/settings');
    const hub = page.getByRole('list', { name: 'Settings' });
    await expect(hub, username).toBeVisible();
    for (const name of lists.has) await expect(hub.getByRole('link', { name, exact: true }), `${username} has ${name}`).toBeVisible();
    for (const name of lists.lacks) await expect(hub.getByRole('link', { name, exact: true }), `${username} lacks ${name}`).toHaveCount(0);
    await context.close();
  }
});
