import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { regexes } from 'zod/v4/core';
import { BatchInput, CashReceiptInput, MemberInput, Phone } from '../../domain/api/receipts';
import { isE164 } from '../../domain/phone';
import {
  checkBatch,
  checkCashReceipt,
  checkMember,
  checkPhone,
  DATE_PATTERN,
  DATETIME_OFFSET_PATTERN,
  MAX_LINE_AMOUNT,
  UUID_PATTERN,
  type RuleResult,
} from '../../domain/receipt-rules';

// The PWA checks what it writes with the plain rules of domain/receipt-rules.ts (no zod in the desk
// pages' chunks); the server with the zod contract. They must agree: same verdict, and on success
// the same stored value (trimmed, defaults filled, unknown keys dropped). Each input starts from
// values the contract accepts — borderline ones included (spaces to trim, maximum lengths, leap
// days, optional fields left out or present as undefined) — and then up to two fields get a value
// it refuses. On a refusal the plain rules name every field zod names (they may name more: zod
// skips the cross-field checks once a field has failed).

const ABSENT = Symbol('absent');
type Pool = readonly unknown[];
type Field = { valid: Pool; invalid: Pool };
type Shape = Record<string, Field>;

/** Valid values for every field, then 0–2 of them swapped for invalid ones; ABSENT leaves the key out. */
function inputOf(shape: Shape): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(shape);
  const valid = fc.record(Object.fromEntries(keys.map((key) => [key, fc.constantFrom(...shape[key]!.valid)])));
  const broken = fc.uniqueArray(fc.constantFrom(...keys), { maxLength: 2 }).chain((chosen) =>
    fc.tuple(fc.constant(chosen), fc.tuple(...chosen.map((key) => fc.constantFrom(...shape[key]!.invalid)))),
  );
  return fc
    .tuple(valid, fc.oneof({ weight: 2, arbitrary: fc.constant([[], []] as [string[], unknown[]]) }, { weight: 3, arbitrary: broken }))
    .map(([values, [chosen, wrong]]) => {
      const drawn: Record<string, unknown> = { ...values };
      chosen.forEach((key, index) => (drawn[key] = wrong[index]));
      return Object.fromEntries(Object.entries(drawn).filter(([, value]) => value !== ABSENT));
    });
}

function agree<T>(plain: RuleResult<T>, zod: { success: boolean; data?: unknown; error?: { issues: { path: PropertyKey[] }[] } }): boolean {
  expect(plain.ok).toBe(zod.success);
  if (plain.ok) {
    expect(plain.value).toStrictEqual(zod.data);
  } else {
    const named = new Set(plain.issues.map((issue) => issue.path));
    for (const issue of zod.error!.issues) expect(named).toContain(issue.path.join('.'));
  }
  return zod.success;
}

/** Runs the property and checks both verdicts were exercised, not only refusals. */
function assertAgreement(input: fc.Arbitrary<Record<string, unknown>>, compare: (value: Record<string, unknown>) => boolean, numRuns: number): void {
  let accepted = 0;
  fc.assert(
    fc.property(input, (value) => {
      if (compare(value)) accepted += 1;
    }),
    { numRuns },
  );
  expect(accepted).toBeGreaterThan(numRuns / 10);
  expect(accepted).toBeLessThan(numRuns);
}

