import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { MAX_TEXT_CHARS } from '../../../domain/limits';
import { localizedPath, paths } from '../../../domain/paths';
import { MAX_SMS_TOPUP } from '../../../domain/api/sms-topups';
import { Field } from '../../components/ui/field';
import { TextAreaWithCounter } from '../../components/ui/text-area-counter';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { showToast } from '../../lib/toast';
import { smsQueries, useRequestTopUp } from './api';
import { type ChosenInstitution, InstitutionChooser } from './institution-chooser';
import { BusyButton } from '../../components/ui/busy-button';

/**
 * Bank staff ask for an SMS top-up of a church or mosque (ADR 057). Nothing is added here: the
 * request waits on /requests until another bank user approves it.
 */
export function TopUpRequestForm() {
  const { t } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const [institution, setInstitution] = useState<ChosenInstitution | null>(null);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<number | null>(null);
  const wallet = useQuery({ ...smsQueries.wallet(institution?.id ?? 0), enabled: institution !== null });
  const ask = useRequestTopUp();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const n = Number(amount);
    if (!institution) return setError(t`Choose the church or mosque to top up.`);
    if (!Number.isInteger(n) || n < 1 || n > MAX_SMS_TOPUP) return setError(t`Enter a whole number of SMS from 1 to ${MAX_SMS_TOPUP}.`);
    try {
      const made = await ask.mutateAsync({ institutionId: institution.id, amount: n, ...(note.trim() ? { note: note.trim() } : {}) });
      setSubmitted(made.requestId);
      setAmount('');
      setNote('');
      showToast({ tone: 'success', message: t`Top-up request sent for approval.` });
    } catch (failure) {
      setError(errorText(failure, t`You are offline. Connect to the internet and try again.`));
    }
  };

  return (
    <form className="card sms-topup-form" aria-labelledby="sms-topup-title" onSubmit={(event) => void submit(event)} noValidate>
      <h3 id="sms-topup-title" className="card-title">
        <Trans>Request an SMS top-up</Trans>
      </h3>
      <p className="muted">
        <Trans>Another bank user must approve the request; the SMS are added to the balance only then.</Trans>
      </p>
      <InstitutionChooser
        id="sms-topup-institution"
        chosen={institution}
        onChoose={(next) => {
          setInstitution(next);
          setSubmitted(null);
        }}
      />
      {wallet.data ? <p data-testid="sms-topup-balance">{t`Balance now: ${wallet.data.smsLeft} SMS.`}</p> : null}
      <Field id="sms-topup-amount" label={t`SMS to add`}>
        <input id="sms-topup-amount" type="number" inputMode="numeric" min={1} max={MAX_SMS_TOPUP} step={1} value={amount} onChange={(event) => setAmount(event.target.value)} />
      </Field>
      <Field id="sms-topup-note" label={t`Note for the approver (optional)`}>
        <TextAreaWithCounter id="sms-topup-note" rows={2} length={note.length} max={MAX_TEXT_CHARS} value={note} onChange={(event) => setNote(event.target.value)} />
      </Field>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {submitted !== null ? (
        <p role="status">
          <Link to={localizedPath(`${paths.requests}/${submitted}`, locale)}>{t`Request ${submitted}: waiting for approval`}</Link>
        </p>
      ) : null}
      <div className="form-actions">
        <BusyButton type="submit" className="btn btn-primary" busy={ask.isPending}>
          <Trans>Send for approval</Trans>
        </BusyButton>
      </div>
    </form>
  );
}
