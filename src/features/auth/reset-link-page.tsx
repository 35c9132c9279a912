import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { fieldLabels, messages } from '../../../domain/messages';
import { localizedPath, paths } from '../../../domain/paths';
import { Field } from '../../components/ui/field';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { issuesResolver } from '../../components/ui/issues-resolver';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { showToast } from '../../lib/toast';
import { authQueries, useResetComplete } from './api';
import { AuthFrame } from './auth-frame';
import { resetIssues, toResetComplete, type ResetValues } from './auth-form-rules';
import { PasswordChecklist } from './password-checklist';
import { BusyButton } from '../../components/ui/busy-button';

/** Opened from the email link or after a verified SMS code: set the new password (plus 2FA code if on). */
export function ResetLinkPage() {
  const { t, i18n } = useLingui();
  const { id = '' } = useParams();
  const locale = localeOfPath(useLocation().pathname);
  const navigate = useNavigate();
  const status = useQuery(authQueries.resetStatus(id));
  const complete = useResetComplete(id);
  const form = useForm<ResetValues>({ resolver: issuesResolver(resetIssues), defaultValues: { password: '', otp: '' } });
  const { errors } = form.formState;
  const password = form.watch('password') ?? '';

  if (status.isPending) return <Spinner label={t`Loading…`} />;
  if (status.isError) {
    return (
      <AuthFrame title={t`Set a new password`}>
        <p className="notice notice-error" role="alert">
          {i18n._(messages.resetInvalid)}
        </p>
        <Link className="btn btn-secondary" to={localizedPath(paths.reset, locale)}>
          <Trans>Start again</Trans>
        </Link>
      </AuthFrame>
    );
  }

  const onSubmit = form.handleSubmit((values) =>
    complete.mutateAsync(toResetComplete(values)).then(
      (result) => {
        showToast({ tone: 'success', message: result.message });
        navigate(localizedPath(paths.login, locale), { replace: true });
      },
      () => undefined,
    ),
  );

  return (
    <AuthFrame title={t`Set a new password`}>
      <form className="form" noValidate onSubmit={onSubmit}>
        {complete.isError ? (
          <p className="notice notice-error" role="alert">
            {errorText(complete.error, t`You are offline. Connect to the internet and try again.`)}
          </p>
        ) : null}
        <Field
          id="new-password"
          label={t`New password`}
          error={fieldErrorWords(errors.password, i18n._(fieldLabels.newPassword))}
          hint={<PasswordChecklist id="new-password-rules" password={password} />}
        >
          <input id="new-password" type="password" autoComplete="new-password" aria-describedby="new-password-rules" {...form.register('password')} />
        </Field>
        {status.data.needsOtp ? (
          <Field id="reset-otp" label={t`Authentication code`} error={fieldErrorWords(errors.otp, i18n._(fieldLabels.otp))}>
            <input id="reset-otp" inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.register('otp')} />
          </Field>
        ) : null}
        <BusyButton type="submit" className="btn btn-primary btn-block" busy={form.formState.isSubmitting}>
          <Trans>Save new password</Trans>
        </BusyButton>
      </form>
    </AuthFrame>
  );
}
