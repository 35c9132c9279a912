import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import type { GivingInstitution, KnownGiver, PaymentInput } from '../../../domain/api/payments';
import { detectOperator, OPERATOR_WALLETS } from '../../../domain/operators';
import { MoneyInput } from '../../components/ui/money-input';
import { parseMoney } from '../../components/ui/money-text';
import { errorText } from '../../lib/error-message';
import { profileQuery } from '../../lib/session-queries';
import { paymentActions, paymentQueries, sendDeskPush } from './api';
import { deskAttempt, type DeskAttempt } from './desk-attempt';
import { money } from './format';
import { InstitutionPicker } from './institution-picker';
import { PushFollow } from './push-follow';
import { BusyButton } from '../../components/ui/busy-button';

// The phone field and its rules (libphonenumber) load on their own: this page's chunk stays small.
const PhoneInput = lazy(() => import('../../components/ui/phone-input').then((module) => ({ default: module.PhoneInput })));
const CURRENCY = 'TZS';

type Lookup = { phone: string; members: KnownGiver[] };

/**
 * The desk's push: a member's (or a guest's) phone, the church or mosque, amounts per offering
 * type, then a USSD push to that phone, followed until it ends. `compact` is /quick-payments: one
 * offering type and one amount, for a queue at the desk.
 */
