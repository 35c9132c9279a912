import { useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { CashReceiptInput, MemberInput } from '../../../domain/api/receipts';
import { COUNTRY_CODE } from '../../../domain/limits';
import { Field } from '../../components/ui/field';
import { PhoneInput } from '../../components/ui/phone-input';
import { DraftInvalidError } from '../../lib/offline/errors';
import { offlineErrorMessage } from '../../lib/offline/error-messages';
import { resendFixed, resolveWithCorrectedPhone } from '../../lib/offline/outbox-actions';
import { loadPhoneRules } from '../../lib/offline/phone-rules';
import type { OutboxEntry } from '../../lib/offline/types';
import { BusyButton } from '../../components/ui/busy-button';

type FormProps = { entry: OutboxEntry; onDone: () => void; onCancel: () => void };

/** Saves (a save may answer `false`: stay open, nothing sent), or turns the failure into words; a field the check refused is named in `invalid`. */
function useSubmit(onDone: () => void) {
  const { i18n, t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async (save: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      if ((await save()) !== false) onDone();
    } catch (failure) {
      setInvalid(failure instanceof DraftInvalidError ? failure.issues.map((issue) => issue.path) : []);
      const known = offlineErrorMessage(failure);
      setError(known ? i18n._(known) : t`Something went wrong!`);
    } finally {
      setBusy(false);
    }
  };
  return { error, invalid, busy, submit };
}

function FormButtons({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const { t } = useLingui();
  return (
    <div className="dialog-actions">
      <BusyButton type="button" className="btn btn-secondary" onClick={onCancel} busy={busy}>
        {t`Cancel`}
      </BusyButton>
      <BusyButton type="submit" className="btn btn-primary" busy={busy}>
        {t`Save and send`}
      </BusyButton>
    </div>
  );
}

/** What a treasurer can correct on a rejected receipt without re-entering it: the walk-in giver, the cheque number, the note. */
export function FixReceiptForm({ entry, onDone, onCancel }: FormProps) {
  const { t } = useLingui();
  const id = useId();
  const payload = entry.payload as CashReceiptInput;
  const [name, setName] = useState(payload.payer?.name ?? '');
  const [phone, setPhone] = useState(payload.payer?.phone ?? '');
  const [country, setCountry] = useState(COUNTRY_CODE);
  const [chequeNo, setChequeNo] = useState(payload.chequeNo ?? '');
  const [note, setNote] = useState(payload.note ?? '');
  const { error, invalid, busy, submit } = useSubmit(onDone);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(async () => {
      // The phone rules (libphonenumber) load on demand; only a walk-in giver has a phone here.
      const toE164 = payload.payer ? (await loadPhoneRules()).toE164 : null;
      const fixed: CashReceiptInput = {
        ...payload,
        ...(payload.payer ? { payer: { name: name.trim(), phone: toE164?.(phone, country) ?? phone.trim() } } : {}),
        ...(payload.method === 'cheque' ? { chequeNo: chequeNo.trim() || undefined } : {}),
        note: note.trim() ? note : undefined,
      };
      await resendFixed(entry.id, fixed);
    });
  };
  const fieldError = (path: string) => (invalid.some((issue) => issue.startsWith(path)) ? t`Check this field` : undefined);
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {payload.payer ? (
        <>
          <Field id={`${id}-name`} label={t`Giver's name`} error={fieldError('payer.name')}>
            <input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} />
          </Field>
          <Field id={`${id}-phone`} label={t`Giver's phone`} error={fieldError('payer.phone')}>
            <PhoneInput id={`${id}-phone`} country={country} onCountryChange={setCountry} value={phone} onChange={(event) => setPhone(event.target.value)} />
          </Field>
        </>
      ) : null}
      {payload.method === 'cheque' ? (
        <Field id={`${id}-cheque`} label={t`Cheque number`} error={fieldError('chequeNo')}>
          <input id={`${id}-cheque`} value={chequeNo} onChange={(event) => setChequeNo(event.target.value)} />
        </Field>
      ) : null}
      <Field id={`${id}-note`} label={t`Note`} error={fieldError('note')}>
        <textarea id={`${id}-note`} value={note} maxLength={1000} onChange={(event) => setNote(event.target.value)} />
      </Field>
      {error ? <p className="notice notice-error" role="alert">{error}</p> : null}
      <FormButtons busy={busy} onCancel={onCancel} />
    </form>
  );
}

/**
 * Corrects a member registration: names and phone for a rejected one, only the phone for a phone
 * conflict ("correct the number"). It is sent again under the same client id, so the receipts that
 * name this member keep pointing at it.
 */
export function FixMemberForm({ entry, onDone, onCancel, phoneOnly }: FormProps & { phoneOnly: boolean }) {
  const { t } = useLingui();
  const id = useId();
  const payload = entry.payload as MemberInput;
  const [firstName, setFirstName] = useState(payload.firstName);
  const [lastName, setLastName] = useState(payload.lastName);
  const [phone, setPhone] = useState(payload.phone);
  const [country, setCountry] = useState(payload.country || COUNTRY_CODE);
  const { error, invalid, busy, submit } = useSubmit(onDone);
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(async () => {
      // The phone rules (libphonenumber) load on demand, the first time a number is checked.
      const e164 = (await loadPhoneRules()).toE164(phone, country);
      if (!e164) {
        setPhoneError(t`Enter a valid phone number`);
        return false;
      }
      setPhoneError(undefined);
      if (phoneOnly) await resolveWithCorrectedPhone(entry.id, e164);
      else await resendFixed(entry.id, { ...payload, firstName: firstName.trim(), lastName: lastName.trim(), phone: e164 });
      return true;
    });
  };
  const fieldError = (path: string) => (invalid.includes(path) ? t`Check this field` : undefined);
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {phoneOnly ? null : (
        <>
          <Field id={`${id}-first`} label={t`First name`} error={fieldError('firstName')}>
            <input id={`${id}-first`} value={firstName} onChange={(event) => setFirstName(event.target.value)} />
          </Field>
          <Field id={`${id}-last`} label={t`Last name`} error={fieldError('lastName')}>
            <input id={`${id}-last`} value={lastName} onChange={(event) => setLastName(event.target.value)} />
          </Field>
        </>
      )}
      <Field id={`${id}-phone`} label={t`Phone`} error={phoneError ?? fieldError('phone')}>
        <PhoneInput id={`${id}-phone`} country={country} onCountryChange={setCountry} value={phone} onChange={(event) => setPhone(event.target.value)} />
      </Field>
      {error ? <p className="notice notice-error" role="alert">{error}</p> : null}
      <FormButtons busy={busy} onCancel={onCancel} />
    </form>
  );
}
