import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ReferrerInput } from '../../domain/api/back-office-reference';
import { toE164 } from '../../domain/phone';
import { MAX_REFERRER_NAME } from '../../domain/referrer-rules';
import { checkReferrer, REFERRER_IDENTITY, type CheckedReferrer, type ReferrerFormValues } from '../../src/features/reports/referrer-form-rules';
import { loadPhoneRules } from '../../src/lib/offline/phone-rules';
import { assertAgreement, country, phone, pick, plainShown, text, zodShown } from './form-rules-oracle';

// The referral report's referrer form checks without zod (src/features/reports/referrer-form-rules.ts).
// oldSubmit below is what the form did before: it built the wire input from what was typed and let
// ReferrerInput decide, putting the "staff need an employee number, freelancers a phone" issue beside
// the field that was missing. On generated input the plain check must refuse the same fields with
// the same words and, when it passes, send what the schema handed on.

function oldSubmit(values: ReferrerFormValues) {
  const input = {
    kind: values.kind,
    name: values.name,
    ...(values.kind === 'staff'
      ? { employeeNo: values.employeeNo || undefined }
      : { phone: values.phone.trim() ? (toE164(values.phone, values.phoneCountry) ?? values.phone) : undefined }),
    ...(values.referralCode.trim() ? { referralCode: values.referralCode } : {}),
  };
  const parsed = ReferrerInput.safeParse(input);
  const issues = (parsed.error?.issues ?? []).map((issue) => ({
    ...issue,
    path: issue.message === REFERRER_IDENTITY ? [values.kind === 'staff' ? 'employeeNo' : 'phone'] : issue.path.slice(0, 1),
  }));
  return { parsed, shown: zodShown({ success: parsed.success, error: { issues } }) };
}

const values = fc.record({
  kind: fc.constantFrom('staff', 'freelancer'),
  name: text(MAX_REFERRER_NAME),
  employeeNo: pick(['E-1001', ' e-1001 ', 'AB', 'A'.repeat(20), '12-34'], ['', ' ', 'A', 'A'.repeat(21), 'E 1001', 'É1']),
  phoneCountry: country,
  phone,
  referralCode: pick(['', '  ', 'ab12', ' AB12 ', 'ABC', 'A'.repeat(20)], ['AB', 'A'.repeat(21), 'AB-12', ' a b ']),
}) as fc.Arbitrary<ReferrerFormValues>;

const blank: ReferrerFormValues = { kind: 'freelancer', name: 'Neema Juma', employeeNo: '', phoneCountry: 'TZ', phone: '0713 000 001', referralCode: '' };

it('waits for the phone rules only when a typed phone must be checked', async () => {
  expect(checkReferrer({ ...blank, kind: 'staff', employeeNo: 'E-1' })).not.toBeInstanceOf(Promise);
  expect(checkReferrer({ ...blank, phone: '  ' })).not.toBeInstanceOf(Promise);
  const waiting = checkReferrer(blank);
  expect(waiting).toBeInstanceOf(Promise);
  expect((await waiting).value).toStrictEqual({ kind: 'freelancer', name: 'Neema Juma', phone: '+255713000001', branchId: null });
});

describe('the referrer form agrees with ReferrerInput as the form used it', () => {
  beforeAll(async () => {
    await loadPhoneRules();
  });

  it('on generated input', () => {
    assertAgreement(
      values,
      (input) => {
        const checked = checkReferrer(input) as CheckedReferrer;
        expect(checked).not.toBeInstanceOf(Promise);
        const old = oldSubmit(input);
        expect(plainShown(checked.issues)).toEqual(old.shown);
        if (!old.parsed.success) return false;
        expect(checked.value).toStrictEqual(old.parsed.data);
        return true;
      },
      3000,
    );
  });
});
