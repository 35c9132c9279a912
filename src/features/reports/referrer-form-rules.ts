import type { z } from 'zod';
import type { ReferrerInput } from '../../../domain/api/back-office-reference';
import { EMPLOYEE_NO_PATTERN, MAX_REFERRER_NAME, REFERRAL_CODE_PATTERN, type ReferrerKind } from '../../../domain/referrer-rules';
import type { FormIssue } from '../../components/ui/issues-resolver';
import { issuesOf, textProblem, type Problem } from '../../lib/form-checks';
import { INVALID, INVALID_PHONE } from '../../lib/form-message-ids';
import { withPhoneRules } from '../../lib/form-phone-rules';
import type { PhoneRules } from '../../lib/offline/phone-rules';

/**
 * The new-referrer form as typed (a phone as country plus local number), checked without zod
 * against ReferrerInput (docs/decisions/013-desk-bundle.md): trimmed and upper-cased first, then
 * the patterns; a staff referrer needs an employee number, a freelancer a phone. The value is what
 * the schema would hand on, and what is sent. test/client/referrer-form-rules.test.ts holds the
 * two equal. The check answers at once unless a typed phone waits for the phone rules.
 */
export type ReferrerFormValues = { kind: ReferrerKind; name: string; employeeNo: string; phoneCountry: string; phone: string; referralCode: string };
export type CheckedReferrer = { value: z.output<typeof ReferrerInput>; issues: FormIssue[] };

/** The message of the schema's "staff need an employee number, freelancers a phone" rule. */
export const REFERRER_IDENTITY = 'backoffice.referrerIdentity';

function check(values: ReferrerFormValues, rules: PhoneRules | null): CheckedReferrer {
  const value: CheckedReferrer['value'] = { kind: values.kind, name: values.name.trim(), branchId: null };
  const problems: Record<string, Problem> = { name: textProblem(values.name, MAX_REFERRER_NAME) };
  if (values.kind === 'staff') {
    // An empty box is "no employee number"; spaces alone are one that is not valid (as before).
    if (values.employeeNo === '') problems.employeeNo = REFERRER_IDENTITY;
    else {
      value.employeeNo = values.employeeNo.trim().toUpperCase();
      problems.employeeNo = EMPLOYEE_NO_PATTERN.test(value.employeeNo) ? null : INVALID;
    }
  } else if (values.phone.trim() === '') problems.phone = REFERRER_IDENTITY;
  else {
    // Without the rules (offline) the phone goes as typed and the server, which checks it too, decides.
    value.phone = rules?.toE164(values.phone, values.phoneCountry) ?? values.phone.trim();
    problems.phone = rules && !rules.isE164(value.phone) ? INVALID_PHONE : null;
  }
  if (values.referralCode.trim() !== '') {
    value.referralCode = values.referralCode.trim().toUpperCase();
    problems.referralCode = REFERRAL_CODE_PATTERN.test(value.referralCode) ? null : INVALID;
  }
  return { value, issues: issuesOf(problems) };
}

export function checkReferrer(values: ReferrerFormValues): CheckedReferrer | Promise<CheckedReferrer> {
  return values.kind === 'freelancer' && values.phone.trim() !== '' ? withPhoneRules((rules) => check(values, rules)) : check(values, null);
}
