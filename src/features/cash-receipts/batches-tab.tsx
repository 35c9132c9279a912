import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { money as formatMoney } from './money-text';
import { EmptyState } from '../../components/ui/empty-state';
import type { LocalBatch, SyncState } from '../../lib/offline/types';
import { cashReceiptQueries } from './api';
import { mergeBatchRows } from './batch-rows';
import { useLocalReceipts } from './desk-data';
import type { Institution } from './institution';
import { OpenBatchForm } from './open-batch-form';
import { BatchFlags } from './batch-flags';
import { ScrollRegion } from '../../components/ui/scroll-region';

// Synced envelopes too: offline, the device's own rows are the only count there is.
const EVERY_STATE: readonly SyncState[] = ['pending', 'sending', 'synced', 'rejected', 'conflict'];

type BatchesTabProps = { institution: Institution; batches: readonly LocalBatch[]; onEnter: (batchId: string) => void };

/**
 * Every batch of the congregation, from whichever device opened it: open ones first, with the
 * envelope count and total of every device (what the server has plus this device's unsent ones).
 */
export function BatchesTab({ institution, batches, onEnter }: BatchesTabProps) {
  const { t, i18n } = useLingui();
  const [opening, setOpening] = useState(false);
  const server = useQuery(cashReceiptQueries.batches(institution.id));
  const receipts = useLocalReceipts({ institutionId: institution.id, states: EVERY_STATE }) ?? [];
  const rows = mergeBatchRows(batches, server.data?.data, receipts, server.dataUpdatedAt);

  return (
    <div className="page">
      <div className="section-head">
        <p className="muted">
          <Trans>A batch holds the envelopes of one service or day. Open one, enter the envelopes, then close it.</Trans>
        </p>
        {opening ? null : (
          <button type="button" className="btn btn-primary" onClick={() => setOpening(true)}>
            <Trans>Open batch</Trans>
          </button>
        )}
      </div>
      {opening ? (
        <OpenBatchForm
          institutionId={institution.id}
          timeZone={institution.timeZone}
          onCancel={() => setOpening(false)}
          onOpened={(batch) => {
            setOpening(false);
            onEnter(batch.id);
          }}
        />
      ) : null}
      {server.isError ? (
        <p className="notice notice-warning" role="status">
          <Trans>Showing the batches on this device only: the server cannot be reached.</Trans>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState title={t`No batches yet`} />
      ) : (
        <ScrollRegion label={t`Batches`} className="table-wrap card">
          <table className="table" aria-label={t`Batches`}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Batch</Trans>
                </th>
                <th scope="col">
                  <Trans>Service date</Trans>
                </th>
                <th scope="col">
                  <Trans>State</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Envelopes</Trans>
                </th>
                <th scope="col" className="num">
                  <Trans>Total</Trans>
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-batch-id={row.id}>
                  <th scope="row">{row.name}</th>
                  <td>{row.serviceDate}</td>
                  <td>
                    <span className={row.closed ? 'status status-closed' : 'status status-open'}>{row.closed ? t`Closed` : t`Open`}</span>
                    <BatchFlags row={row} />
                  </td>
                  <td className="num">{row.figures.count}</td>
                  <td className="num">{formatMoney(row.figures.total, row.currency, i18n.locale)}</td>
                  <td>
                    {row.local ? (
                      <button type="button" className="btn btn-link" onClick={() => onEnter(row.id)}>
                        {row.closed ? t`View summary` : t`Enter envelopes`}
                      </button>
                    ) : (
                      <span className="muted">
                        <Trans>Not on this device yet</Trans>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
