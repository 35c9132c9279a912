import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../domain/money';
import { CashReceiptPage } from '../../src/features/cash-receipts/cash-receipt-page';
import { db } from '../../src/lib/db';
import { openBatch } from '../../src/lib/offline/batches';
import type { LocalBatch } from '../../src/lib/offline/types';
import { INSTITUTION_ID, pageAt, prepareDesk } from './cash-receipt-fixtures';

const tzs = (minor: number) => formatMoney(minor, 'TZS', 'en');
let batch: LocalBatch;

beforeEach(async () => {
  await prepareDesk();
  batch = await openBatch({ institutionId: INSTITUTION_ID, name: 'Sunday service 2026-11-15', serviceDate: '2026-11-15', currency: 'TZS' });
});

async function openEntry() {
  render(pageAt(`/cash-receipt?tab=entry&batch=${batch.id}`, '/cash-receipt', <CashReceiptPage />));
  const form = await screen.findByRole('form', { name: 'Envelope' });
  // The offering types arrive from IndexedDB a moment after the form.
  await within(form).findByRole('option', { name: 'Sadaka (Offering)' });
  return form;
}

const memberBox = (form: HTMLElement) => within(form).getByRole('combobox', { name: 'Member' });
const amountField = (form: HTMLElement, line: number) => within(form).getByLabelText(`Amount line ${line}`);
const typeField = (form: HTMLElement, line: number) => within(form).getByLabelText(`Offering type line ${line}`) as HTMLSelectElement;

async function chooseMember(form: HTMLElement, typed: string, name: RegExp) {
  const box = memberBox(form);
  fireEvent.change(box, { target: { value: typed } });
  const listbox = await within(form).findByRole('listbox', { name: 'Members found' });
  await within(listbox).findByRole('option', { name });
  const index = within(listbox).getAllByRole('option').findIndex((option) => name.test(option.textContent ?? ''));
  for (let step = 0; step < index; step++) fireEvent.keyDown(box, { key: 'ArrowDown' });
  fireEvent.keyDown(box, { key: 'Enter' });
}

