import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { Profile } from '../../../domain/api/auth';
import type { Locale } from '../../../domain/locale';
import { fieldLabels } from '../../../domain/messages';
import { localizedPath, paths } from '../../../domain/paths';
import { Field } from '../../components/ui/field';
import { fieldErrorWords } from '../../components/ui/field-error-text';
import { issuesResolver } from '../../components/ui/issues-resolver';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { landingPath } from '../../lib/permissions';
import { requestPersistentStorage } from '../../lib/pwa';
import { getStoredProfile, hasSession, saveSession } from '../../lib/session';
import { menuQuery, rememberProfile, sessionKeys } from '../../lib/session-queries';
import { useLogin } from './api';
import { AuthFrame } from './auth-frame';
import { signInIssues, toLogin, type SignInValues } from './auth-form-rules';
import { BusyButton } from '../../components/ui/busy-button';

const DASHBOARDS = { bank: paths.dashboard, entity: paths.entityDashboard, profile: paths.profile };

/** Someone already signed in who opens "/" goes straight to their landing page. */
function AlreadySignedIn({ profile, locale }: { profile: Profile; locale: Locale }) {
  const { t } = useLingui();
  const menu = useQuery(menuQuery(profile.id, locale));
  if (menu.isPending) return <Spinner label={t`Loading…`} />;
  return <Navigate to={localizedPath(landingPath(profile, menu.data ?? [], DASHBOARDS), locale)} replace />;
}

export function SignInPage() {
  const locale = localeOfPath(useLocation().pathname);
  const profile = getStoredProfile();
  if (hasSession() && profile) return <AlreadySignedIn profile={profile} locale={locale} />;
  return <SignInForm locale={locale} />;
}

function SignInForm({ locale }: { locale: Locale }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [needsOtp, setNeedsOtp] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignInValues>({ resolver: issuesResolver(signInIssues), defaultValues: { username: '', password: '', remember: false } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await login.mutateAsync(toLogin(values));
      saveSession(result.token, result.profile);
      await rememberProfile(result.profile);
      queryClient.setQueryData(sessionKeys.profile(), result.profile);
      void requestPersistentStorage();
      // Fetching the menu now also stores it in Dexie, so the shell opens offline next time.
      const menu = await queryClient.fetchQuery(menuQuery(result.profile.id, locale)).catch(() => []);
      navigate(localizedPath(landingPath(result.profile, menu, DASHBOARDS), locale), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'otp_required') {
        setNeedsOtp(true);
        return;
      }
      if (error instanceof ApiError && error.code === 'otp_invalid') {
        form.setError('otp', { type: 'server', message: errorText(error, '') });
        return;
      }
      setFormError(errorText(error, t`You are offline. Connect to the internet to sign in.`));
    }
  });

  return (
    <AuthFrame title={t`Sign in`} tagline={t`Religious Payments Made Easy`}>
      <form className="form" onSubmit={onSubmit} noValidate>
        {formError ? (
          <p className="notice notice-error" role="alert">
            {formError}
          </p>
        ) : null}
        <Field id="username" label={t`Email or username`} error={fieldErrorWords(errors.username, i18n._(fieldLabels.username))}>
          <input id="username" autoComplete="username" readOnly={needsOtp} aria-invalid={Boolean(errors.username)} {...form.register('username')} />
        </Field>
        <Field id="password" label={t`Password`} error={fieldErrorWords(errors.password, i18n._(fieldLabels.password))}>
          <input id="password" type="password" autoComplete="current-password" readOnly={needsOtp} aria-invalid={Boolean(errors.password)} {...form.register('password')} />
        </Field>
        {needsOtp ? (
          <Field
            id="otp"
            label={t`Authentication code`}
            hint={t`Enter the 6-digit code from your authenticator app`}
            error={fieldErrorWords(errors.otp, i18n._(fieldLabels.otp))}
          >
            <input id="otp" inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus aria-invalid={Boolean(errors.otp)} {...form.register('otp')} />
          </Field>
        ) : null}
        <label className="checkbox">
          <input type="checkbox" {...form.register('remember')} />
          <span>
            <Trans>Remember me</Trans>
          </span>
        </label>
        <BusyButton type="submit" className="btn btn-primary btn-block" busy={isSubmitting}>
          {isSubmitting ? t`Signing in…` : needsOtp ? t`Verify and sign in` : t`Sign in`}
        </BusyButton>
        <Link className="link" to={localizedPath(paths.reset, locale)}>
          <Trans>Forgot password?</Trans>
        </Link>
      </form>
      <div className="auth-links">
        <Link to={localizedPath(paths.registration, locale)}>
          <Trans>Register a church or mosque</Trans>
        </Link>
        <Link to={localizedPath(paths.requestNewAccount, locale)}>
          <Trans>Change institution details</Trans>
        </Link>
      </div>
    </AuthFrame>
  );
}
