import { describe, expect, it } from 'vitest';
import { emptyReceipt, receiptFormIssues } from '../../src/features/cash-receipts/receipt-form-schema';
import { i18n } from '@lingui/core';
import { validationText } from '../../src/components/ui/validation-text';

i18n.loadAndActivate({ locale: 'en', messages: {} });

const member = { id: 1 } as never;
const envelope = (receivedOn: string) => ({ ...emptyReceipt({ offeringTypeId: '3', receivedOn }), member, lines: [{ offeringTypeId: '3', amount: '1000' }] });

describe('the envelope form and the date received', () => {
  // 23:30 on 15 March in Dar es Salaam, whatever zone the device is set to (ADR 077).
  const now = new Date('2026-03-15T20:30:00Z');
  const zone = 'Africa/Dar_es_Salaam';
  it('accepts today and earlier days', () => {
    expect(receiptFormIssues(envelope('2026-03-15'), 'TZS', zone, now)).toEqual([]);
    expect(receiptFormIssues(envelope('2025-12-31'), 'TZS', zone, now)).toEqual([]);
  });
  it('refuses a day after today, in the words of the server rule', () => {
    const issues = receiptFormIssues(envelope('2026-03-16'), 'TZS', zone, now) as Array<{ path: string; message: string }>;
    expect(issues).toEqual([{ path: 'receivedOn', message: 'receipt.receivedInFuture' }]);
    expect(validationText(issues[0], 'Date received')).toBe('The date received cannot be in the future');
  });
  it('takes today from the institution’s zone, not UTC: 00:30 EAT on the 16th is already the 16th', () => {
    expect(receiptFormIssues(envelope('2026-03-16'), 'TZS', zone, new Date('2026-03-15T21:30:00Z'))).toEqual([]);
    // In Kigali (UTC+2) that moment is still 23:30 on the 15th.
    expect(receiptFormIssues(envelope('2026-03-16'), 'TZS', 'Africa/Kigali', new Date('2026-03-15T21:30:00Z'))).toEqual([{ path: 'receivedOn', message: 'receipt.receivedInFuture' }]);
  });
  it('still asks for a date when there is none', () => {
    expect(receiptFormIssues(envelope(''), 'TZS', zone, now)).toEqual([{ path: 'receivedOn', message: 'validation.required' }]);
  });
});
