import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorText } from '../../lib/error-message';
import { ModalDialog } from './modal-dialog';
import { BusyButton } from './busy-button';

export type DeletionProof = { otp: string } | { password: string };

type Props = {
  title: string;
  children?: ReactNode;
  /** Asks the server to text a one-time code to the signed-in person's phone; answers the server's words. */
  onSendCode: () => Promise<string>;
  /** Deletes with the proof; a rejection (wrong code, wrong password) is shown in the dialog. */
  onConfirm: (proof: DeletionProof) => Promise<void>;
  onCancel: () => void;
};

const OTP = /^\d{6}$/;

/**
 * Every deletion is confirmed with a one-time code sent to the person's phone, or with their
 * password (spec section 5). Focus starts on Cancel so a stray Enter never deletes; Escape cancels.
 */
export function ConfirmDeletionDialog({ title, children, onSendCode, onConfirm, onCancel }: Props) {
  const { t } = useLingui();
  const titleId = useId();
  const [mode, setMode] = useState<'otp' | 'password'>('otp');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const offline = t`You are offline. Connect to the internet and try again.`;

  const sendCode = async () => {
    setBusy(true);
    setError(null);
    try {
      setSent(await onSendCode());
    } catch (caught) {
      setError(errorText(caught, offline));
    } finally {
      setBusy(false);
    }
  };

  const ready = mode === 'otp' ? OTP.test(otp) : password.length > 0;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(mode === 'otp' ? { otp } : { password });
    } catch (caught) {
      setError(errorText(caught, offline));
      setBusy(false);
    }
  };

  return (
    <ModalDialog role="alertdialog" labelledBy={titleId} className="dialog card" initialFocus={cancel} onCancel={onCancel} busy={busy}>
      <form className="form" onSubmit={submit}>
        <h2 id={titleId} className="card-title">
          {title}
        </h2>
        {children}
        <fieldset className="segmented">
          <legend className="visually-hidden">{t`Confirm with`}</legend>
          <label className={mode === 'otp' ? 'segment active' : 'segment'}>
            <input type="radio" name="proof" checked={mode === 'otp'} onChange={() => setMode('otp')} />
            <Trans>Code sent to my phone</Trans>
          </label>
          <label className={mode === 'password' ? 'segment active' : 'segment'}>
            <input type="radio" name="proof" checked={mode === 'password'} onChange={() => setMode('password')} />
            <Trans>My password</Trans>
          </label>
        </fieldset>
        {mode === 'otp' ? (
          <div className="field">
            <BusyButton type="button" className="btn btn-secondary btn-small" onClick={sendCode} busy={busy}>
              {sent ? t`Send a new code` : t`Send code to my phone`}
            </BusyButton>
            {sent ? (
              <p className="notice notice-success" role="status">
                {sent}
              </p>
            ) : null}
            <label htmlFor={`${titleId}-otp`}>{t`Confirmation code`}</label>
            <input
              id={`${titleId}-otp`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={otp}
              onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
            />
          </div>
        ) : (
          <div className="field">
            <label htmlFor={`${titleId}-password`}>{t`Your password`}</label>
            <input id={`${titleId}-password`} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          </div>
        )}
        {error ? (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <BusyButton ref={cancel} type="button" className="btn btn-secondary" onClick={onCancel} busy={busy}>
            <Trans>Cancel</Trans>
          </BusyButton>
          <BusyButton type="submit" className="btn btn-danger" busy={busy} disabled={!ready}>
            <Trans>Delete</Trans>
          </BusyButton>
        </div>
      </form>
    </ModalDialog>
  );
}
