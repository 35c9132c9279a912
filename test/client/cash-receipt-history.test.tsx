import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../domain/money';
import { Toaster } from '../../src/components/ui/toaster';
import { CashReceiptPage } from '../../src/features/cash-receipts/cash-receipt-page';
import { db } from '../../src/lib/db';
import { openBatch } from '../../src/lib/offline/batches';
import { recordReceipt } from '../../src/lib/offline/record-receipt';
import { searchLocalMembers } from '../../src/lib/offline/search-members';
import { INSTITUTION_ID, pageAt, prepareDesk } from './cash-receipt-fixtures';

const recorder = { id: 7, name: 'Asha Mussa' };

beforeEach(async () => {
  await prepareDesk();
  const batch = await openBatch({ institutionId: INSTITUTION_ID, name: 'Sunday service 2026-11-22', serviceDate: '2026-11-22', currency: 'TZS' });
  const [amina] = await searchLocalMembers(INSTITUTION_ID, 'amina');
  const base = { institutionId: INSTITUTION_ID, institutionCode: 'KU-001', batchId: batch.id, currency: 'TZS', method: 'cash' as const, recordedBy: recorder };
  await recordReceipt({ ...base, member: amina!, payer: null, lines: [{ offeringTypeId: 11, amount: 2_000_000 }], receivedAt: '2026-11-22T09:00:00.000Z' });
  await recordReceipt({ ...base, member: null, payer: { name: 'Mgeni Hassani', phone: '+255713000111' }, lines: [{ offeringTypeId: 12, amount: 300_000 }], receivedAt: '2026-11-22T09:05:00.000Z' });
});

// jsdom has no server behind /api: every request fails as it does on a device with no network.
describe('cash receipt history without a network', () => {
  it('shows the entries still on this device, marked pending, with an offline notice and their total', async () => {
    render(
      pageAt(
        '/cash-receipt?tab=history',
        '/cash-receipt',
        <>
          <CashReceiptPage />
          <Toaster />
        </>,
      ),
    );
    expect(await screen.findByText(/You are offline/)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'On this device, not yet synced' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getAllByText('Pending on this device')).toHaveLength(2);
    expect(within(table).getByText('Mgeni Hassani')).toBeTruthy();
    const totals = screen.getByRole('list', { name: 'Totals' });
    expect(totals.textContent).toBe(`On this device: 2 receipts, ${formatMoney(2_300_000, 'TZS', 'en')}`);

    // Filters apply to the device's entries too.
    fireEvent.change(screen.getByLabelText('Offering type'), { target: { value: '12' } });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).queryByText('Amina Juma')).toBeNull();
  });

  it('says "Export failed" when the export cannot be fetched', async () => {
    render(
      pageAt(
        '/cash-receipt?tab=history',
        '/cash-receipt',
        <>
          <CashReceiptPage />
          <Toaster />
        </>,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Export failed')).toBeTruthy();
    expect(await db.receipts.count()).toBe(2);
  });
});
