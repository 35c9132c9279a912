import { Trans, useLingui } from '@lingui/react/macro';
import type { BankTransferInstructions } from '../../domain/api/payments';
import { formatMoney } from '../../domain/money';
import { StepHeading } from './step-heading';

/** Where to send a bank transfer and the reference to quote; the payment completes when the bank confirms it arrived. */
export function BankInstructions({ transfer, onCheck, onStartOver }: { transfer: BankTransferInstructions; onCheck: () => void; onStartOver: () => void }) {
  const { i18n } = useLingui();
  const amount = formatMoney(transfer.amount, transfer.currency, i18n.locale);
  const until = new Date(transfer.expiresAt).toLocaleDateString(i18n.locale === 'sw' ? 'sw-TZ' : 'en-GB', { dateStyle: 'long' });
  return (
    <section className="give-card" aria-labelledby="give-bank-title">
      <StepHeading>
        <span id="give-bank-title">
          <Trans>Pay by bank transfer</Trans>
        </span>
      </StepHeading>
      <p className="give-lead">
        <Trans>
          Send exactly {amount} to this account by {until}, and quote the reference so the offering reaches the right church or mosque.
        </Trans>
      </p>
      <dl className="give-summary">
        <div>
          <dt>
            <Trans>Bank</Trans>
          </dt>
          <dd>{transfer.bankName}</dd>
        </div>
        <div>
          <dt>
            <Trans>Account name</Trans>
          </dt>
          <dd>{transfer.accountName}</dd>
        </div>
        <div>
          <dt>
            <Trans>Account number</Trans>
          </dt>
          <dd className="give-code">{transfer.accountNumber}</dd>
        </div>
        {transfer.branch ? (
          <div>
            <dt>
              <Trans>Branch</Trans>
            </dt>
            <dd>{transfer.branch}</dd>
          </div>
        ) : null}
        <div className="give-summary-total">
          <dt>
            <Trans>Reference to quote</Trans>
          </dt>
          <dd className="give-code" data-testid="transfer-reference">
            {transfer.reference}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Amount</Trans>
          </dt>
          <dd>{amount}</dd>
        </div>
      </dl>
      <div className="give-actions">
        <button type="button" className="btn btn-secondary" onClick={onCheck}>
          <Trans>Check whether it has arrived</Trans>
        </button>
        <button type="button" className="btn-link" onClick={onStartOver}>
          <Trans>Done</Trans>
        </button>
      </div>
    </section>
  );
}
