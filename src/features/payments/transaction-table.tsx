import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { TransactionRow } from '../../../domain/api/payments';
import { DataTable } from '../../components/ui/data-table';
import { dateTime, money, walletName } from './format';
import { METHOD_LABELS } from './labels';
import { StatusBadge } from './status-badge';

type TransactionTableProps = { rows: TransactionRow[]; onOpen: (id: string) => void; actions?: (row: TransactionRow) => ReactNode };

/**
 * Transactions as a table: each reference opens the detail. What a person looks for first — when,
 * which, how much, where it stands, what to do — leads, so it is on screen on a 1366-px laptop
 * even when the rest of the row scrolls inside the card; names and reasons wrap instead of widening it.
 */
export function TransactionTable({ rows, onOpen, actions }: TransactionTableProps) {
  const { t, i18n } = useLingui();
  return (
    <DataTable
      className="transactions-table"
      columns={[
        t`Date`,
        t`Reference`,
        { label: t`Amount`, numeric: true },
        t`Status`,
        actions !== undefined && { label: t`Actions`, hidden: true },
        t`Giver`,
        t`Church or mosque`,
        t`Method`,
        { label: t`Fee`, numeric: true },
        t`Reason`,
      ]}
    >
      {rows.map((row) => {
        const reference = row.referenceNo;
        return (
          <tr key={row.id}>
            <td>{dateTime(row.receivedAt, i18n.locale)}</td>
            <td>
              <button type="button" className="btn-link" onClick={() => onOpen(row.id)} aria-label={t`Open transaction ${reference}`}>
                {row.referenceNo}
              </button>
              {row.receiptNo ? <div className="muted small">{row.receiptNo}</div> : null}
            </td>
            <td className="num">{money(row.amount, row.currency, i18n.locale)}</td>
            <td>
              <StatusBadge status={row.status} />
            </td>
            {actions ? <td>{actions(row)}</td> : null}
            <td className="text-cell">
              {row.payer ?? t`Guest`}
              {row.phone ? <div className="muted small">{row.phone}</div> : null}
            </td>
            <td className="text-cell">{row.institution.title}</td>
            <td className="text-cell">
              {i18n._(METHOD_LABELS[row.method])}
              {row.operator ? <div className="muted small">{walletName(row.operator)}</div> : null}
            </td>
            <td className="num">{money(row.fee, row.currency, i18n.locale)}</td>
            <td className="wrap">{row.failedReason ?? row.reason ?? ''}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}
