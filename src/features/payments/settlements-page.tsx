import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SettlementPage } from '../../../domain/api/payments';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { paymentQueries } from './api';
import { daysBefore, money, todayEat } from './format';
import './payments.css';

/**
 * Settlement history: per day (East Africa Time) and account, what payers paid (gross), our fees,
 * the net, and how the net splits into the church, field and union shares.
 */
export function SettlementsPage() {
  const { t, i18n } = useLingui();
  const today = todayEat();
  const [from, setFrom] = useState(daysBefore(today, 6));
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

function SettlementTable({ page, amount }: { page: SettlementPage; amount: (value: number, currency: string) => string }) {
  const { t } = useLingui();
  return (
    <div className="table-wrap">
      <table className="table settlement-table">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Day</Trans>
            </th>
            <th scope="col">
              <Trans>Church or mosque</Trans>
            </th>
            <th scope="col">
              <Trans>Account</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Payments</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Gross</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Fees</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Net</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Church share</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Field share</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Union share</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Credit failed</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {page.data.map((row) => (
            <tr key={`${row.day}-${row.institution.id}-${row.accountNumber ?? ''}-${row.currency}`}>
              <td>{row.day}</td>
              <td>{row.institution.title}</td>
              <td>{row.accountNumber ?? t`No account`}</td>
              <td className="num">{row.count}</td>
              <td className="num">{amount(row.gross, row.currency)}</td>
              <td className="num">{amount(row.fees, row.currency)}</td>
              <td className="num">{amount(row.net, row.currency)}</td>
              <td className="num">{amount(row.shares.church, row.currency)}</td>
              <td className="num">{amount(row.shares.field, row.currency)}</td>
              <td className="num">{amount(row.shares.union, row.currency)}</td>
              <td className="num">{row.creditFailed}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {page.totals.map((total) => {
            const currency = total.currency;
            return (
            <tr key={total.currency}>
              <th scope="row" colSpan={3}>
                <Trans>Total ({currency})</Trans>
              </th>
              <td className="num">{total.count}</td>
              <td className="num">{amount(total.gross, total.currency)}</td>
              <td className="num">{amount(total.fees, total.currency)}</td>
              <td className="num">{amount(total.net, total.currency)}</td>
              <td className="num">{amount(total.shares.church, total.currency)}</td>
              <td className="num">{amount(total.shares.field, total.currency)}</td>
              <td className="num">{amount(total.shares.union, total.currency)}</td>
              <td />
            </tr>
            );
          })}
        </tfoot>
      </table>
    </div>
  );
}
