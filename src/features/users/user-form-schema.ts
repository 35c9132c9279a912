import { z } from 'zod';
import { NewBankUserInput, type EditUserInput, type UserItem } from '../../../domain/api/back-office-users';
import { toE164 } from '../../../domain/phone';

/**
 * The bank-user form as typed, on top of the wire schema NewBankUserInput: the phone as country
 * plus local number, the selects as strings ("" = nothing chosen). The bank-domain rule for the
 * email is the server's (its message names the domain).
 */
export const UserForm = NewBankUserInput.omit({ userType: true, phone: true, roleGroupId: true, branchId: true })
  .extend({
    phoneCountry: z.string(),
    phone: z.string(),
    roleGroupId: z.coerce.number<string | number>().int().positive(),
    branchId: z.preprocess((value) => (value === '' || value === null || value === undefined ? null : Number(value)), z.number().int().positive().nullable()),
  })
  .superRefine((values, ctx) => {
    if (values.phone.trim() === '') ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation.required' });
    else if (!toE164(values.phone, values.phoneCountry)) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation.invalidPhone' });
  });
export type UserFormValues = z.input<typeof UserForm>;
export type UserFormOutput = z.output<typeof UserForm>;

export function toNewUser(values: UserFormOutput): NewBankUserInput {
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

/** Only what differs from the user as they are now; an empty result means nothing changed. */
export function toUserChanges(values: UserFormOutput, user: UserItem): EditUserInput {
  const phone = toE164(values.phone, values.phoneCountry) ?? values.phone;
  const changes: EditUserInput = {};
  if (values.name !== user.name) changes.name = values.name;
  if (values.email !== (user.email ?? '')) changes.email = values.email;
  if (phone !== (user.phone ?? '')) changes.phone = phone;
  if (values.roleGroupId !== user.roleGroupId) changes.roleGroupId = values.roleGroupId;
  if (values.branchId !== user.branchId) changes.branchId = values.branchId;
  return changes;
}
