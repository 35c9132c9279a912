import { Trans, useLingui } from '@lingui/react/macro';
import type { PaymentCreated, PaymentInput } from '../../domain/api/payments';
import { OPERATOR_WALLETS } from '../../domain/operators';
import { BankInstructions } from './bank-instructions';
import { giveErrorText } from './give-errors';
import { PaymentFailed, PaymentReceipt } from './payment-outcome';
import type { PendingPayment } from './pending-payment';
import { StepHeading } from './step-heading';
import { useFollowPayment } from './use-follow-payment';
import { useSendPayment } from './use-send-payment';

type PaymentFollowProps = {
  pending: PendingPayment;
  created: PaymentCreated | null;
  /** A new payment was made by "Try again". */
  onRetried: (created: PaymentCreated, body: PaymentInput) => void;
  onStartOver: () => void;
};

/**
 * The waiting screen: follows the payment until it ends on the receipt or on why it failed, with
 * "Try again" (a new payment with a new Idempotency-Key: the old one is over). A bank transfer
 * shows where to pay instead; it stays pending until the bank confirms it.
 */
export function PaymentFollow({ pending, created, onRetried, onStartOver }: PaymentFollowProps) {
  const { i18n } = useLingui();
  const { view, trouble, notFound, checkNow } = useFollowPayment(pending.id, pending.method !== 'bank');
  const retry = useSendPayment(onRetried);
  const body = pending.body;
  const onRetry = body ? () => void retry.send(body, { fresh: true }) : null;

  if (notFound) {
    return (
      <section className="give-card" aria-labelledby="give-missing-title">
        <StepHeading>
          <span id="give-missing-title">
            <Trans>This payment was not found</Trans>
          </span>
        </StepHeading>
        <button type="button" className="btn btn-primary btn-block" onClick={onStartOver}>
          <Trans>Start over</Trans>
        </button>
      </section>
    );
  }
  if (view?.status === 'completed') return <PaymentReceipt view={view} onStartOver={onStartOver} />;
  if (view && (view.status === 'failed' || view.status === 'canceled')) {
    return (
      <>
        <PaymentFailed view={view} onRetry={onRetry} onStartOver={onStartOver} retrying={retry.sending} />
        {retry.error ? (
          <p className="notice notice-error give-below" role="alert">
            {giveErrorText(retry.error, i18n)}
          </p>
        ) : null}
      </>
    );
  }
  const transfer = view?.bankTransfer ?? created?.bankTransfer;
  if (pending.method === 'bank' && transfer) return <BankInstructions transfer={transfer} onCheck={checkNow} onStartOver={onStartOver} />;

  const operator = view?.operator ?? created?.operator ?? null;
  const wallet = operator ? OPERATOR_WALLETS[operator] : null;
  const phone = view?.payerPhone ?? '';
  const checkoutUrl = view?.checkoutUrl ?? created?.checkoutUrl;
  return (
    <section className="give-card" aria-labelledby="give-wait-title" aria-busy="true">
      <StepHeading>
        <span id="give-wait-title">
          {pending.method === 'mobile' ? <Trans>A payment request has been sent to your phone</Trans> : <Trans>Confirming your payment…</Trans>}
        </span>
      </StepHeading>
      <div className="give-wait" role="status" aria-live="polite">
        <span className="give-spinner" aria-hidden="true" />
        {pending.method === 'mobile' ? (
          <p>
            {wallet ? (
              <Trans>
                Check <span className="nowrap">{phone}</span> and enter your {wallet} PIN to confirm. This page updates by itself.
              </Trans>
            ) : (
              <Trans>Check your phone and enter your PIN to confirm. This page updates by itself.</Trans>
            )}
          </p>
        ) : view?.status === 'pending_cancel' ? (
          <p>
            <Trans>The payment is being cancelled.</Trans>
          </p>
        ) : (
          <p>
            <Trans>Waiting for the card payment to be confirmed. This page updates by itself.</Trans>
          </p>
        )}
      </div>
      {trouble ? (
        <p className="notice notice-warning" role="status">
          <Trans>The connection is weak. Still checking the payment…</Trans>
        </p>
      ) : null}
      {pending.method === 'card' && checkoutUrl ? (
        <a className="btn btn-secondary btn-block" href={checkoutUrl}>
          <Trans>Open the card payment page again</Trans>
        </a>
      ) : null}
    </section>
  );
}
