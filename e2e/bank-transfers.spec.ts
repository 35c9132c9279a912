import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { guestPhone } from './pages/give-page';
import { Shell } from './pages/shell';
import { SignInPage } from './pages/sign-in-page';

type Institution = { id: number; title: string; offeringTypes: Array<{ id: number }>; hasBankAccount: boolean };

/** A guest chooses "bank transfer" on the giving page's API: a pending transfer and the reference to quote. */
async function startTransfer(request: APIRequestContext, amount: number): Promise<{ id: string; referenceNo: string }> {
  // Each from its own address, as behind the load balancer, so the public rate limit never bites.
  const address = { 'x-forwarded-for': `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` };
  const search = await request.get('/api/giving/institutions?search=Mwenge', { headers: address });
  const church = ((await search.json()) as { data: Institution[] }).data.find((item) => item.title === 'Mwenge Church');
  expect(church?.hasBankAccount, 'Mwenge Church takes bank transfers').toBe(true);
  const created = await request.post('/api/payments', {
    headers: { ...address, 'idempotency-key': randomUUID() },
    data: { institutionId: church!.id, phone: guestPhone(5).e164, method: 'bank', lines: [{ offeringTypeId: church!.offeringTypes[0]!.id, amount }], currency: 'TZS' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string; referenceNo: string };
}

// Issue 10: bank transfers could be confirmed only through the API. The branch officer (bank
// accounts: update, push: update) confirms one from the staff screen and cancels another.
test('bank staff confirm one pending transfer and cancel another; the statuses show', async ({ page, request }) => {
  const toConfirm = await startTransfer(request, 1_234_500);
  const toCancel = await startTransfer(request, 678_900);

  await new SignInPage(page).signIn('branch');
  const shell = new Shell(page);
  await shell.menuTexts();
  await shell.menu.getByRole('link', { name: 'Bank transfers' }).click();
  await expect(page).toHaveURL(/\/en\/transactions\/bank-transfers$/);
  await expect(page.locator('h1.page-title')).toHaveText('Bank transfers');

  // Oldest first, with more transfers than one page possibly: page on until the reference shows.
  const rowOf = (reference: string) => page.getByRole('row', { name: new RegExp(reference) });
  const findRow = async (reference: string) => {
    for (let pageNo = 0; pageNo < 20 && (await rowOf(reference).count()) === 0; pageNo++) {
      const next = page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' });
      if ((await next.count()) === 0 || (await next.isDisabled())) break;
      await next.click();
    }
    await expect(rowOf(reference)).toBeVisible();
    return rowOf(reference);
  };
  const confirmRow = await findRow(toConfirm.referenceNo);
  await expect(confirmRow).toContainText('Guest');
  await expect(confirmRow).toContainText('12,345');
  await expect(confirmRow).toContainText('Mwenge Church');

  // Confirm: the bank's own reference and the amount on the statement; a wrong amount is refused, in words.
  await confirmRow.getByRole('button', { name: `Confirm transfer ${toConfirm.referenceNo}` }).click();
  const dialog = page.getByRole('dialog', { name: `Confirm bank transfer ${toConfirm.referenceNo}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Confirm the transfer' }).click();
  await expect(dialog.getByText('Bank reference can not be empty')).toBeVisible();
  await dialog.getByLabel('Bank reference').fill('FT26329E2E01');
  await dialog.getByLabel('Amount received').fill('12,000');
  await dialog.getByRole('button', { name: 'Confirm the transfer' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The amount received differs from the amount expected');
  await dialog.getByLabel('Amount received').fill('12,345');
  await dialog.getByRole('button', { name: 'Confirm the transfer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Transfer ${toConfirm.referenceNo} confirmed`)).toBeVisible();

  // Cancel the other, with a note, through the native confirm dialog.
  const cancelRow = await findRow(toCancel.referenceNo);
  await cancelRow.getByRole('button', { name: `Cancel transfer ${toCancel.referenceNo}` }).click();
  const question = page.getByRole('alertdialog', { name: 'Cancel this bank transfer?' });
  await expect(question).toContainText(toCancel.referenceNo);
  await question.getByLabel('Note (optional)').fill('The giver paid in cash');
  await question.getByRole('button', { name: 'Cancel the transfer' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByText(`Transfer ${toCancel.referenceNo} cancelled`)).toBeVisible();

  // Both leave the waiting list and show their new status below it.
  const waiting = page.getByRole('region', { name: 'Bank transfers waiting for the money' });
  await expect(waiting.getByRole('row', { name: new RegExp(toConfirm.referenceNo) })).toHaveCount(0);
  await expect(waiting.getByRole('row', { name: new RegExp(toCancel.referenceNo) })).toHaveCount(0);
  const handled = page.getByRole('region', { name: 'Handled just now' });
  await expect(handled.getByRole('row', { name: new RegExp(toConfirm.referenceNo) })).toContainText('Completed');
  await expect(handled.getByRole('row', { name: new RegExp(toCancel.referenceNo) })).toContainText('Canceled');

  // And so does the payment itself, for the giver following it.
  const statusOf = async (id: string) => ((await (await request.get(`/api/payments/${id}`)).json()) as { status: string }).status;
  expect(await statusOf(toConfirm.id)).toBe('completed');
  expect(await statusOf(toCancel.id)).toBe('canceled');

  // The same screen in Swahili.
  await page.goto('/transactions/bank-transfers');
  await expect(page.locator('h1.page-title')).toHaveText('Uhamisho wa benki');
});
