import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { UserItem } from '../../../domain/api/back-office-users';
import { COUNTRY_CODE } from '../../../domain/limits';
import { fieldLabels, messages } from '../../../domain/messages';
import { Field } from '../../components/ui/field';
import { issuesResolver } from '../../components/ui/issues-resolver';
import { PhoneInput } from '../../components/ui/phone-input';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-message';
import { preloadPhoneRules } from '../../lib/form-phone-rules';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { showToast } from '../../lib/toast';
import { useCreateUser, useEditUser } from './api';
import { toNewUser, toUserChanges, userFormIssues, type UserFormValues } from './user-form-schema';
import { roleGroupName } from '../../lib/reference-names';
import { BusyButton } from '../../components/ui/busy-button';

export type RoleGroupOption = { id: number; name: string; locationLevel: string | null };
type Props = {
  user: UserItem | null;
  roleGroups: readonly RoleGroupOption[];
  branches: ReadonlyArray<{ id: number; name: string; shortCode: string }>;
  onDone: () => void;
};

const FIELDS = ['username', 'name', 'email', 'phone', 'roleGroupId', 'branchId'] as const;
const resolver = issuesResolver(userFormIssues);

/** A new bank user, or changes to one: either way a request that another administrator approves. */
export function BankUserForm({ user, roleGroups, branches, onDone }: Props) {
  const { t, i18n } = useLingui();
  const create = useCreateUser();
  const edit = useEditUser();
  const form = useForm<UserFormValues>({
    resolver,
    defaultValues: {
      username: user?.username ?? '',
      name: user?.name ?? '',
      email: user?.email ?? '',
      phoneCountry: COUNTRY_CODE,
      phone: user?.phone ?? '',
      roleGroupId: user ? String(user.roleGroupId) : '',
      branchId: user?.branchId ? String(user.branchId) : '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const label = (key: keyof typeof fieldLabels) => i18n._(fieldLabels[key]);
  const chosenGroup = roleGroups.find((group) => group.id === Number(form.watch('roleGroupId')));

  const submit = form.handleSubmit(async (values) => {
    try {
      if (user) {
        const changes = toUserChanges(values, user);
        if (Object.keys(changes).length === 0) {
          form.setError('root', { type: 'server', message: i18n._(messages.boNothingChanged) });
          return;
        }
        await edit.mutateAsync({ id: user.id, changes });
      } else {
        await create.mutateAsync(toNewUser(values));
      }
      showToast({ tone: 'success', message: t`Sent for approval` });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        for (const field of error.fields) {
          const path = FIELDS.find((name) => field.path === name);
          if (path) form.setError(path, { type: 'server', message: field.message });
          else form.setError('root', { type: 'server', message: field.message });
        }
        return;
      }
      form.setError('root', { type: 'server', message: errorText(error, t`You are offline. Connect to the internet and try again.`) });
    }
  });

  return (
    <form className="form card" noValidate onSubmit={submit} aria-labelledby="user-form-title">
      <h2 id="user-form-title" className="card-title">
        {user ? t`Edit ${user.username}` : t`New bank user`}
      </h2>
      <p className="muted">
        <Trans>Another administrator approves this before it takes effect.</Trans>
      </p>
      {errors.root ? (
        <p className="notice notice-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <div className="form-row">
        {user ? null : (
          <Field id="user-username" label={t`Username`} error={fieldErrorWords(errors.username, t`Username`)} hint={t`Lower-case letters, digits, dot, dash or underscore.`}>
            <input id="user-username" autoComplete="off" aria-invalid={Boolean(errors.username)} {...form.register('username')} />
          </Field>
        )}
        <Field id="user-name" label={label('name')} error={fieldErrorWords(errors.name, label('name'))}>
          <input id="user-name" autoComplete="off" aria-invalid={Boolean(errors.name)} {...form.register('name')} />
        </Field>
      </div>
      <div className="form-row">
        <Field id="user-email" label={label('email')} error={fieldErrorWords(errors.email, label('email'))} hint={t`A bank email address is required.`}>
          <input id="user-email" type="email" autoComplete="off" aria-invalid={Boolean(errors.email)} {...form.register('email')} />
        </Field>
        <Field id="user-phone" label={label('phone')} error={fieldErrorWords(errors.phone, label('phone'))}>
          <PhoneInput
            id="user-phone"
            country={form.watch('phoneCountry')}
            onCountryChange={(code) => form.setValue('phoneCountry', code)}
            pickerLoads="on-press"
            onFocus={preloadPhoneRules}
            aria-invalid={Boolean(errors.phone)}
            {...form.register('phone')}
          />
        </Field>
      </div>
      <div className="form-row">
        <Field id="user-role-group" label={label('roleGroupId')} error={fieldErrorWords(errors.roleGroupId, label('roleGroupId'))}>
          <select id="user-role-group" aria-invalid={Boolean(errors.roleGroupId)} {...form.register('roleGroupId')}>
            <option value="">{t`Choose…`}</option>
            {roleGroups.map((group) => (
              <option key={group.id} value={group.id}>
                {roleGroupName(i18n, group.name)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="user-branch"
          label={label('branchId')}
          error={fieldErrorWords(errors.branchId, label('branchId'))}
          hint={chosenGroup?.locationLevel === 'branch' ? t`This role group works at a branch: choose one.` : undefined}
        >
          <select id="user-branch" aria-invalid={Boolean(errors.branchId)} {...form.register('branchId')}>
            <option value="">{t`No branch (head office)`}</option>
            {branches.map((branch) => (
              <option key={branch.id} value={branch.id}>
                {branch.name} ({branch.shortCode})
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
        <BusyButton type="submit" className="btn btn-primary" busy={isSubmitting}>
          <Trans>Send for approval</Trans>
        </BusyButton>
      </div>
    </form>
  );
}
