import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { Profile } from '../../../domain/api/auth';
import { messages } from '../../../domain/messages';
import { Field } from '../../components/ui/field';
import { errorText } from '../../lib/error-message';
import { showToast } from '../../lib/toast';
import { useTwoFactorDisable, useTwoFactorEnable, useTwoFactorSetup } from './api';
import { BusyButton } from '../../components/ui/busy-button';

const SIX_DIGITS = /^\d{6}$/;

function digitsOnly(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

/** Turn on: get a secret (QR + text), then prove the app works with one code. */
function EnableTwoFactor() {
  const { t, i18n } = useLingui();
  const setup = useTwoFactorSetup();
  const enable = useTwoFactorEnable();
  const [otp, setOtp] = useState('');
  const offline = t`You are offline. Connect to the internet and try again.`;

  if (!setup.data) {
    return (
      <>
        <p className="muted">
          <Trans>Protect your account with a code from an authenticator app each time you sign in.</Trans>
        </p>
        {setup.isError ? <p className="notice notice-error" role="alert">{errorText(setup.error, offline)}</p> : null}
        <BusyButton type="button" className="btn btn-primary" onClick={() => setup.mutate()} busy={setup.isPending}>
          <Trans>Turn on two-factor authentication</Trans>
        </BusyButton>
      </>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!SIX_DIGITS.test(otp)) return;
    enable.mutate({ otp }, { onSuccess: () => showToast({ tone: 'success', message: i18n._(messages.twoFactorEnabled) }) });
  };
  return (
    <form className="form" noValidate onSubmit={submit}>
      <p>
        <Trans>Scan this code with your authenticator app, or type the secret key into it.</Trans>
      </p>
      <img className="qr" src={setup.data.qrDataUrl} alt={t`QR code for the authenticator app`} width="200" height="200" />
      <p className="secret">
        <Trans>Secret key:</Trans> <code>{setup.data.secret}</code>
      </p>
      {enable.isError ? <p className="notice notice-error" role="alert">{errorText(enable.error, offline)}</p> : null}
      <Field id="enable-otp" label={t`Code from the app`}>
        <input id="enable-otp" inputMode="numeric" autoComplete="one-time-code" value={otp} onChange={(event) => setOtp(digitsOnly(event.target.value))} />
      </Field>
      <BusyButton type="submit" className="btn btn-primary" busy={enable.isPending} disabled={!SIX_DIGITS.test(otp)}>
        <Trans>Confirm and turn on</Trans>
      </BusyButton>
    </form>
  );
}

/** Turning it off needs both the password and a current code, so a stolen session cannot do it alone. */
function DisableTwoFactor() {
  const { t, i18n } = useLingui();
  const disable = useTwoFactorDisable();
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const ready = password.length > 0 && SIX_DIGITS.test(otp);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    disable.mutate(
      { password, otp },
      { onSuccess: () => showToast({ tone: 'success', message: i18n._(messages.twoFactorDisabled) }) },
    );
  };
  return (
    <form className="form" noValidate onSubmit={submit}>
      <p className="notice notice-success">{i18n._(messages.twoFactorEnabled)}</p>
      {disable.isError ? (
        <p className="notice notice-error" role="alert">
          {errorText(disable.error, t`You are offline. Connect to the internet and try again.`)}
        </p>
      ) : null}
      <Field id="disable-password" label={t`Password`}>
        <input id="disable-password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
      </Field>
      <Field id="disable-otp" label={t`Code from the app`}>
        <input id="disable-otp" inputMode="numeric" autoComplete="one-time-code" value={otp} onChange={(event) => setOtp(digitsOnly(event.target.value))} />
      </Field>
      <BusyButton type="submit" className="btn btn-danger" busy={disable.isPending} disabled={!ready}>
        <Trans>Turn off two-factor authentication</Trans>
      </BusyButton>
    </form>
  );
}

export function TwoFactorPanel({ profile }: { profile: Profile }) {
  return (
    <section className="card" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="card-title">
        <Trans>Two-factor authentication</Trans>
      </h2>
      {profile.twoFactorEnabled ? <DisableTwoFactor /> : <EnableTwoFactor />}
    </section>
  );
}
