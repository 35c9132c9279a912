import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SettlementPage } from '../../../domain/api/payments';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { paymentQueries } from './api';
import { addDays, dayOf } from '../../../domain/calendar';
import { useTimeZone } from '../../lib/time-zone';
import { money } from './format';
import './payments.css';

/**
 * Settlement history: per day (in the caller's zone, ADR 077) and account, what payers paid (gross), our fees,
 * the net, and how the net splits into the church, field and union shares.
 */
export function SettlementsPage() {
  const { t, i18n } = useLingui();
  const timeZone = useTimeZone();
  const today = dayOf(new Date(), timeZone);
  const [from, setFrom] = useState(addDays(today, -6));
  const [to, setTo] = useState(today);
  const valid = from !== '' && to !== '' && from <= to;
  const history = useQuery({ ...paymentQueries.settlements({ from, to }), enabled: valid });
  const amount = (value: number, currency: string) => money(value, currency, i18n.locale);

  return (
    <div className="page settlements">
      <div className="settlement-filters">
        <div className="field">
          <label htmlFor="settle-from">
            <Trans>From</Trans>
          </label>
          <input id="settle-from" type="date" value={from} max={to} onChange={(event) => setFrom(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="settle-to">
            <Trans>To</Trans>
          </label>
          <input id="settle-to" type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} />
        </div>
      </div>
      {!valid ? (
        <p className="notice notice-warning" role="status">
          <Trans>Choose a start date that is not after the end date</Trans>
        </p>
      ) : null}
      <section className="card" aria-label={t`Settlement history`}>
        {history.isPending && valid ? <Spinner label={t`Loading…`} /> : null}
        {history.isError ? (
          <p className="notice notice-error" role="alert">
            {errorText(history.error, t`You are offline. The settlement history appears when the connection is back.`)}
          </p>
        ) : null}
        {history.data ? (
          history.data.data.length === 0 ? (
            <EmptyState title={t`No settlements in these days.`} />
          ) : (
            <SettlementTable page={history.data} amount={amount} />
          )
        ) : null}
      </section>
    </div>
  );
}

type Sums = SettlementPage['totals'][number];

/** A day's or a total's sums: payments, then gross, fees, net and the three shares in money. */
function SumCells({ sums, currency, amount }: { sums: Sums; currency: string; amount: (value: number, currency: string) => string }) {
  return (
    <>
      <td className="num">{sums.count}</td>
      {[sums.gross, sums.fees, sums.net, sums.shares.church, sums.shares.field, sums.shares.union].map((value, index) => (
        <td key={index} className="num">
          {amount(value, currency)}
        </td>
      ))}
    </>
  );
}

function SettlementTable({ page, amount }: { page: SettlementPage; amount: (value: number, currency: string) => string }) {
  const { t } = useLingui();
  const num = (label: string) => ({ label, numeric: true });
  return (
    <DataTable
      className="settlement-table"
      columns={[t`Day`, t`Church or mosque`, t`Account`, num(t`Payments`), num(t`Gross`), num(t`Fees`), num(t`Net`), num(t`Church share`), num(t`Field share`), num(t`Union share`), num(t`Credit failed`)]}
      footer={page.totals.map((total) => {
        const currency = total.currency;
        return (
          <tr key={currency}>
            <th scope="row" colSpan={3}>
              <Trans>Total ({currency})</Trans>
            </th>
            <SumCells sums={total} currency={currency} amount={amount} />
            <td />
          </tr>
        );
      })}
    >
      {page.data.map((row) => (
        <tr key={`${row.day}-${row.institution.id}-${row.accountNumber ?? ''}-${row.currency}`}>
          <td>{row.day}</td>
          <td>{row.institution.title}</td>
          <td>{row.accountNumber ?? t`No account`}</td>
          <SumCells sums={row} currency={row.currency} amount={amount} />
          <td className="num">{row.creditFailed}</td>
        </tr>
      ))}
    </DataTable>
  );
}
