import { describe, expect, it } from 'vitest';
import { givingPledgePaths } from '../../domain/api/giving-pledges';
import { IDEMPOTENCY_HEADER as CONTRACT_HEADER, MAX_PAYMENT_LINE_AMOUNT, paymentApiPaths, type PaymentInput } from '../../domain/api/payments';
import { MAX_LINE_AMOUNT, readAmounts } from '../../src/give/give-amounts';
import { giveApiPaths, IDEMPOTENCY_HEADER } from '../../src/give/give-api';
import { givePath, localeOfGivePath, readGiveLocaleCookie, writeGiveLocaleCookie } from '../../src/give/give-locale';
import { newAttempt, nextAttempt } from '../../src/give/payment-attempt';
import { paymentIdFromUrl } from '../../src/give/pending-payment';
import { MAX_POLL_DELAY_MS, pollDelay } from '../../src/give/poll-delay';
import { readLocaleCookie, writeLocaleCookie } from '../../src/lib/i18n';

// The giving page repeats a few values of the payments contract instead of importing them (that
// module pulls zod and libphonenumber into the page's first load): these tests keep them equal.
describe('giving page against the payments contract', () => {
  it('calls the same paths as domain/api/payments.ts', () => {
    expect(giveApiPaths.payments).toBe(paymentApiPaths.payments);
    expect(giveApiPaths.paymentById('a-b')).toBe(paymentApiPaths.paymentById('a-b'));
    expect(giveApiPaths.lookupPhone).toBe(paymentApiPaths.lookupPhone);
    expect(giveApiPaths.institutions).toBe(paymentApiPaths.institutions);
    expect(giveApiPaths.institutionById(7)).toBe(paymentApiPaths.institutionById(7));
    expect(giveApiPaths.registerMember).toBe(paymentApiPaths.registerMember);
    expect(giveApiPaths.pledgeCode).toBe(givingPledgePaths.code);
    expect(giveApiPaths.pledgeVerify).toBe(givingPledgePaths.verify);
    expect(IDEMPOTENCY_HEADER).toBe(CONTRACT_HEADER);
    expect(MAX_LINE_AMOUNT).toBe(MAX_PAYMENT_LINE_AMOUNT);
  });

  it('shares the language cookie with the admin app both ways', () => {
    writeGiveLocaleCookie('en');
    expect(readLocaleCookie()).toBe('en');
    writeLocaleCookie('sw');
    expect(readGiveLocaleCookie()).toBe('sw');
    expect(readGiveLocaleCookie('a=1; lang=en; b=2')).toBe('en');
    expect(readGiveLocaleCookie('lang=fr')).toBeNull();
  });

  it('maps the two addresses of the page to their languages', () => {
    expect(givePath('sw')).toBe('/give-offerings');
    expect(givePath('en')).toBe('/en/give-offerings');
    expect(localeOfGivePath('/give-offerings')).toBe('sw');
    expect(localeOfGivePath('/en/give-offerings')).toBe('en');
  });

  it('reads the payment the card page sends the giver back to, and nothing that is not an id', () => {
    expect(paymentIdFromUrl('?payment=0190a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2b')).toBe('0190a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2b');
    expect(paymentIdFromUrl('?payment=../../etc')).toBeNull();
    expect(paymentIdFromUrl('')).toBeNull();
  });
});

describe('payment attempts', () => {
  const body: PaymentInput = { institutionId: 1, phone: '+255754123456', method: 'mobile', currency: 'TZS', lines: [{ offeringTypeId: 3, amount: 100_000 }] };
  let n = 0;
  const key = () => `key-${++n}`;

  it('keeps the key for the same body until the server has answered, even for a deliberate retry', () => {
    const first = newAttempt(body, key);
    const reordered: PaymentInput = { lines: [{ amount: 100_000, offeringTypeId: 3 }], currency: 'TZS', method: 'mobile', phone: '+255754123456', institutionId: 1 };
    expect(nextAttempt(first, reordered, {}, key)).toBe(first);
    expect(nextAttempt(first, body, { fresh: true }, key)).toBe(first);
  });

  it('makes a new key for a changed body, and for a retry after an answered attempt', () => {
    const first = newAttempt(body, key);
    const changed = nextAttempt(first, { ...body, method: 'card' }, {}, key);
    expect(changed.key).not.toBe(first.key);
    first.answered = true;
    expect(nextAttempt(first, body, {}, key)).toBe(first);
    const retry = nextAttempt(first, body, { fresh: true }, key);
    expect(retry.key).not.toBe(first.key);
    expect(retry.answered).toBe(false);
  });
});

describe('waiting screen back-off', () => {
  it('looks quickly at first, then never more often than before and never slower than the cap', () => {
    const delays = Array.from({ length: 40 }, (_, attempt) => pollDelay(attempt));
    expect(delays[0]).toBe(2000);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(Math.max(...delays)).toBe(MAX_POLL_DELAY_MS);
    expect(delays.at(-1)).toBe(MAX_POLL_DELAY_MS);
  });
});

describe('amounts', () => {
  const types = [
    { id: 1, title: 'Tithe' },
    { id: 2, title: 'Offering' },
    { id: 3, title: 'Building' },
  ];
  it('adds valid lines in minor units, leaves empty and zero ones out and reports the rest', () => {
    const result = readAmounts(types, { 1: '10,000', 2: '0.10', 3: '' }, 'TZS');
    expect(result.lines.map((line) => line.amount)).toEqual([1_000_000, 10]);
    expect(result.total).toBe(1_000_010);
    expect(result.problems).toEqual({});
    expect(readAmounts(types, { 1: '0' }, 'TZS').lines).toEqual([]);
    expect(readAmounts(types, { 1: '1e3', 2: '1.234', 3: '200000000.01' }, 'TZS').problems).toEqual({ 1: 'notDigits', 2: 'tooPrecise', 3: 'tooLarge' });
  });

  it('never loses a cent to floating point', () => {
    const result = readAmounts(types, { 1: '0.1', 2: '0.2' }, 'TZS');
    expect(result.total).toBe(30);
  });
});
