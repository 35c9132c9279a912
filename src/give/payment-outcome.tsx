import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PaymentReasonCode, PaymentStatusView } from '../../domain/api/payments';
import { formatMoney } from '../../domain/money';
import { OPERATOR_WALLETS } from '../../domain/operators';
import { StepHeading } from './step-heading';
import { BusyButton } from '../components/ui/busy-button';

const FAILURE_TEXT: Partial<Record<PaymentReasonCode, MessageDescriptor>> = {
  refused: msg`The payment was refused on the phone.`,
  insufficient_funds: msg`Insufficient funds. Top up your mobile money account and try again.`,
  timeout: msg`The payment request timed out: it was not confirmed on the phone in time.`,
  declined: msg`The card was declined.`,
  canceled_by_staff: msg`The payment was cancelled.`,
  transfer_not_received: msg`The bank transfer was not received in time.`,
};
const DID_NOT_GO_THROUGH = msg`The payment did not go through.`;

/** Why the payment did not go through, in the page's language (the server's words for codes this page does not know). */
export function failureText(view: Pick<PaymentStatusView, 'reasonCode' | 'reason'>, i18n: I18n): string {
  const known = view.reasonCode ? FAILURE_TEXT[view.reasonCode] : undefined;
  if (known) return i18n._(known);
  return view.reason ?? i18n._(DID_NOT_GO_THROUGH);
}

export function PaymentFailed({ view, onRetry, onStartOver, retrying }: { view: PaymentStatusView; onRetry: (() => void) | null; onStartOver: () => void; retrying: boolean }) {
  const { i18n } = useLingui();
  return (
    <section className="give-card" aria-labelledby="give-failed-title">
      <StepHeading>
        <span id="give-failed-title">
          <Trans>Payment not completed</Trans>
        </span>
      </StepHeading>
      <p className="notice notice-error" role="alert">
        {failureText(view, i18n)}
      </p>
      <div className="give-actions">
        {onRetry ? (
          <BusyButton type="button" className="btn btn-primary" onClick={onRetry} busy={retrying} aria-busy={retrying}>
            {retrying ? <Trans>Sending…</Trans> : <Trans>Try again</Trans>}
          </BusyButton>
        ) : null}
        <button type="button" className="btn btn-secondary" onClick={onStartOver}>
          <Trans>Start over</Trans>
        </button>
      </div>
    </section>
  );
}

const METHOD_TEXT = { mobile: msg`Mobile money`, card: msg`Card`, bank: msg`Bank transfer` } as const;

function methodText(view: PaymentStatusView, i18n: I18n): string {
  // Wallet names are brands, the same in every language.
  if (view.method === 'mobile' && view.operator) return OPERATOR_WALLETS[view.operator];
  return i18n._(METHOD_TEXT[view.method]);
}

/** The receipt: the same facts the SMS receipt carries. */
export function PaymentReceipt({ view, onStartOver }: { view: PaymentStatusView; onStartOver: () => void }) {
  const { i18n } = useLingui();
  const money = (amount: number) => formatMoney(amount, view.currency, i18n.locale);
  const when = view.completedAt ?? view.createdAt;
  const phone = view.payerPhone;
  return (
    <section className="give-card give-receipt" aria-labelledby="give-receipt-title">
      <StepHeading>
        <span id="give-receipt-title">
          <Trans>Thank you! Your offering has been received.</Trans>
        </span>
      </StepHeading>
      <dl className="give-summary">
        <div>
          <dt>
            <Trans>Receipt number</Trans>
          </dt>
          <dd data-testid="receipt-number">{view.receiptNo ?? view.referenceNo}</dd>
        </div>
        <div>
          <dt>
            <Trans>Church or mosque</Trans>
          </dt>
          <dd>{view.institution.title}</dd>
        </div>
        {view.lines.map((line) => (
          <div key={line.offeringTypeId}>
            <dt>{line.title}</dt>
            <dd>{money(line.amount)}</dd>
          </div>
        ))}
        <div className="give-summary-total">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd>{money(view.amount)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Paid with</Trans>
          </dt>
          <dd>{methodText(view, i18n)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Date</Trans>
          </dt>
          <dd>{new Date(when).toLocaleString(i18n.locale === 'sw' ? 'sw-TZ' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' })}</dd>
        </div>
      </dl>
      <p className="muted">
        <Trans>
          The receipt has also been sent by SMS to <span className="nowrap">{phone}</span>.
        </Trans>
      </p>
      <button type="button" className="btn btn-secondary btn-block" onClick={onStartOver}>
        <Trans>Give again</Trans>
      </button>
    </section>
  );
}
