import type { EditUserInput, NewBankUserInput, UserItem } from '../../../domain/api/back-office-users';
import { MAX_USER_NAME, USERNAME_PATTERN } from '../../../domain/user-rules';
import type { FormIssue } from '../../components/ui/issues-resolver';
import { chosenIdProblem, emailProblem, issuesOf, normalEmail, optionalId, optionalIdProblem, textProblem } from '../../lib/form-checks';
import { INVALID } from '../../lib/form-message-ids';
import { phoneForWire, withPhoneIssues } from '../../lib/form-phone-rules';

/**
 * The bank-user form as typed, checked without zod (docs/decisions/013-desk-bundle.md) against the
 * wire schema NewBankUserInput: the phone as country plus local number, the selects as strings
 * ("" = nothing chosen). The bank-domain rule for the email is the server's (its message names the
 * domain). test/client/user-form-rules.test.ts holds the check and conversions equal to the zod form
 * they replace. The check answers at once unless a typed phone waits for the phone rules.
 */
export type UserFormValues = {
  username: string;
  name: string;
  email: string;
  phoneCountry: string;
  phone: string;
  roleGroupId: string;
  branchId: string;
};

const username = (value: string) => value.trim().toLowerCase();

export function userFormIssues(values: UserFormValues): FormIssue[] | Promise<FormIssue[]> {
  const issues = issuesOf({
    // When editing, the username is the user's own (it always passes) and is never sent.
    username: USERNAME_PATTERN.test(username(values.username)) ? null : INVALID,
    name: textProblem(values.name, MAX_USER_NAME),
    email: emailProblem(values.email),
    roleGroupId: chosenIdProblem(values.roleGroupId),
    branchId: optionalIdProblem(values.branchId),
  });
  return withPhoneIssues(issues, [{ path: 'phone', phone: values.phone, country: values.phoneCountry }]);
}

export function toNewUser(values: UserFormValues): NewBankUserInput {
  return {
    userType: 'bank',
    username: username(values.username),
    name: values.name.trim(),
    email: normalEmail(values.email),
    phone: phoneForWire(values.phone, values.phoneCountry),
    roleGroupId: Number(values.roleGroupId),
    branchId: optionalId(values.branchId),
  };
}

/** Only what differs from the user as they are now; an empty result means nothing changed. */
export function toUserChanges(values: UserFormValues, user: UserItem): EditUserInput {
  const { name, email, phone, roleGroupId, branchId } = toNewUser(values);
  const changes: EditUserInput = {};
  if (name !== user.name) changes.name = name;
  if (email !== (user.email ?? '')) changes.email = email;
  if (phone !== (user.phone ?? '')) changes.phone = phone;
  if (roleGroupId !== user.roleGroupId) changes.roleGroupId = roleGroupId;
  if (branchId !== user.branchId) changes.branchId = branchId;
  return changes;
}
