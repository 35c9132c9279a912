import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Locale } from '../../../domain/locale';
import { localizedPath, paths } from '../../../domain/paths';
import { Field } from '../../components/ui/field';
import { errorText } from '../../lib/error-message';
import { useResetRequest, useResetVerifyCode } from './api';
import { UsernameForm } from './username-form';
import { BusyButton } from '../../components/ui/busy-button';

/** Request a code by SMS, type it in, then set the new password on /reset/:id (the same page email links open). */
export function ResetByCode({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const request = useResetRequest();
  const verify = useResetVerifyCode();
  const [username, setUsername] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const offline = t`You are offline. Connect to the internet and try again.`;

  if (username === null || !request.isSuccess) {
    return (
      <>
        <p className="muted">{t`We will send a 6-digit code to the phone number registered for your account.`}</p>
        {request.isError ? (
          <p className="notice notice-error" role="alert">
            {errorText(request.error, offline)}
          </p>
        ) : null}
        <UsernameForm
          submitLabel={t`Send code`}
          busy={request.isPending}
          onSubmit={(name) => {
            setUsername(name);
            request.mutate({ username: name, channel: 'sms' });
          }}
        />
      </>
    );
  }

  const codeValid = /^\d{6}$/.test(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!codeValid) return;
    verify.mutate(
      { username, code },
      { onSuccess: ({ resetId }) => navigate(localizedPath(`${paths.reset}/${encodeURIComponent(resetId)}`, locale)) },
    );
  };
  return (
    <form className="form" noValidate onSubmit={submit}>
      <p className="notice notice-success" role="status">
        {request.data.message}
      </p>
      {verify.isError ? (
        <p className="notice notice-error" role="alert">
          {errorText(verify.error, offline)}
        </p>
      ) : null}
      <Field id="reset-code" label={t`Code`} hint={t`The 6-digit code from the SMS`}>
        <input
          id="reset-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
      </Field>
      <BusyButton type="submit" className="btn btn-primary btn-block" busy={verify.isPending} disabled={!codeValid}>
        {t`Verify code`}
      </BusyButton>
      <BusyButton type="button" className="btn btn-link" onClick={() => request.mutate({ username, channel: 'sms' })} busy={request.isPending}>
        {t`Send a new code`}
      </BusyButton>
    </form>
  );
}
