import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { KnownGiver } from '../../domain/api/payments';
import { DEFAULT_COUNTRY } from './calling-codes';
import { giveApi } from './give-api';
import { giveErrorText } from './give-errors';
import type { Giver } from './give-flow';
import { loadPhoneTools, PhoneField } from './phone-field';
import { StepHeading } from './step-heading';
import { BusyButton } from '../components/ui/busy-button';

type PhoneStepProps = {
  giver: Giver | null;
  onKnown: (giver: Giver, members: KnownGiver[]) => void;
  onUnknown: (giver: Giver) => void;
};

/** Step 1: the giver's phone number, looked up to greet a known member. */
export function PhoneStep({ giver, onKnown, onUnknown }: PhoneStepProps) {
  const { t, i18n } = useLingui();
  const [country, setCountry] = useState(giver?.country ?? DEFAULT_COUNTRY);
  const [national, setNational] = useState(giver?.national ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (national.trim() === '') {
      setError(t`Phone number can not be empty`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { toE164 } = await loadPhoneTools();
      const phone = toE164(national, country);
      if (!phone) {
        setError(t`Enter a valid phone number`);
        return;
      }
      const next: Giver = { country, national, phone };
      const result = await giveApi.lookupPhone(phone);
      if (result.found && result.members.length > 0) onKnown(next, result.members);
      else onUnknown(next);
    } catch (failure) {
      setError(giveErrorText(failure, i18n));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="give-card" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="give-phone-title">
      <StepHeading>
        <span id="give-phone-title">
          <Trans>Your phone number</Trans>
        </span>
      </StepHeading>
      <p className="give-lead">
        <Trans>Members are recognised by their phone number. Guests can give too.</Trans>
      </p>
      <div className={error ? 'field field-invalid' : 'field'}>
        <label htmlFor="give-phone">
          <Trans>Phone number</Trans>
        </label>
        <PhoneField
          id="give-phone"
          country={country}
          onCountryChange={setCountry}
          value={national}
          onValueChange={setNational}
          placeholder="0712 345 678"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'give-phone-error' : undefined}
        />
        {error ? (
          <p className="field-error" id="give-phone-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <BusyButton type="submit" className="btn btn-primary btn-block" busy={busy} aria-busy={busy}>
        {busy ? <Trans>Checking…</Trans> : <Trans>Continue</Trans>}
      </BusyButton>
    </form>
  );
}
