import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import type { Profile } from '../../../domain/api/auth';
import type { SmsPurchase } from '../../../domain/api/sms-purchases';
import { MAX_SMS_TOPUP } from '../../../domain/api/sms-topups';
import { formatMoney } from '../../../domain/money';
import { toE164 } from '../../../domain/phone';
import { Field } from '../../components/ui/field';
import { StatusBadge } from '../../components/ui/status-badge';
import { errorText } from '../../lib/error-message';
import { smsKeys, smsQueries, useBuySms } from './api';
import { type ChosenInstitution, InstitutionChooser } from './institution-chooser';
import { BusyButton } from '../../components/ui/busy-button';

type Whose = 'own' | 'below';

/**
 * Union level buys SMS with mobile money (ADR 058), for the union's own balance or a church or
 * mosque below it: the number of messages, the price and the total, the paying phone. The push
 * goes to that phone; the form follows the purchase until it is paid (the SMS are added and the
 * balance grows) or fails (nothing is added).
 */
export function BuySmsForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const price = useQuery(smsQueries.price());
  const [whose, setWhose] = useState<Whose>('own');
  const [institution, setInstitution] = useState<ChosenInstitution | null>(null);
  const [count, setCount] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [purchaseId, setPurchaseId] = useState<string | null>(null);
  const purchase = useQuery({ ...smsQueries.purchase(purchaseId ?? ''), enabled: purchaseId !== null });
  const buy = useBuySms();
  const status = purchase.data?.status;

  // Once it is paid the balance and the history have moved.
  useEffect(() => {
    if (status === 'completed') void queryClient.invalidateQueries({ queryKey: smsKeys.balance() });
  }, [status, queryClient]);

  const n = Number(count);
  const validCount = count !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_SMS_TOPUP;
  const money = (amount: number) => formatMoney(amount, price.data?.currency ?? 'TZS', i18n.locale);
  const busy = buy.isPending || status === 'pending';
  const each = price.data ? money(price.data.pricePerMessage) : '';
  const total = price.data && validCount ? money(n * price.data.pricePerMessage) : '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (whose === 'below' && !institution) return setError(t`Choose the church or mosque to buy for.`);
    if (!validCount) return setError(t`Enter a whole number of SMS from 1 to ${MAX_SMS_TOPUP}.`);
    const international = toE164(phone);
    if (!international) return setError(t`Enter the mobile-money phone number that pays, for example 0754 123 456.`);
    try {
      const started = await buy.mutateAsync({ messages: n, phone: international, ...(whose === 'below' && institution ? { institutionId: institution.id } : {}) });
      queryClient.setQueryData(smsKeys.purchase(started.id), started);
      setPurchaseId(started.id);
    } catch (failure) {
      setError(errorText(failure, t`You are offline. Connect to the internet and try again.`));
    }
  };

  return (
    <form className="card sms-topup-form" aria-labelledby="sms-buy-title" onSubmit={(event) => void submit(event)} noValidate>
      <h3 id="sms-buy-title" className="card-title">
        <Trans>Buy SMS with mobile money</Trans>
      </h3>
      <p className="muted">
        <Trans>The phone you give gets a payment request. The SMS are added to the balance as soon as it is paid.</Trans>
      </p>
      <fieldset className="sms-buy-whose">
        <legend>
          <Trans>Whose SMS balance</Trans>
        </legend>
        <label className="radio">
          <input type="radio" name="sms-buy-whose" checked={whose === 'own'} onChange={() => setWhose('own')} />
          {profile.entity ?? t`Our own`}
        </label>
        <label className="radio">
          <input type="radio" name="sms-buy-whose" checked={whose === 'below'} onChange={() => setWhose('below')} />
          <Trans>A church or mosque below us</Trans>
        </label>
      </fieldset>
      {whose === 'below' ? <InstitutionChooser id="sms-buy-institution" chosen={institution} onChoose={setInstitution} /> : null}
      <Field id="sms-buy-count" label={t`Number of SMS`}>
        <input id="sms-buy-count" type="number" inputMode="numeric" min={1} max={MAX_SMS_TOPUP} step={1} value={count} onChange={(event) => setCount(event.target.value)} />
      </Field>
      {price.data ? (
        <p className="sms-cost" data-testid="sms-buy-total">
          {validCount ? t`${n} SMS × ${each} = ${total}` : t`Price: ${each} per SMS`}
        </p>
      ) : null}
      <Field id="sms-buy-phone" label={t`Mobile-money phone that pays`}>
        <input id="sms-buy-phone" type="tel" inputMode="tel" autoComplete="tel" value={phone} onChange={(event) => setPhone(event.target.value)} />
      </Field>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div role="status" aria-live="polite">
        {purchase.data ? <PurchaseState purchase={purchase.data} money={money} /> : null}
      </div>
      <div className="form-actions">
        <BusyButton type="submit" className="btn btn-primary" busy={busy}>
          <Trans>Pay and buy</Trans>
        </BusyButton>
      </div>
    </form>
  );
}

function PurchaseState({ purchase, money }: { purchase: SmsPurchase; money: (amount: number) => string }) {
  const { t } = useLingui();
  const { messages, phone, referenceNo, smsLeft } = purchase;
  const title = purchase.institution.title;
  const total = money(purchase.amount);
  if (purchase.status === 'pending') {
    return (
      <p className="sms-buy-state" data-testid="sms-buy-state">
        <StatusBadge tone="info" label={t`Waiting for the payment`} /> {t`Approve the payment of ${total} on ${phone} (reference ${referenceNo}).`}
      </p>
    );
  }
  if (purchase.status === 'completed') {
    return (
      <p className="sms-buy-state" data-testid="sms-buy-state">
        <StatusBadge tone="success" label={t`Paid`} /> {t`${messages} SMS added to ${title}. Balance now: ${smsLeft} SMS.`}
      </p>
    );
  }
  return (
    <p className="sms-buy-state" data-testid="sms-buy-state">
      <StatusBadge tone="danger" label={t`Payment failed`} /> {purchase.reason ?? t`The payment did not go through.`} {t`No SMS were added.`}
    </p>
  );
}
