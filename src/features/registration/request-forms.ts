import type { AmendmentInput, InstitutionAccessCodeInput } from '../../../domain/api/back-office-registration';
import { INSTITUTION_CODE_LENGTH, MAX_PLACE, MAX_TITLE } from '../../../domain/registration-rules';
import type { FormIssue } from '../../components/ui/issues-resolver';
import { emailProblem, issuesOf, textProblem, type Problem } from '../../lib/form-checks';
import { INVALID, INVALID_PHONE, REQUIRED } from '../../lib/form-message-ids';
import { phoneForWire, withPhoneIssues, withPhoneRules } from '../../lib/form-phone-rules';

/**
 * The forms of /request-new-account, checked without zod against AmendmentInput and
 * InstitutionAccessCodeInput of domain/api/back-office-registration.ts (the account-number form
 * shares the bank-account step's check, step-forms.ts). test/client/registration-form-rules.test.ts
 * holds them equal to the zod checks they replace.
 */
type Checked = FormIssue[] | Promise<FormIssue[]>;

export type AccessFormValues = { institutionCode: string; phoneCountry: string; phone: string; code: string };
const institutionCode = (value: string) => value.trim().toUpperCase();
function institutionCodeProblem(value: string): Problem {
  const code = institutionCode(value);
  if (code.length < INSTITUTION_CODE_LENGTH.min) return REQUIRED;
  return code.length > INSTITUTION_CODE_LENGTH.max ? INVALID : null;
}
export function accessFormIssues(values: AccessFormValues): Checked {
  const issues = issuesOf({ institutionCode: institutionCodeProblem(values.institutionCode) });
  return withPhoneIssues(issues, [{ path: 'phone', phone: values.phone, country: values.phoneCountry }]);
}
/** Who asks for a code: the institution's code and a phone the bank holds for it. */
export function toAccessIdentity(values: AccessFormValues): InstitutionAccessCodeInput {
  return { institutionCode: institutionCode(values.institutionCode), phone: phoneForWire(values.phone, values.phoneCountry) };
}

// Blank means "leave as it is"; the default user changes only as a whole (name, phone and email).
export type AmendmentFormValues = {
  title: string;
  region: string;
  district: string;
  street: string;
  changeUser: boolean;
  userName: string;
  phoneCountry: string;
  userPhone: string;
  userEmail: string;
};
export function toAmendmentInput(values: AmendmentFormValues): AmendmentInput {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    title: optional(values.title),
    region: optional(values.region),
    district: optional(values.district),
    street: optional(values.street),
    defaultUser: values.changeUser ? { name: values.userName.trim(), phone: phoneForWire(values.userPhone, values.phoneCountry), email: values.userEmail.trim() } : undefined,
  };
}

/**
 * The wire schema decides (nothing changed, too long, a bad phone), on the converted values; its
 * default user's issues go to the form's own fields, "nothing changed" to the top of the form.
 */
export function amendmentFormIssues(values: AmendmentFormValues): Checked {
  const check = (rules: { isE164: (value: string) => boolean } | null): FormIssue[] => {
    const input = toAmendmentInput(values);
    const changed = (value: string | undefined, max: number) => (value === undefined ? null : textProblem(value, max));
    const issues = issuesOf({
      title: changed(input.title, MAX_TITLE),
      region: changed(input.region, MAX_PLACE),
      district: changed(input.district, MAX_PLACE),
      street: changed(input.street, MAX_TITLE),
    });
    const user = input.defaultUser;
    if (user) {
      // Without the rules (offline) only an empty phone is refused here; the server checks the rest.
      const phoneRefused = user.phone === '' || (rules !== null && !rules.isE164(user.phone));
      issues.push(...issuesOf({ userName: textProblem(user.name, MAX_TITLE), userPhone: phoneRefused ? INVALID_PHONE : null, userEmail: emailProblem(user.email) }));
    }
    if (Object.values(input).every((value) => value === undefined)) issues.push({ path: 'root', message: 'backoffice.nothingChanged' });
    return issues;
  };
  return values.changeUser && values.userPhone.trim() !== '' ? withPhoneRules(check) : check(null);
}
