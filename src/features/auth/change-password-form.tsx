import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { fieldLabels, messages } from '../../../domain/messages';
import { Field } from '../../components/ui/field';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { issuesResolver } from '../../components/ui/issues-resolver';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-message';
import { showToast } from '../../lib/toast';
import { useChangePassword } from './api';
import { changePasswordIssues, toChangePassword, type ChangePasswordValues } from './auth-form-rules';
import { PasswordChecklist } from './password-checklist';
import { BusyButton } from '../../components/ui/busy-button';

export function ChangePasswordForm() {
  const { t, i18n } = useLingui();
  const change = useChangePassword();
  const form = useForm<ChangePasswordValues>({
    resolver: issuesResolver(changePasswordIssues),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const newPassword = form.watch('newPassword') ?? '';

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(toChangePassword(values));
      form.reset();
      showToast({ tone: 'success', message: i18n._(messages.passwordChanged) });
    } catch (error) {
      // Field-level answers (wrong current password, reused password) go next to their field.
      if (error instanceof ApiError && error.fields.length > 0) {
        for (const field of error.fields) {
          if (field.path === 'currentPassword' || field.path === 'newPassword') form.setError(field.path, { type: 'server', message: field.message });
        }
        return;
      }
      form.setError('root', { type: 'server', message: errorText(error, t`You are offline. Connect to the internet and try again.`) });
    }
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="card-title">
        <Trans>Change password</Trans>
      </h2>
      {errors.root ? (
        <p className="notice notice-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <Field id="current-password" label={t`Current password`} error={fieldErrorWords(errors.currentPassword, i18n._(fieldLabels.currentPassword))}>
        <input id="current-password" type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </Field>
      <Field
        id="change-new-password"
        label={t`New password`}
        error={fieldErrorWords(errors.newPassword, i18n._(fieldLabels.newPassword))}
        hint={<PasswordChecklist id="change-password-rules" password={newPassword} />}
      >
        <input id="change-new-password" type="password" autoComplete="new-password" aria-describedby="change-password-rules" {...form.register('newPassword')} />
      </Field>
      <Field id="change-confirm-password" label={t`Confirm new password`} error={fieldErrorWords(errors.confirmPassword, i18n._(fieldLabels.confirmPassword))}>
        <input id="change-confirm-password" type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
      <BusyButton type="submit" className="btn btn-primary" busy={isSubmitting}>
        <Trans>Change password</Trans>
      </BusyButton>
    </form>
  );
}
