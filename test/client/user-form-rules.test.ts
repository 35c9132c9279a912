import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EditUserInput, NewBankUserInput, type UserItem } from '../../domain/api/back-office-users';
import { toE164 } from '../../domain/phone';
import { MAX_USER_NAME } from '../../domain/user-rules';
import { toNewUser, toUserChanges, userFormIssues, type UserFormValues } from '../../src/features/users/user-form-schema';
import { loadPhoneRules } from '../../src/lib/offline/phone-rules';
import { answeredAtOnce, assertAgreement, country, email, phone, phoneMustParse, pick, plainShown, selectId, text, zodShown } from './form-rules-oracle';

// The bank-user form checks what people type without zod (docs/decisions/013-desk-bundle.md). UserForm
// below is the zod form it used before, built as then on the wire schema NewBankUserInput (still what
// the server checks). On generated input the plain check must refuse the same fields with the same
// words, and on success send the same new user or the same changes; what it accepts, the wire takes.

const UserForm = NewBankUserInput.omit({ userType: true, phone: true, roleGroupId: true, branchId: true })
  .extend({
    phoneCountry: z.string(),
    phone: z.string(),
    roleGroupId: z.coerce.number<string | number>().int().positive(),
    branchId: z.preprocess((value) => (value === '' || value === null || value === undefined ? null : Number(value)), z.number().int().positive().nullable()),
  })
  .superRefine(phoneMustParse('phoneCountry', 'phone'));
type UserFormOutput = z.output<typeof UserForm>;

function oldNewUser(values: UserFormOutput) {
  return {
    userType: 'bank',
    username: values.username,
    name: values.name,
    email: values.email,
    phone: toE164(values.phone, values.phoneCountry) ?? values.phone,
    roleGroupId: values.roleGroupId,
    branchId: values.branchId,
  };
}

function oldUserChanges(values: UserFormOutput, user: UserItem) {
  const phoneNumber = toE164(values.phone, values.phoneCountry) ?? values.phone;
  const changes: Record<string, unknown> = {};
  if (values.name !== user.name) changes.name = values.name;
  if (values.email !== (user.email ?? '')) changes.email = values.email;
  if (phoneNumber !== (user.phone ?? '')) changes.phone = phoneNumber;
  if (values.roleGroupId !== user.roleGroupId) changes.roleGroupId = values.roleGroupId;
  if (values.branchId !== user.branchId) changes.branchId = values.branchId;
  return changes;
}

const existing: UserItem = {
  id: 12,
  username: 'asha.m',
  name: 'Neema Juma',
  email: 'asha@example.co.tz',
  phone: '+255713000001',
  userType: 'bank',
  roleGroupId: 7,
  roleGroup: 'Tellers',
  branchId: null,
  branchName: null,
  institutionId: null,
  institution: null,
  status: 'activated',
  twoFactorEnabled: false,
  lastLoginAt: null,
  createdAt: '2026-01-05T08:00:00.000Z',
  pendingRequestId: null,
};

const values = fc.record({
  username: pick(['asha.m', ' Asha_M ', 'abc', 'a'.repeat(40), 'user-1'], ['ab', 'a'.repeat(41), 'asha m', '', 'asha@m']),
  name: text(MAX_USER_NAME),
  email,
  phoneCountry: country,
  phone,
  roleGroupId: selectId,
  branchId: pick(['', '3', '12']),
}) as fc.Arbitrary<UserFormValues>;

describe('the user form agrees with the zod form it replaced', () => {
  beforeAll(async () => {
    await loadPhoneRules();
  });

  it('on a new bank user', () => {
    assertAgreement(
      values,
      (input) => {
        const zod = UserForm.safeParse(input);
        expect(plainShown(answeredAtOnce(userFormIssues(input)))).toEqual(zodShown(zod));
        if (!zod.success) return false;
        const wire = toNewUser(input);
        expect(wire).toStrictEqual(oldNewUser(zod.data));
        expect(NewBankUserInput.safeParse(wire).success).toBe(true);
        return true;
      },
      3000,
    );
  });

  it('on changes to a user, "nothing changed" included', () => {
    // Mostly the user as they are (spaces and case that the form cleans), sometimes a change.
    const edits = fc.record({
      username: fc.constant(existing.username),
      name: pick([existing.name, ` ${existing.name} `], ['Neema J. Juma']),
      email: pick([existing.email!, ' ASHA@example.co.tz '], ['neema@example.co.tz']),
      phoneCountry: fc.constant('TZ'),
      phone: pick([existing.phone!, '0713 000 001'], ['0713000002']),
      roleGroupId: pick(['7'], ['8']),
      branchId: pick([''], ['3']),
    });
    let unchanged = 0;
    fc.assert(
      fc.property(edits, (input) => {
        expect(answeredAtOnce(userFormIssues(input))).toEqual([]);
        const changes = toUserChanges(input, existing);
        expect(changes).toStrictEqual(oldUserChanges(UserForm.parse(input), existing));
        if (Object.keys(changes).length === 0) unchanged += 1;
        else expect(EditUserInput.safeParse(changes).success).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(unchanged).toBeGreaterThan(0);
  });
});