describe('cash receipt entry (batch)', () => {
  it('finds a member from the keyboard by name, phone and member code, only in this institution', async () => {
    const form = await openEntry();
    const box = memberBox(form);

    fireEvent.change(box, { target: { value: 'am' } });
    const listbox = await within(form).findByRole('listbox', { name: 'Members found' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(2));
    // Amani of another church starts with "am" too, and is not offered.
    expect(within(listbox).queryByText(/Amani/)).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const [first, second] = within(listbox).getAllByRole('option');
    expect(box.getAttribute('aria-activedescendant')).toBe(first!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(second!.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(first!.id);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');

    fireEvent.change(box, { target: { value: '0754111' } });
    await within(form).findByRole('option', { name: /Amos Mrema/ });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((box as HTMLInputElement).value).toBe('Amos Mrema (KU-0502)');

    fireEvent.change(box, { target: { value: 'KU-0503' } });
    await within(form).findByRole('option', { name: /Baraka Mushi/ });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((box as HTMLInputElement).value).toBe('Baraka Mushi (KU-0503)');
  });

  it('saves an envelope with two lines, shows the receipt number, and starts the next one on the member field', async () => {
    const form = await openEntry();
    await chooseMember(form, 'amina', /Amina Juma/);
    expect(typeField(form, 1).value).toBe('11');
    fireEvent.change(amountField(form, 1), { target: { value: '10,000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add line' }));
    await waitFor(() => expect(typeField(form, 2).value).toBe('12'));
    fireEvent.change(amountField(form, 2), { target: { value: '5000.50' } });
    expect(form.querySelector('output.envelope-total')?.textContent).toBe(`Envelope total: ${tzs(1_500_050)}`);

    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const saved = (await screen.findByText(/Saved on this device: receipt/)).closest('[role="status"]') as HTMLElement;

    const receipts = await db.receipts.toArray();
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0]!;
    expect(saved.textContent).toContain(receipt.receiptNo);
    expect(receipt.batchId).toBe(batch.id);
    expect(receipt.payload).toMatchObject({ memberId: 501, currency: 'TZS', method: 'cash', lines: [{ offeringTypeId: 11, amount: 1_000_000 }, { offeringTypeId: 12, amount: 500_050 }] });
    expect(receipt.payload.receivedAt.startsWith('2026-11-15')).toBe(true);
    expect(await db.outbox.where('id').equals(receipt.id).count()).toBe(1);

    // The next envelope: empty, one line, focus back on the member field.
    await waitFor(() => expect(document.activeElement).toBe(memberBox(form)));
    expect((memberBox(form) as HTMLInputElement).value).toBe('');
    expect(within(form).queryByLabelText('Amount line 2')).toBeNull();
    expect((amountField(form, 1) as HTMLInputElement).value).toBe('');

    // The batch's list and running totals follow.
    const envelopes = await screen.findByRole('table', { name: 'Envelopes' });
    expect(within(envelopes).getByText(receipt.receiptNo)).toBeTruthy();
    expect(within(envelopes).getByText('Pending on this device')).toBeTruthy();
  });

  it('saves from the keyboard: Enter in the member list picks, Enter in a field saves once, Enter in the note does not', async () => {
    const form = await openEntry();
    await chooseMember(form, 'amina', /Amina Juma/);
    const amount = amountField(form, 1);
    fireEvent.change(amount, { target: { value: '2,000' } });
    // The Enter that picked the member, Enter in the note (a new line there) and Shift+Enter do not
    // save this complete envelope.
    fireEvent.keyDown(within(form).getByLabelText(/Note/), { key: 'Enter' });
    fireEvent.keyDown(amount, { key: 'Enter', shiftKey: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await db.receipts.count()).toBe(0);
    // A second Enter while the first save is being written must not make a second receipt.
    fireEvent.keyDown(amount, { key: 'Enter' });
    fireEvent.keyDown(amount, { key: 'Enter' });
    await screen.findByText(/Saved on this device: receipt/);
    await waitFor(() => expect(document.activeElement).toBe(memberBox(form)));
    expect(await db.receipts.count()).toBe(1);
  });

  it('keeps a running count and total per offering type across envelopes, walk-in givers included', async () => {
    const form = await openEntry();
    await chooseMember(form, 'amina', /Amina Juma/);
    fireEvent.change(amountField(form, 1), { target: { value: '10000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add line' }));
    await waitFor(() => expect(typeField(form, 2).value).toBe('12'));
    fireEvent.change(amountField(form, 2), { target: { value: '2000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.receipts.count()).toBe(1));
    await waitFor(() => expect((amountField(form, 1) as HTMLInputElement).value).toBe(''));

    fireEvent.click(within(form).getByLabelText('Walk-in giver'));
    fireEvent.change(await within(form).findByLabelText("Giver's name"), { target: { value: 'Mgeni Hassani' } });
    fireEvent.change(within(form).getByLabelText("Giver's phone"), { target: { value: '0713 000 111' } });
    fireEvent.change(typeField(form, 1), { target: { value: '12' } });
    fireEvent.change(amountField(form, 1), { target: { value: '3000' } });
    fireEvent.click(within(form).getByLabelText('Cheque'));
    fireEvent.change(await within(form).findByLabelText('Cheque number'), { target: { value: 'CHQ-7781' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.receipts.count()).toBe(2));

    const walkIn = (await db.receipts.toArray()).find((receipt) => receipt.payload.payer);
    expect(walkIn?.payload).toMatchObject({ payer: { name: 'Mgeni Hassani', phone: '+255713000111' }, method: 'cheque', chequeNo: 'CHQ-7781' });
    expect(walkIn?.giverName).toBe('Mgeni Hassani');

    const totals = await screen.findByRole('table', { name: 'Totals by offering type' });
    // The totals follow IndexedDB through a live query: wait until they show the second envelope too
    // (Zaka alone already reads 1 after the first one, so it cannot be the signal).
    await waitFor(() => {
      const zaka = within(totals).getByRole('row', { name: /Zaka/ });
      expect(within(zaka).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', tzs(1_000_000)]);
      const sadaka = within(totals).getByRole('row', { name: /Sadaka/ });
      expect(within(sadaka).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', tzs(500_000)]);
      expect(within(totals).getByTestId('batch-count').textContent).toBe('2');
      expect(within(totals).getByTestId('batch-total').textContent).toBe(tzs(1_500_000));
    });
  });

  it('records a loose offering (no giver) and a walk-in who leaves no phone, each counted per offering type', async () => {
    const form = await openEntry();
    fireEvent.click(within(form).getByLabelText('Loose offering'));
    expect(within(form).queryByLabelText("Giver's name")).toBeNull();
    fireEvent.change(typeField(form, 1), { target: { value: '12' } });
    fireEvent.change(amountField(form, 1), { target: { value: '7350' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.receipts.count()).toBe(1));
    // The next envelope starts as a member's again.
    await waitFor(() => expect((amountField(form, 1) as HTMLInputElement).value).toBe(''));
    expect((within(form).getByRole('radio', { name: 'Member' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(within(form).getByLabelText('Walk-in giver'));
    fireEvent.change(await within(form).findByLabelText("Giver's name"), { target: { value: 'Mzee Juma' } });
    fireEvent.change(typeField(form, 1), { target: { value: '12' } });
    fireEvent.change(amountField(form, 1), { target: { value: '2000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.receipts.count()).toBe(2));

    const [loose, nameOnly] = (await db.receipts.toArray()).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    expect(loose!.payload).not.toHaveProperty('payer');
    expect(loose!.payload).not.toHaveProperty('memberId');
    expect(loose!.giverName).toBe('');
    expect(nameOnly!.payload.payer).toEqual({ name: 'Mzee Juma' });
    expect(await db.outbox.where('kind').equals('receipt').count()).toBe(2);
    const totals = await screen.findByRole('table', { name: 'Totals by offering type' });
    await waitFor(() => {
      const sadaka = within(totals).getByRole('row', { name: /Sadaka/ });
      expect(within(sadaka).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', tzs(935_000)]);
      expect(within(totals).getByTestId('batch-count').textContent).toBe('2');
    });
  });

  it('says what is missing in the spec\'s words and saves nothing', async () => {
    const form = await openEntry();
    fireEvent.change(amountField(form, 1), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Member can not be empty')).toBeTruthy();
    expect(within(form).getByText('Amount can not be empty')).toBeTruthy();

    fireEvent.change(amountField(form, 1), { target: { value: '12a' } });
    fireEvent.click(within(form).getByLabelText('Walk-in giver'));
    fireEvent.change(await within(form).findByLabelText("Giver's phone"), { target: { value: '123' } });
    fireEvent.click(within(form).getByLabelText('Cheque'));
    fireEvent.change(within(form).getByLabelText('Note'), { target: { value: 'x'.repeat(1001) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText("Giver's name can not be empty")).toBeTruthy();
    expect(within(form).getByText('Enter a valid phone number')).toBeTruthy();
    expect(within(form).getByText('Amount needs to be digits')).toBeTruthy();
    expect(within(form).getByText('Cheque number can not be empty')).toBeTruthy();
    expect(within(form).getByText('Note must be at most 1000 characters')).toBeTruthy();

    fireEvent.change(amountField(form, 1), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Amount is not valid')).toBeTruthy();
    // Each field's error follows its own value: fixing the amount clears its message, the others stay.
    fireEvent.change(amountField(form, 1), { target: { value: '100' } });
    await waitFor(() => expect(within(form).queryByText('Amount is not valid')).toBeNull());
    expect(within(form).getByText("Giver's name can not be empty")).toBeTruthy();
    expect(await db.receipts.count()).toBe(0);
    expect(await db.outbox.where('kind').equals('receipt').count()).toBe(0);
  });

  it('offers a walk-in giver when no member matches, carrying over the typed phone', async () => {
    const form = await openEntry();
    fireEvent.change(memberBox(form), { target: { value: '0788 123 456' } });
    const offer = await within(form).findByRole('button', { name: 'Record as walk-in giver' });
    fireEvent.mouseDown(offer);
    expect(((await within(form).findByLabelText("Giver's phone")) as HTMLInputElement).value).toBe('0788 123 456');
  });

  it('closes the batch after confirmation and shows totals per offering type and method, with a print layout', async () => {
    const form = await openEntry();
    await chooseMember(form, 'baraka', /Baraka Mushi/);
    fireEvent.change(amountField(form, 1), { target: { value: '7000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await db.receipts.count()).toBe(1));

    fireEvent.click(screen.getByRole('button', { name: 'Close batch' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Close this batch?' });
    // Focus starts on Cancel so a stray Enter never closes the batch.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Close batch' })));

    const summary = await screen.findByRole('region', { name: 'Batch summary' });
    expect((await db.batches.get(batch.id))?.closedAt).not.toBeNull();
    expect(screen.queryByRole('form', { name: 'Envelope' })).toBeNull();
    const byMethod = within(summary).getByRole('table', { name: 'Totals by payment method' });
    expect(within(within(byMethod).getByRole('row', { name: /Cash/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', tzs(700_000)]);

    fireEvent.click(within(summary).getByRole('button', { name: 'Print summary' }));
    const preview = screen.getByRole('dialog', { name: 'Batch summary' });
    fireEvent.change(within(preview).getByLabelText('Paper'), { target: { value: '58mm' } });
    expect(preview.querySelector('.print-area')?.getAttribute('data-paper')).toBe('58mm');
    expect(within(preview).getByText('1 envelopes not yet synced')).toBeTruthy();
    expect(localStorage.getItem('sadaka.paper')).toBe('58mm');
    // Modal for real (issue 11): while the preview is open the page behind is inert, and not after.
    const behind = summary.closest('body > *');
    expect(behind?.hasAttribute('inert')).toBe(true);
    fireEvent.click(within(preview).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Batch summary' })).toBeNull();
    expect(behind?.hasAttribute('inert')).toBe(false);
  });
});
