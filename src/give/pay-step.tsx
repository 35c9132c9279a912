import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { GivingInstitution, OnlineMethod, PaymentCreated, PaymentInput } from '../../domain/api/payments';
import { formatMoney } from '../../domain/money';
import { detectOperator, OPERATOR_WALLETS } from '../../domain/operators';
import { checkCard, type CardProblems } from './card-check';
import { CardFields } from './card-fields';
import type { OfferingLine } from './give-amounts';
import { giveErrorText } from './give-errors';
import { CURRENCY, type Giver } from './give-flow';
import { StepHeading } from './step-heading';
import { useSendPayment } from './use-send-payment';
import { BusyButton } from '../components/ui/busy-button';

type PayStepProps = {
  giver: Giver;
  institution: GivingInstitution;
  memberId: number | null;
  lines: OfferingLine[];
  method: OnlineMethod;
  pledgeId?: number | undefined;
  onMethod: (method: OnlineMethod) => void;
  onCreated: (created: PaymentCreated, body: PaymentInput) => void;
  onBack: () => void;
};

/** The wallet a number belongs to ("Vodacom M-Pesa"), or null for a number mobile money cannot reach. */
export function walletOf(phone: string): string | null {
  const operator = detectOperator(phone);
  return operator ? OPERATOR_WALLETS[operator] : null;
}

export function paymentBody(
  giver: Giver,
  institution: GivingInstitution,
  memberId: number | null,
  lines: OfferingLine[],
  method: OnlineMethod,
  pledgeId?: number,
): PaymentInput {
  return {
    institutionId: institution.id,
    phone: giver.phone,
    method,
    lines: lines.map((line) => ({ offeringTypeId: line.offeringTypeId, amount: line.amount })),
    currency: CURRENCY,
    ...(memberId !== null ? { memberId } : {}),
    ...(pledgeId !== undefined ? { pledgeId } : {}),
  };
}

/** Summary of the gift, then mobile money (a push to the phone), card, or bank transfer. */
export function PayStep({ giver, institution, memberId, lines, method, pledgeId, onMethod, onCreated, onBack }: PayStepProps) {
  const { t, i18n } = useLingui();
  const { sending, error, send } = useSendPayment(onCreated);
  const [card, setCard] = useState({ number: '', expiry: '' });
  const [cardProblems, setCardProblems] = useState<CardProblems>({});
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const wallet = walletOf(giver.phone);
  const money = (amount: number) => formatMoney(amount, CURRENCY, i18n.locale);
  const phone = giver.phone;
  const totalText = money(total);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (method === 'card') {
      const problems = checkCard(card.number, card.expiry, new Date());
      setCardProblems(problems);
      if (problems.number || problems.expiry) return;
    }
    if (method === 'mobile' && !wallet) return;
    void send(paymentBody(giver, institution, memberId, lines, method, pledgeId));
  };

  const methods: Array<{ value: OnlineMethod; label: string }> = [
    { value: 'mobile', label: t`Mobile money` },
    { value: 'card', label: t`Card` },
    { value: 'bank', label: t`Bank transfer` },
  ];

  return (
    <form className="give-card" aria-labelledby="give-pay-title" onSubmit={submit} noValidate>
      <StepHeading>
        <span id="give-pay-title">
          <Trans>How would you like to pay?</Trans>
        </span>
      </StepHeading>
      <dl className="give-summary">
        <div>
          <dt>
            <Trans>Church or mosque</Trans>
          </dt>
          <dd>{institution.title}</dd>
        </div>
        {lines.map((line) => (
          <div key={line.offeringTypeId}>
            <dt>{line.title}</dt>
            <dd>{money(line.amount)}</dd>
          </div>
        ))}
        <div className="give-summary-total">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd>{money(total)}</dd>
        </div>
      </dl>

      <fieldset className="give-methods">
        <legend>
          <Trans>Payment method</Trans>
        </legend>
        {methods.map((option) => (
          <label key={option.value} className={option.value === method ? 'give-method active' : 'give-method'}>
            <input type="radio" name="give-method" value={option.value} checked={option.value === method} onChange={() => onMethod(option.value)} />
            {option.label}
          </label>
        ))}
      </fieldset>

      {method === 'mobile' ? (
        wallet ? (
          <p className="give-operator">
            <Trans>
              A payment request will be sent to <span className="nowrap">{phone}</span> on <strong>{wallet}</strong>.
            </Trans>
          </p>
        ) : (
          <p className="notice notice-error" role="alert">
            <Trans>Mobile money works with Tanzanian numbers of Vodacom, Yas (Tigo), Airtel, Halotel and TTCL. Choose card or bank transfer.</Trans>
          </p>
        )
      ) : null}
      {method === 'card' ? (
        <CardFields
          number={card.number}
          expiry={card.expiry}
          onNumber={(number) => setCard((previous) => ({ ...previous, number }))}
          onExpiry={(expiry) => setCard((previous) => ({ ...previous, expiry }))}
          problems={cardProblems}
        />
      ) : null}
      {method === 'bank' ? (
        <p className="give-lead">
          <Trans>You will get the account to pay into and a reference to quote with your transfer.</Trans>
        </p>
      ) : null}

      {error ? (
        <p className="notice notice-error" role="alert">
          {giveErrorText(error, i18n)}
        </p>
      ) : null}
      <BusyButton type="submit" className="btn btn-primary btn-block" busy={sending} disabled={method === 'mobile' && !wallet} aria-busy={sending}>
        {sending ? (
          <Trans>Sending…</Trans>
        ) : error ? (
          <Trans>Try again</Trans>
        ) : method === 'mobile' ? (
          <Trans>Pay {totalText}</Trans>
        ) : method === 'card' ? (
          <Trans>Continue to card payment</Trans>
        ) : (
          <Trans>Get bank transfer details</Trans>
        )}
      </BusyButton>
      <div className="give-links">
        <BusyButton type="button" className="btn-link" onClick={onBack} busy={sending}>
          <Trans>Back</Trans>
        </BusyButton>
      </div>
    </form>
  );
}
