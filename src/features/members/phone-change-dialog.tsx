import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { MemberDetail } from '../../../domain/api/members';
import { COUNTRY_CODE } from '../../../domain/limits';
import { Field } from '../../components/ui/field';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { PhoneInput } from '../../components/ui/phone-input';
import { errorText } from '../../lib/error-message';
import { preloadPhoneRules, withPhoneRules } from '../../lib/form-phone-rules';
import { confirmPhoneChange, startPhoneChange } from './api';
import { BusyButton } from '../../components/ui/busy-button';

type Props = { member: MemberDetail; onDone: (updated: MemberDetail) => void; onCancel: () => void };

const CODE = /^\d{6}$/;

/**
 * Two steps in one dialog: the new number (a code is texted to it), then the code the member reads
 * back. The phone changes on the server only at the second step; Escape or Cancel leaves it as it was.
 */
export function PhoneChangeDialog({ member, onDone, onCancel }: Props) {
  const { t } = useLingui();
  const titleId = useId();
  const [country, setCountry] = useState(COUNTRY_CODE);
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const offline = t`You are offline. Connect to the internet and try again.`;

  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (caught) {
      setError(errorText(caught, offline));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      // Offline the rules may not load: the server checks the number too.
      const international = (await withPhoneRules((rules) => (rules ? rules.toE164(phone, country) : phone.trim()))) ?? '';
      if (!international) {
        setError(t`Enter a valid phone number`);
        return;
      }
      await startPhoneChange(member.id, international);
      setSentTo(international);
      setCode('');
    });
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!CODE.test(code)) return;
    void run(async () => onDone(await confirmPhoneChange(member.id, code)));
  };

  return (
    <ModalDialog labelledBy={titleId} initialFocus={cancel} onCancel={onCancel} busy={busy}>
      <form className="form" noValidate onSubmit={sentTo ? confirm : sendCode}>
        <h2 id={titleId} className="card-title">
          <Trans>Change phone number</Trans>
        </h2>
        <p className="muted">
          <Trans>
            Current number: {member.phone}. We text a code to the new number; the number changes only when you enter that code.
          </Trans>
        </p>
        <Field id={`${titleId}-phone`} label={t`New phone number`}>
          <PhoneInput
            id={`${titleId}-phone`}
            country={country}
            onCountryChange={setCountry}
            pickerLoads="on-press"
            onFocus={preloadPhoneRules}
            readOnly={sentTo !== null}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
        </Field>
        {sentTo ? (
          <>
            <p className="notice notice-success" role="status">
              <Trans>We sent a code to {sentTo}. It expires in 10 minutes.</Trans>
            </p>
            <Field id={`${titleId}-code`} label={t`Code from the SMS`}>
              <input
                id={`${titleId}-code`}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              />
            </Field>
          </>
        ) : null}
        {error ? (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <BusyButton ref={cancel} type="button" className="btn btn-secondary" onClick={onCancel} busy={busy}>
            <Trans>Cancel</Trans>
          </BusyButton>
          {sentTo ? (
            <BusyButton type="button" className="btn btn-secondary" onClick={() => setSentTo(null)} busy={busy}>
              <Trans>Use another number</Trans>
            </BusyButton>
          ) : null}
          <BusyButton type="submit" className="btn btn-primary" busy={busy} disabled={sentTo ? !CODE.test(code) : phone.trim() === ''}>
            {sentTo ? <Trans>Confirm the new number</Trans> : <Trans>Send code</Trans>}
          </BusyButton>
        </div>
      </form>
    </ModalDialog>
  );
}
