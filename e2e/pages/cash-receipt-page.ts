import { expect, type Locator, type Page } from '@playwright/test';

export type EnvelopeLine = { type?: string; amount: string };
/** One giver at most: a member, a walk-in (phone optional), or `loose` — the plate, nobody named. */
export type Envelope = { member?: { search: string; name: string | RegExp }; walkIn?: { name: string; phone?: string }; loose?: true; lines: EnvelopeLine[] };

/** /en/cash-receipt: batches, the counting team's entry screen and the history, driven by label. */
export class CashReceiptPage {
  readonly form: Locator;
  readonly envelopes: Locator;
  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Envelope' });
    this.envelopes = page.getByRole('table', { name: 'Envelopes' });
  }

  async open(query = '') {
    await this.page.goto(`/en/cash-receipt${query}`);
    await expect(this.page.getByRole('tablist', { name: 'Cash receipts' })).toBeVisible();
  }

  tab(name: 'Batches' | 'Batch entry' | 'History') {
    return this.page.getByRole('tab', { name });
  }

  /** Opens a batch with the form's default name (the service and date) and returns that name. */
  async openBatch(): Promise<string> {
    await this.tab('Batches').click();
    await this.page.getByRole('button', { name: 'Open batch' }).click();
    const form = this.page.getByRole('form', { name: 'Open batch' });
    const name = await form.getByLabel('Batch name').inputValue();
    await form.getByRole('button', { name: 'Open batch' }).click();
    await expect(this.form).toBeVisible();
    return name;
  }

  /** Enters one envelope from the keyboard and waits for the saved notice; returns its receipt number. */
  async record(envelope: Envelope): Promise<string> {
    const form = this.form;
    if (envelope.member) {
      const box = form.getByRole('combobox', { name: 'Member' });
      await expect(box).toBeFocused();
      await box.fill(envelope.member.search);
      await expect(form.getByRole('listbox', { name: 'Members found' }).getByRole('option', { name: envelope.member.name }).first()).toBeVisible();
      await box.press('Enter');
    } else if (envelope.walkIn) {
      await form.getByText('Walk-in giver', { exact: true }).click();
      await form.getByLabel("Giver's name").fill(envelope.walkIn.name);
      if (envelope.walkIn.phone) await form.getByLabel("Giver's phone").fill(envelope.walkIn.phone);
    } else if (envelope.loose) {
      await form.getByText('Loose offering', { exact: true }).click();
    }
    for (const [index, line] of envelope.lines.entries()) {
      if (index > 0) await form.getByRole('button', { name: 'Add line' }).click();
      if (line.type) await form.getByLabel(`Offering type line ${index + 1}`).selectOption({ label: line.type });
      await form.getByLabel(`Amount line ${index + 1}`).fill(line.amount);
    }
    const saved = this.page.getByRole('status').filter({ hasText: 'Saved on this device: receipt' });
    // The previous envelope's notice stays until this one replaces it: wait for a new number.
    const before = (await saved.count()) > 0 ? await saved.getAttribute('data-receipt-no') : null;
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(saved).toBeVisible();
    if (before) await expect(saved).not.toHaveAttribute('data-receipt-no', before);
    const receiptNo = await saved.getAttribute('data-receipt-no');
    // The next envelope starts clean on the member field.
    await expect(form.getByRole('combobox', { name: 'Member' })).toBeFocused();
    await expect(form.getByRole('combobox', { name: 'Member' })).toHaveValue('');
    expect(receiptNo).toBeTruthy();
    return receiptNo!;
  }

  /** The batch on screen, from the address (?tab=entry&batch=<id>). */
  batchId(): string {
    const id = new URL(this.page.url()).searchParams.get('batch');
    expect(id).toBeTruthy();
    return id!;
  }

  envelopeRow(receiptNo: string) {
    return this.envelopes.locator(`tr[data-receipt-no="${receiptNo}"]`);
  }

  pendingNote() {
    return this.page.getByText(/records waiting to sync/);
  }
}
