import { describe, expect, it } from 'vitest';
import { emptyReceipt, receiptFormIssues } from '../../src/features/cash-receipts/receipt-form-schema';
import { i18n } from '@lingui/core';
import { validationText } from '../../src/components/ui/validation-text';

i18n.loadAndActivate({ locale: 'en', messages: {} });

const member = { id: 1 } as never;
const envelope = (receivedOn: string) => ({ ...emptyReceipt({ offeringTypeId: '3', receivedOn }), member, lines: [{ offeringTypeId: '3', amount: '1000' }] });

describe('the envelope form and the date received', () => {
  const now = new Date(2026, 2, 15, 23, 30); // 15 March, late evening on the device
  it('accepts today and earlier days', () => {
    expect(receiptFormIssues(envelope('2026-03-15'), 'TZS', now)).toEqual([]);
    expect(receiptFormIssues(envelope('2025-12-31'), 'TZS', now)).toEqual([]);
  });
  it('refuses a day after today, in the words of the server rule', () => {
    const issues = receiptFormIssues(envelope('2026-03-16'), 'TZS', now) as Array<{ path: string; message: string }>;
    expect(issues).toEqual([{ path: 'receivedOn', message: 'receipt.receivedInFuture' }]);
    expect(validationText(issues[0], 'Date received')).toBe('The date received cannot be in the future');
  });
  it('still asks for a date when there is none', () => {
    expect(receiptFormIssues(envelope(''), 'TZS', now)).toEqual([{ path: 'receivedOn', message: 'validation.required' }]);
  });
});
