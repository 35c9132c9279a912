import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PendingTransferRow } from '../../../domain/api/bank-transfers';
import type { PaymentStatusView } from '../../../domain/api/payments';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { paymentKeys } from './api';
import { transferActions, transferQueries } from './bank-transfers-api';
import { ConfirmTransferDialog } from './confirm-transfer-dialog';
import { dateTime, money } from './format';
import { StatusBadge } from './status-badge';
import { TransactionDetailDialog } from './transaction-detail';
import './payments.css';

type Handled = { row: PendingTransferRow; view: PaymentStatusView };

/**
 * Bank transfers waiting for the money, oldest (first to expire) first: bank staff who see one
 * arrive confirm it with the bank's own reference and the amount received (bankAccounts:update),
 * or cancel it (push:update). The server checks both again; the buttons only follow the grants.
 * Keyset pages (a stack of cursors, like the members list); what was handled here stays listed
 * below with its new status.
 */
export function BankTransfersPage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery()).data;
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const list = useQuery(transferQueries.pending(cursors.at(-1) ?? null));
  const [confirming, setConfirming] = useState<PendingTransferRow | null>(null);
  const [canceling, setCanceling] = useState<PendingTransferRow | null>(null);
  const [note, setNote] = useState('');
  const [handled, setHandled] = useState<Handled[]>([]);
  const [params, setParams] = useSearchParams();
  const offline = t`You are offline. Bank transfers appear when the connection is back.`;
  const mayConfirm = canDo(profile, 'bankAccounts', 'update');
  const mayCancel = canDo(profile, 'push', 'update');

  const done = (row: PendingTransferRow, view: PaymentStatusView) => {
    setHandled((previous) => [{ row, view }, ...previous.filter((item) => item.row.id !== row.id)]);
    // The page we are on may now be short or empty: start again from the first.
    setCursors([null]);
    void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
  };

  const cancel = useMutation({
    mutationFn: ({ row, reason }: { row: PendingTransferRow; reason: string }) => transferActions.cancel(row.id, reason),
    onSuccess: (view, { row }) => {
      setCanceling(null);
      const reference = row.referenceNo;
      showToast({ tone: 'success', message: t`Transfer ${reference} cancelled` });
      done(row, view);
    },
    onError: (error) => {
      setCanceling(null);
      showToast({ tone: 'error', message: errorText(error, offline) });
    },
  });

  const rows = list.data?.data ?? [];
  return (
    <div className="page bank-transfers">
      <p className="muted">
        <Trans>Givers who chose a bank transfer were given a reference to quote. When the money arrives with that reference, confirm it; the gift is then completed and credited.</Trans>
      </p>
      <section className="card" aria-label={t`Bank transfers waiting for the money`}>
        {list.isPending ? <Spinner label={t`Loading…`} /> : null}
        {list.isError ? (
          <p className="notice notice-error" role="alert">
            {errorText(list.error, offline)}
          </p>
        ) : null}
        {list.data && rows.length === 0 ? <EmptyState title={t`No bank transfer is waiting.`} /> : null}
        {rows.length > 0 ? (
          <DataTable
            caption={t`Bank transfers waiting for the money`}
            className="transfers-table"
            columns={[
              t`Date`,
              t`Reference to quote`,
              t`Giver`,
              t`Church or mosque`,
              t`Into account`,
              { label: t`Amount`, numeric: true },
              t`Expires`,
              { label: t`Actions`, hidden: true },
            ]}
          >
            {rows.map((row) => {
              const reference = row.referenceNo;
              return (
                <tr key={row.id}>
                  <td>{dateTime(row.createdAt, i18n.locale)}</td>
                  <td>
                    <button type="button" className="btn-link" onClick={() => setParams({ id: row.id })} aria-label={t`Open transaction ${reference}`}>
                      {reference}
                    </button>
                  </td>
                  <td>
                    {row.payer ?? t`Guest`}
                    {row.phone ? <div className="muted small">{row.phone}</div> : null}
                  </td>
                  <td>{row.institution.title}</td>
                  <td>
                    {row.account ? (
                      <>
                        {row.account.accountNumber}
                        <div className="muted small">{row.account.accountName}</div>
                      </>
                    ) : null}
                  </td>
                  <td className="num">{money(row.amount, row.currency, i18n.locale)}</td>
                  <td>{dateTime(row.expiresAt, i18n.locale)}</td>
                  <td>
                    <div className="row-actions">
                      {mayConfirm ? (
                        <button type="button" className="btn btn-primary btn-small" onClick={() => setConfirming(row)} aria-label={t`Confirm transfer ${reference}`}>
                          <Trans>Confirm</Trans>
                        </button>
                      ) : null}
                      {mayCancel ? (
                        <button
                          type="button"
                          className="btn btn-danger btn-small"
                          onClick={() => {
                            setNote('');
                            setCanceling(row);
                          }}
                          aria-label={t`Cancel transfer ${reference}`}
                        >
                          <Trans>Cancel</Trans>
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        ) : null}
        {cursors.length > 1 || list.data?.nextCursor ? (
          <nav className="pager" aria-label={t`Pages`}>
            <button type="button" className="btn btn-secondary btn-small" disabled={cursors.length <= 1} onClick={() => setCursors(cursors.slice(0, -1))}>
              <Trans>Previous</Trans>
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              disabled={!list.data?.nextCursor}
              onClick={() => list.data?.nextCursor && setCursors([...cursors, list.data.nextCursor])}
            >
              <Trans>Next</Trans>
            </button>
          </nav>
        ) : null}
      </section>

      {handled.length > 0 ? (
        <section className="card" aria-label={t`Handled just now`}>
          <h2 className="card-title">
            <Trans>Handled just now</Trans>
          </h2>
          <DataTable caption={t`Handled just now`} columns={[t`Reference to quote`, t`Giver`, { label: t`Amount`, numeric: true }, t`Status`]}>
            {handled.map(({ row, view }) => (
              <tr key={row.id}>
                <td>{row.referenceNo}</td>
                <td>{row.payer ?? t`Guest`}</td>
                <td className="num">{money(row.amount, row.currency, i18n.locale)}</td>
                <td>
                  <StatusBadge status={view.status} />
                </td>
              </tr>
            ))}
          </DataTable>
        </section>
      ) : null}

      {confirming ? (
        <ConfirmTransferDialog
          row={confirming}
          onDone={(view) => {
            const reference = confirming.referenceNo;
            showToast({ tone: 'success', message: t`Transfer ${reference} confirmed` });
            done(confirming, view);
            setConfirming(null);
          }}
          onCancel={() => setConfirming(null)}
          confirm={transferActions.confirm}
        />
      ) : null}
      {canceling ? (
        <ConfirmDialog
          title={t`Cancel this bank transfer?`}
          confirmLabel={t`Cancel the transfer`}
          cancelLabel={t`Keep it`}
          tone="danger"
          busy={cancel.isPending}
          onConfirm={() => cancel.mutate({ row: canceling, reason: note.trim() })}
          onCancel={() => setCanceling(null)}
        >
          <CancelText row={canceling} />
          <div className="field">
            <label htmlFor="transfer-cancel-note">
              <Trans>Note (optional)</Trans>
            </label>
            <input id="transfer-cancel-note" type="text" maxLength={200} autoComplete="off" value={note} onChange={(event) => setNote(event.target.value)} />
          </div>
        </ConfirmDialog>
      ) : null}
      {params.get('id') ? <TransactionDetailDialog id={params.get('id')!} onClose={() => setParams({})} /> : null}
    </div>
  );
}

function CancelText({ row }: { row: PendingTransferRow }) {
  const { i18n } = useLingui();
  const reference = row.referenceNo;
  const amount = money(row.amount, row.currency, i18n.locale);
  return (
    <p>
      <Trans>
        A transfer quoting {reference} will no longer complete this gift of {amount}.
      </Trans>
    </p>
  );
}
