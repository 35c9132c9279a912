import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/lib/i18n';
import { eventDetailText } from '../../src/features/payments/event-detail';

async function reader(locale: 'sw' | 'en') {
  const i18n = setupI18n({ locale, messages: { [locale]: await loadCatalog(locale) } });
  const amount = (minor: number) => `TZS ${minor / 100}`;
  return (outcome: string, detail: string | null) => eventDetailText({ outcome, detail }, i18n, amount);
}

describe('a payment event detail in the reader language', () => {
  it('reads back the shapes the engine writes, in Swahili', async () => {
    const read = await reader('sw');
    expect(read('created', 'mobile by user 5')).toBe('Pesa kwa simu, na mtumiaji #5');
    expect(read('credited', 'church 1000, field 200')).toMatch(/^.+ TZS 10 · .+ TZS 2$/);
    expect(read('credited', 'church 1000, field 200')).not.toContain('church');
    expect(read('failed', 'insufficient_funds · wallet-payment 403: Low balance')).toBe(
      'Salio halitoshi · maneno ya mtoa huduma: wallet-payment 403: Low balance',
    );
    expect(read('ignored', 'callback COMPLETED 000 (already completed)')).toMatch(/^malipo yalikuwa tayari .+ · maneno ya mtoa huduma: callback COMPLETED 000$/);
    expect(read('pending_cancel', 'by user 7: wrong amount')).toBe('na mtumiaji #7: wrong amount');
  });

  it('says the same in English, and keeps what it does not know as stored', async () => {
    const read = await reader('en');
    expect(read('created', 'card')).toBe('Card');
    expect(read('credit_failed', 'no_account:12:TZS')).toBe('No active bank account in TZS for #12');
    expect(read('pending_cancel', 'canceled_by_staff')).toBe('Cancelled by staff');
    expect(read('pending', 'order-status PENDING')).toBe("provider's words: order-status PENDING");
    expect(read('bad_signature', 'digest mismatch from 127.0.0.1')).toBe('digest mismatch from 127.0.0.1');
    expect(read('created', null)).toBeNull();
  });
});
