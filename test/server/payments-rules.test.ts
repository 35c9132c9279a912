import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskName, maskPhone } from '../../domain/api/payments';
import { isValidCardExpiry, isValidCardNumber, luhnValid, parseCardExpiry } from '../../domain/card';
import { detectOperator } from '../../domain/operators';
import { toE164 } from '../../domain/phone';
import { toMajorUnits, toMinorUnits } from '../../server/providers/payments/major-units';
import { allocate, buildPaymentPostings, shareHolders } from '../../server/services/payments/payment-ledger';
import { paymentFee } from '../../server/services/payments/payment-fees';
import { nextAttemptAt, pollOffsets } from '../../server/services/payments/payment-jobs';
import { DEFAULT_POLL_SCHEDULE_SECONDS } from '../../server/services/payments/payment-deps';

/** The pure rules of the payments engine: operators, cards, masking, fees, amounts, ledger splits, the poll schedule. */
describe('payments rules', () => {
  it('detects the network from a Tanzanian mobile number', () => {
    const cases: Array<[string, string | null]> = [
      ['0754 123 456', 'vodacom'],
      ['0744123456', 'vodacom'],
      ['0763123456', 'vodacom'],
      ['0713123456', 'tigo'],
      ['0655123456', 'tigo'],
      ['0677123456', 'tigo'],
      ['0777123456', 'tigo'],
      ['0688123456', 'airtel'],
      ['0699123456', 'airtel'],
      ['0787123456', 'airtel'],
      ['0618123456', 'halotel'],
      ['0622123456', 'halotel'],
      ['0732123456', 'ttcl'],
      ['0662123456', null],
    ];
    for (const [local, operator] of cases) expect(detectOperator(toE164(local) ?? ''), local).toBe(operator);
    expect(detectOperator('+254712345678')).toBeNull();
    expect(detectOperator('+25571234567')).toBeNull();
  });

  it('checks card numbers with Luhn (12–19 digits, spaces allowed) and expiry through the end of its month', () => {
    expect(isValidCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isValidCardNumber('4242-4242-4242-4241')).toBe(false);
    expect(isValidCardNumber('4242 4242 424')).toBe(false);
    expect(isValidCardNumber('4242x4242424242424')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    const now = new Date('2026-03-31T23:00:00Z');
    expect(isValidCardExpiry(parseCardExpiry('03/26'), now)).toBe(true);
    expect(isValidCardExpiry(parseCardExpiry('02/26'), now)).toBe(false);
    expect(isValidCardExpiry(parseCardExpiry('13/27'), now)).toBe(false);
    expect(isValidCardExpiry(parseCardExpiry('12/2030'), now)).toBe(true);
    expect(isValidCardExpiry(parseCardExpiry('12/2060'), now)).toBe(false);
    expect(isValidCardExpiry(parseCardExpiry('1226'), now)).toBe(false);
  });

  it('masks names and phones enough to recognise, not to learn', () => {
    expect(maskName('Neema', 'Mushi')).toBe('Ne••• Mu•••');
    expect(maskName('Al', 'O')).toBe('A••• O•••');
    expect(maskPhone('+255712345678')).toBe('+255 7•• ••• 678');
  });

  it('fees: basis points rounded half up, capped, none on bank transfers', () => {
    const model = { feeBp: 100, feeCap: 500_000 };
    expect(paymentFee(1_333_300, 'mobile', model)).toBe(13_333);
    expect(paymentFee(150, 'card', model)).toBe(2);
    expect(paymentFee(100_000_000, 'mobile', model)).toBe(500_000);
    expect(paymentFee(1_333_300, 'bank', model)).toBe(0);
  });

  it('converts minor and major units exactly, and refuses what cannot be exact', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 ** 13 }), (minor) => toMinorUnits(toMajorUnits(minor, 'TZS'), 'TZS') === minor));
    expect(toMajorUnits(150_050, 'TZS')).toBe('1500.50');
    expect(toMinorUnits('1500.5', 'TZS')).toBe(150_050);
    expect(toMinorUnits('1500.505', 'TZS')).toBeNull();
    expect(toMinorUnits('1500', 'UGX')).toBe(1500);
    expect(toMinorUnits('-5', 'TZS')).toBeNull();
    expect(toMinorUnits('1e5', 'TZS')).toBeNull();
  });

  it('allocate: parts add up to the total and follow the weights within one unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.array(fc.integer({ min: 1, max: 10 ** 9 }), { minLength: 1, maxLength: 10 }), (total, weights) => {
        const parts = allocate(total, weights);
        const sum = weights.reduce((a, b) => a + b, 0);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        parts.forEach((part, i) => expect(Math.abs(part - (total * weights[i]!) / sum)).toBeLessThan(1));
      }),
    );
  });

  it('every payment entry balances: debit = gross = fee + shares, whatever the lines and divisions', () => {
    const divisions = fc
      .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }))
      .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const)
      .map(([a, b]) => ({ church: a, field: b - a, union: 10_000 - b }));
    fc.assert(
      fc.property(fc.array(fc.record({ amount: fc.integer({ min: 1, max: 10 ** 10 }), divisions }), { minLength: 1, maxLength: 10 }), fc.integer({ min: 0, max: 10_000 }), (lines, feeBp) => {
        const gross = lines.reduce((sum, line) => sum + line.amount, 0);
        const fee = paymentFee(gross, 'mobile', { feeBp, feeCap: Number.MAX_SAFE_INTEGER });
        const postings = buildPaymentPostings({
          fee,
          currency: 'TZS',
          institutionId: 9,
          holders: shareHolders({ id: 9, path: '/1/4/7/9/' }),
          lines: lines.map((line, i) => ({ offeringTypeId: i + 1, ...line })),
        });
        const debit = postings.reduce((sum, p) => sum + (p.debit ?? 0), 0);
        const shares = postings.filter((p) => p.account.startsWith('share:')).reduce((sum, p) => sum + (p.credit ?? 0), 0);
        expect(debit).toBe(gross);
        expect(shares + fee).toBe(gross);
        expect(postings.every((p) => (p.debit ?? 0) >= 0 && (p.credit ?? 0) >= 0 && ((p.debit ?? 0) === 0) !== ((p.credit ?? 0) === 0))).toBe(true);
      }),
    );
  });

  it('share holders come from the path: church itself, field second, union first', () => {
    expect(shareHolders({ id: 9, path: '/1/4/7/9/' })).toEqual({ church: 9, field: 4, union: 1 });
    expect(shareHolders({ id: 5, path: '/5/' })).toEqual({ church: 5, field: 5, union: 5 });
  });

  it('the poll schedule: 30 s, 2 min, 10 min, 1 h, then hourly to 48 h, with each payment\'s timeout merged in', () => {
    expect(DEFAULT_POLL_SCHEDULE_SECONDS.slice(0, 5)).toEqual([30, 120, 600, 3600, 7200]);
    expect(DEFAULT_POLL_SCHEDULE_SECONDS.at(-1)).toBe(48 * 3600);
    expect(pollOffsets([30, 120, 600], 900)).toEqual([30, 120, 600, 900]);
    expect(pollOffsets([30, 120, 600], 120)).toEqual([30, 120, 600]);
    expect(nextAttemptAt([30, 120, 600], 0)).toBe(0);
    expect(nextAttemptAt([30, 120, 600], 200)).toBe(2);
    expect(nextAttemptAt([30, 120, 600], 9999)).toBe(2);
  });
});