export function PushForm({ compact }: { compact: boolean }) {
  const { t, i18n } = useLingui();
  const profile = useQuery(profileQuery()).data;
  const [country, setCountry] = useState('TZ');
  const [national, setNational] = useState('');
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const [memberId, setMemberId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number | null>(profile?.entityId ?? null);
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [quickType, setQuickType] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [followId, setFollowId] = useState<string | null>(null);
  const attempt = useRef<DeskAttempt | null>(null);
  const institution = useQuery({ ...paymentQueries.institution(chosen ?? 0), enabled: chosen !== null });
  const offline = t`You are offline. Try again when the connection is back.`;

  const reset = () => {
    setNational('');
    setLookup(null);
    setMemberId(null);
    setTyped({});
    setError(null);
    setFollowId(null);
    attempt.current = null;
  };

  const findMember = async () => {
    setError(null);
    const { toE164 } = await import('../../../domain/phone');
    const phone = toE164(national, country);
    if (!phone) {
      setError(t`Enter a valid phone number`);
      return null;
    }
    try {
      const result = await paymentActions.lookupPhone(phone);
      setLookup({ phone, members: result.members });
      const first = result.members[0];
      setMemberId(first?.memberId ?? null);
      if (first) setChosen(first.institution.id);
      return phone;
    } catch (failure) {
      setError(errorText(failure, offline));
      return null;
    }
  };

  /** The amounts typed, as lines in minor units; null when one of them is not an amount. */
  const linesOf = (types: GivingInstitution['offeringTypes']) => {
    const lines: PaymentInput['lines'] = [];
    const quickId = quickType ?? types[0]?.id;
    const ids = compact ? (quickId === undefined ? [] : [quickId]) : types.map((type) => type.id);
    for (const offeringTypeId of ids) {
      const text = typed[offeringTypeId] ?? '';
      const parsed = parseMoney(text, CURRENCY);
      if (!parsed.ok) {
        if (parsed.reason !== 'empty') return null;
        continue;
      }
      if (parsed.minor > 0) lines.push({ offeringTypeId, amount: parsed.minor });
    }
    return lines;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const phone = lookup?.phone ?? (await findMember());
      if (!phone) return;
      if (!detectOperator(phone)) {
        setError(t`Mobile money works with Tanzanian numbers of Vodacom, Yas (Tigo), Airtel, Halotel and TTCL.`);
        return;
      }
      const types = institution.data?.offeringTypes ?? [];
      if (!institution.data) {
        setError(t`Choose the church or mosque`);
        return;
      }
      const lines = linesOf(types);
      if (lines === null) {
        setError(t`Amount needs to be digits`);
        return;
      }
      if (lines.length === 0) {
        setError(t`Enter an amount for at least one offering`);
        return;
      }
      const memberOfThis = lookup?.members.find((member) => member.memberId === memberId && member.institution.id === institution.data.id);
      const body: PaymentInput = {
        institutionId: institution.data.id,
        phone,
        method: 'mobile',
        lines,
        currency: CURRENCY,
        ...(memberOfThis ? { memberId: memberOfThis.memberId } : {}),
      };
      const current = deskAttempt(attempt.current, body);
      attempt.current = current;
      setError(null);
      const created = await sendDeskPush(body, current.key);
      current.answered = true;
      setFollowId(created.id);
    } catch (failure) {
      setError(errorText(failure, offline));
    } finally {
      setBusy(false);
    }
  };

  if (followId) return <PushFollow id={followId} onNew={reset} />;

  const types = institution.data?.offeringTypes ?? [];
  const wallet = lookup ? detectOperator(lookup.phone) : null;
  const total = (linesOf(types) ?? []).reduce((sum, line) => sum + line.amount, 0);
  const totalText = money(total, CURRENCY, i18n.locale);
  const noTypes = institution.data && types.length === 0;

  return (
    <form className="push-form card" onSubmit={(event) => void submit(event)} noValidate aria-label={compact ? t`Quick payment` : t`Send a push`}>
      <div className="field">
        <label htmlFor="push-phone">
          <Trans>Payer's phone number</Trans>
        </label>
        <Suspense fallback={<input id="push-phone" type="tel" disabled />}>
          <PhoneInput
            id="push-phone"
            country={country}
            onCountryChange={setCountry}
            value={national}
            onChange={(event) => {
              setNational(event.target.value);
              setLookup(null);
            }}
            onBlur={() => {
              if (national.trim() !== '' && !lookup) void findMember();
            }}
          />
        </Suspense>
        {lookup && lookup.members.length === 0 ? (
          <p className="field-hint">
            <Trans>Member not found: check the phone number, or send the push as a guest's gift.</Trans>
          </p>
        ) : null}
        {lookup && lookup.members.length > 0 ? (
          <div className="field-hint">
            {lookup.members.map((member) => (
              <label key={member.memberId} className="checkbox">
                <input type="radio" name="push-member" checked={memberId === member.memberId} onChange={() => {
                  setMemberId(member.memberId);
                  setChosen(member.institution.id);
                }} />
                {member.maskedName} · {member.institution.title}
              </label>
            ))}
          </div>
        ) : null}
        {lookup ? <p className="field-hint">{wallet ? OPERATOR_WALLETS[wallet] : t`Not a mobile money number`}</p> : null}
      </div>

      {institution.data ? (
        <p>
          <strong>{institution.data.title}</strong>{' '}
          <button type="button" className="btn-link" onClick={() => setChosen(null)}>
            <Trans>Change</Trans>
          </button>
        </p>
      ) : (
        <InstitutionPicker id="push-institution" onChoose={(found) => setChosen(found.id)} />
      )}

      {noTypes ? (
        <p className="notice notice-error" role="alert">
          <Trans>Offerings is not set, contact church/mosque admin</Trans>
        </p>
      ) : null}
      {types.length > 0 && compact ? (
        <div className="push-lines">
          <div className="field">
            <label htmlFor="push-type">
              <Trans>Offering type</Trans>
            </label>
            <select id="push-type" value={quickType ?? types[0]!.id} onChange={(event) => setQuickType(Number(event.target.value))}>
              {types.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.title}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="push-amount">
              <Trans>Amount</Trans>
            </label>
            <MoneyInput
              id="push-amount"
              currency={CURRENCY}
              value={typed[quickType ?? types[0]!.id] ?? ''}
              onChange={(event) => {
                const text = event.target.value;
                const id = quickType ?? types[0]!.id;
                setTyped((previous) => ({ ...previous, [id]: text }));
              }}
            />
          </div>
        </div>
      ) : null}
      {types.length > 0 && !compact ? (
        <div className="push-lines">
          {types.map((type) => (
            <div className="field" key={type.id}>
              <label htmlFor={`push-amount-${type.id}`}>{type.title}</label>
              <MoneyInput
                id={`push-amount-${type.id}`}
                currency={CURRENCY}
                value={typed[type.id] ?? ''}
                onChange={(event) => {
                  const text = event.target.value;
                  setTyped((previous) => ({ ...previous, [type.id]: text }));
                }}
              />
            </div>
          ))}
        </div>
      ) : null}
      {types.length > 0 ? (
        <p>
          <Trans>Total: {totalText}</Trans>
        </p>
      ) : null}
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <BusyButton type="submit" className="btn btn-primary" busy={busy} disabled={!!noTypes} aria-busy={busy}>
        {busy ? <Trans>Sending…</Trans> : <Trans>Send push</Trans>}
      </BusyButton>
    </form>
  );
}
