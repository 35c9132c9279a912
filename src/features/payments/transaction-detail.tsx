import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import type { TransactionDetail } from '../../../domain/api/payments';
import { DataTable } from '../../components/ui/data-table';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { Spinner } from '../../components/ui/spinner';
import { paymentQueries } from './api';
import { eventDetailText } from './event-detail';
import { dateTime, money, walletName } from './format';
import { codeLabel, CREDIT_LABELS, EVENT_OUTCOME_LABELS, EVENT_SOURCE_LABELS, LEDGER_ACCOUNT_LABELS, METHOD_LABELS, SHARE_LABELS } from './labels';
import { StatusBadge } from './status-badge';
import { ScrollRegion } from '../../components/ui/scroll-region';

/** One transaction in full: lines, the balanced ledger entry, credits to the accounts, and what happened when. */
export function TransactionDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useLingui();
  const titleId = useId();
  const close = useRef<HTMLButtonElement>(null);
  const detail = useQuery(paymentQueries.transaction(id));
  const reference = detail.data?.referenceNo;
  return (
    // The native <dialog> (showModal): the list behind is inert and Tab stays inside (issue 11).
    <ModalDialog labelledBy={titleId} className="dialog card transaction-dialog" initialFocus={close} onCancel={onClose}>
      <div className="dialog-head">
        <h2 id={titleId} className="card-title">
          {reference ? t`Transaction ${reference}` : t`Transaction`}
        </h2>
        <button ref={close} type="button" className="btn btn-secondary btn-small" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
      {detail.isPending ? <Spinner label={t`Loading…`} /> : null}
      {detail.isError ? (
        <p className="notice notice-error" role="alert">
          <Trans>This transaction could not be loaded.</Trans>
        </p>
      ) : null}
      {detail.data ? <DetailBody detail={detail.data} /> : null}
    </ModalDialog>
  );
}

function DetailBody({ detail }: { detail: TransactionDetail }) {
  const { t, i18n } = useLingui();
  const amount = (value: number) => money(value, detail.currency, i18n.locale);
  const say = (descriptor: MessageDescriptor) => i18n._(descriptor);
  return (
    <div className="transaction-detail">
      <dl className="detail-list">
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>
          <StatusBadge status={detail.status} />
          {detail.creditStatus ? <span className="muted"> · {i18n._(CREDIT_LABELS[detail.creditStatus])}</span> : null}
        </dd>
        <dt>
          <Trans>Church or mosque</Trans>
        </dt>
        <dd>{detail.institution.title}</dd>
        <dt>
          <Trans>Giver</Trans>
        </dt>
        <dd>
          {detail.payer ?? t`Guest`} {detail.phone ? <span className="muted">{detail.phone}</span> : null}
        </dd>
        <dt>
          <Trans>Method</Trans>
        </dt>
        <dd>
          {i18n._(METHOD_LABELS[detail.method])}
          {detail.operator ? ` · ${walletName(detail.operator) ?? ''}` : ''}
        </dd>
        <dt>
          <Trans>Amount</Trans>
        </dt>
        <dd>{amount(detail.amount)}</dd>
        <dt>
          <Trans>Fee</Trans>
        </dt>
        <dd>{amount(detail.fee)}</dd>
        <dt>
          <Trans>Receipt number</Trans>
        </dt>
        <dd>{detail.receiptNo ?? '—'}</dd>
        <dt>
          <Trans>Transaction id</Trans>
        </dt>
        <dd>{detail.trxId ?? '—'}</dd>
        <dt>
          <Trans>Created</Trans>
        </dt>
        <dd>{dateTime(detail.createdAt, i18n.locale)}</dd>
        <dt>
          <Trans>Completed</Trans>
        </dt>
        <dd>{dateTime(detail.completedAt, i18n.locale) || '—'}</dd>
        {detail.reason ? (
          <>
            <dt>
              <Trans>Reason</Trans>
            </dt>
            <dd>{detail.reason}</dd>
          </>
        ) : null}
        {detail.failedReason ? (
          <>
            <dt>
              <Trans>Failed reason</Trans>
            </dt>
            <dd>{detail.failedReason}</dd>
          </>
        ) : null}
        {detail.createdBy ? (
          <>
            <dt>
              <Trans>Sent by</Trans>
            </dt>
            <dd>{detail.createdBy}</dd>
          </>
        ) : null}
      </dl>

      <h3 className="detail-heading">
        <Trans>Offerings</Trans>
      </h3>
      <table className="table">
        <tbody>
          {detail.lines.map((line) => (
            <tr key={line.offeringTypeId}>
              <td>{line.title}</td>
              <td className="num">{amount(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      {detail.ledger.length > 0 ? (
        <>
          <h3 className="detail-heading">
            <Trans>Ledger entry</Trans>
          </h3>
          <DataTable columns={[t`Account`, t`Church or mosque`, { label: t`Debit`, numeric: true }, { label: t`Credit`, numeric: true }]}>
            {detail.ledger.map((line, index) => (
              <tr key={index}>
                <td>{codeLabel(LEDGER_ACCOUNT_LABELS, line.account, say)}</td>
                <td>{line.institution ?? ''}</td>
                <td className="num">{line.debit ? amount(line.debit) : ''}</td>
                <td className="num">{line.credit ? amount(line.credit) : ''}</td>
              </tr>
            ))}
          </DataTable>
        </>
      ) : null}

      {detail.credits.length > 0 ? (
        <>
          <h3 className="detail-heading">
            <Trans>Credits to accounts</Trans>
          </h3>
          <ScrollRegion label={t`Credits to accounts`}>
            <table className="table">
              <tbody>
                {detail.credits.map((credit, index) => (
                  <tr key={index}>
                    <td>{credit.institution}</td>
                    <td>{codeLabel(SHARE_LABELS, credit.share, say)}</td>
                    <td>{credit.accountNumber}</td>
                    <td className="num">{amount(credit.amount)}</td>
                    <td>{dateTime(credit.creditedAt, i18n.locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      ) : null}

      {detail.events.length > 0 ? (
        <>
          <h3 className="detail-heading">
            <Trans>History</Trans>
          </h3>
          <ol className="event-list">
            {detail.events.map((event, index) => (
              <li key={index}>
                <span className="muted">{dateTime(event.at, i18n.locale)}</span> {codeLabel(EVENT_SOURCE_LABELS, event.source, say)}: {codeLabel(EVENT_OUTCOME_LABELS, event.outcome, say)}
                {event.detail ? <span className="muted"> ({eventDetailText(event, i18n, amount)})</span> : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}