const uuid: Field = {
  valid: ['0190f5f2-7a3b-7c4d-8e5f-a1b2c3d4e5f6', '0190F5F2-7A3B-4C4D-BE5F-A1B2C3D4E5F6', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
  invalid: ['0190f5f2-7a3b-0c4d-8e5f-a1b2c3d4e5f6', '0190f5f2-7a3b-7c4d-7e5f-a1b2c3d4e5f6', ' 0190f5f2-7a3b-7c4d-8e5f-a1b2c3d4e5f6', 'not-a-uuid', '', 42, null, undefined],
};
const optional = (field: Field): Field => ({ valid: [...field.valid, ABSENT, undefined], invalid: field.invalid.filter((value) => value !== undefined) });
const id: Field = { valid: [1, 7, 2 ** 53 - 1], invalid: [0, -3, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '5', null, undefined] };
const text = (max: number, required: boolean): Field => ({
  valid: ['Neema Juma', '  Neema  ', 'x'.repeat(max), ` ${'x'.repeat(max)} `, ...(required ? [] : ['', '   '])],
  invalid: ['x'.repeat(max + 1), 7, null, ...(required ? ['', '   ', undefined] : [])],
});
const phone: Field = {
  valid: ['+255713000001', ' +255713000001 ', '+12025550143', '+254712345678'],
  invalid: ['0713000001', '+255713', '+25571300000199', '+1 202 555 0143', '+2557130000x1', '', 255713000001, undefined],
};
const datetime: Field = {
  valid: ['2026-03-01T09:30:00.000Z', '2026-03-01T09:30:00+03:00', '2024-02-29T23:59:59.5-01:30'],
  invalid: ['2026-02-29T09:30:00Z', '2026-03-01T09:30Z', '2026-03-01T09:30:00', '2026-03-01T24:00:00Z', '2026-03-01 09:30:00Z', '', 0, undefined],
};
const currency: Field = { valid: ['TZS', 'KES'], invalid: ['tzs', 'TZ', 'TZSS', '', undefined] };

/** Lines: one to twenty valid ones, or a list the contract refuses (empty, 21 lines, a bad line). */
const goodLine = fc.record({ offeringTypeId: fc.constantFrom(1, 7), amount: fc.constantFrom(1, 1000, MAX_LINE_AMOUNT) });
const badLine = fc.constantFrom(
  { offeringTypeId: 1, amount: 0 },
  { offeringTypeId: 1, amount: MAX_LINE_AMOUNT + 1 },
  { offeringTypeId: 1, amount: 2.5 },
  { offeringTypeId: 0, amount: 100 },
  { offeringTypeId: 1 },
  null,
);

describe('the plain desk rules agree with the zod contract', () => {
  it('on a cash receipt', () => {
    const receipt = fc
      .tuple(
        inputOf({
          id: uuid,
          institutionId: id,
          currency,
          receivedAt: datetime,
          batchId: optional(uuid),
          method: { valid: ['cash', ABSENT, undefined], invalid: ['card', ''] },
          note: { valid: ['Envelope 12', '', '  ', 'x'.repeat(1000), ABSENT, undefined], invalid: ['x'.repeat(1001), 12] },
          receiptNo: { valid: ['MWG-7K3QD-000042', 'AB1', ABSENT, undefined], invalid: ['mwg-1', 'AB', 'A'.repeat(41)] },
          extra: { valid: ['dropped', ABSENT], invalid: ['dropped'] },
        }),
        // The giver: one of the three, or none (a loose offering); two are refused.
        fc.oneof(
          fc.record({ memberId: fc.constantFrom(...id.valid) }),
          fc.record({ memberClientId: fc.constantFrom(...uuid.valid) }),
          inputOf({ name: text(200, true), phone: optional(phone), extra: { valid: ['dropped', ABSENT], invalid: ['dropped'] } }).map((payer) => ({ payer })),
          fc.constantFrom({}, { memberId: 5, memberClientId: uuid.valid[0] }, { memberId: 5, payer: { name: 'A', phone: '+255713000001' } }, { payer: 'Neema' }, { memberId: 0 }),
        ),
        // Cash, or a cheque with or without its number.
        fc.constantFrom({}, { method: 'cheque', chequeNo: 'CHQ-7781' }, { method: 'cheque', chequeNo: '  CHQ 1 ' }, { method: 'cheque', chequeNo: 'x'.repeat(40) }, { method: 'cheque' }, { method: 'cheque', chequeNo: '  ' }, { chequeNo: 'x'.repeat(41) }),
        fc.oneof({ weight: 4, arbitrary: fc.array(goodLine, { minLength: 1, maxLength: 20 }) }, { weight: 1, arbitrary: fc.oneof(fc.constant([]), fc.array(goodLine, { minLength: 21, maxLength: 21 }), fc.tuple(goodLine, badLine), fc.constant('lines')) }),
      )
      .map(([fields, giver, method, lines]) => ({ ...fields, ...giver, ...method, lines }));
    assertAgreement(receipt, (input) => agree(checkCashReceipt(input, isE164), CashReceiptInput.safeParse(input)), 3000);
    // 3,000 generated receipts take ~2 s alone and over 5 s on a shared, busy machine.
  }, 30_000);

  it('on a member registration', () => {
    const member = inputOf({
      id: uuid,
      institutionId: id,
      firstName: text(80, true),
      lastName: text(80, true),
      phone,
      email: optional({
        valid: ['asha@example.co.tz', 'A.B+c@x-y.org', "o'neil@mail.com", `${'a'.repeat(193)}@b.co`],
        invalid: ['a@b', '.a@b.co', 'a..b@c.de', ' a@b.co', `${'a'.repeat(196)}@b.co`, ''],
      }),
      gender: { valid: ['male', 'female'], invalid: ['other', '', undefined] },
      preferredLanguage: { valid: ['sw', 'en'], invalid: ['fr', undefined] },
      zoneId: optional(id),
      country: { valid: ['TZ', 'KE'], invalid: ['tz', 'TZA', '', 5, undefined] },
      addressOne: optional(text(200, false)),
      city: optional(text(100, false)),
      state: optional(text(100, false)),
      postalCode: optional({ valid: ['14111', ' 14111 ', '1234567890'], invalid: ['', '12a', '12345678901', 14111] }),
      extra: { valid: ['dropped', ABSENT], invalid: ['dropped'] },
    });
    assertAgreement(member, (input) => agree(checkMember(input, isE164), MemberInput.safeParse(input)), 3000);
  });

  it('on a batch', () => {
    const batch = inputOf({
      id: uuid,
      institutionId: id,
      name: text(120, true),
      serviceDate: { valid: ['2026-03-01', '2024-02-29', '2000-02-29'], invalid: ['2026-02-29', '1900-02-29', '2026-13-01', '2026-3-1', '', undefined] },
      currency,
      closedAt: { valid: [...datetime.valid, null, ABSENT, undefined], invalid: datetime.invalid.filter((value) => value !== undefined) },
      extra: { valid: ['dropped', ABSENT], invalid: ['dropped'] },
    });
    assertAgreement(batch, (input) => agree(checkBatch(input), BatchInput.safeParse(input)), 2000);
  });

  it('on a phone alone', () => {
    for (const value of [...phone.valid, ...phone.invalid]) agree(checkPhone(value, isE164), Phone.safeParse(value));
  });

  it('with the same formats as zod for ids, dates and times', () => {
    expect(UUID_PATTERN.source).toBe(regexes.uuid().source);
    expect(DATE_PATTERN.source).toBe(regexes.date.source);
    expect(DATETIME_OFFSET_PATTERN.source).toBe(regexes.datetime({ offset: true }).source);
  });

  it('takes a loose offering and a walk-in without a phone; refuses two givers and a cheque without its number', () => {
    const base = { id: '0190f5f2-7a3b-7c4d-8e5f-a1b2c3d4e5f6', institutionId: 3, lines: [{ offeringTypeId: 1, amount: 100 }], currency: 'TZS', receivedAt: '2026-03-01T09:30:00Z' };
    expect(checkCashReceipt(base, isE164)).toEqual({ ok: true, value: { ...base, method: 'cash' } });
    expect(checkCashReceipt({ ...base, payer: { name: ' Plate ' } }, isE164)).toEqual({ ok: true, value: { ...base, payer: { name: 'Plate' }, method: 'cash' } });
    expect(checkCashReceipt({ ...base, memberId: 5, payer: { name: 'Neema' } }, isE164)).toEqual({ ok: false, issues: [{ path: 'payer', message: 'receipt.oneGiver' }] });
    expect(checkCashReceipt({ ...base, memberId: 5, method: 'cheque' }, isE164)).toEqual({ ok: false, issues: [{ path: 'chequeNo', message: 'validation.required' }] });
    expect(checkCashReceipt({ ...base, payer: { name: 'Neema', phone: '+25571' } }, isE164)).toEqual({
      ok: false,
      issues: [{ path: 'payer.phone', message: 'validation.invalidPhone' }],
    });
  });
});
