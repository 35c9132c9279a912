import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { BankAccountQuery } from '../../../domain/api/back-office-reference';
import { localizedPath, paths } from '../../../domain/paths';
import { DateTime } from '../../components/ui/date-time';
import { EmptyState } from '../../components/ui/empty-state';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge, type StatusTone } from '../../components/ui/status-badge';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { BANK_ACCOUNTS_PAGE_SIZE, referenceQueries, type BankAccountFilters } from './api';
import '../../components/ui/back-office.css';

type AccountStatus = NonNullable<BankAccountQuery['status']>;
const STATUSES: readonly AccountStatus[] = ['requested', 'activated', 'disabled', 'rejected'];
const tones: Record<string, StatusTone> = { requested: 'warning', activated: 'success', disabled: 'neutral', rejected: 'danger' };

/** /bank-accounts: the institutions' accounts at the bank, with status; a new one goes through approval. */
export function BankAccountsPage() {
  const { t } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const profile = useQuery(profileQuery()).data;
  const [filters, setFilters] = useState<BankAccountFilters>({ offset: 0 });
  const [searchText, setSearchText] = useState('');
  const list = useQuery(referenceQueries.bankAccounts(filters));
  const canRequest = canDo(profile, 'bankAccounts', 'create');
  const statusLabels: Record<string, string> = { requested: t`Requested`, activated: t`Activated`, disabled: t`Disabled`, rejected: t`Rejected` };
  const requestPath = `${localizedPath(paths.requestNewAccount, locale)}?tab=account`;

  return (
    <section className="page" aria-labelledby="accounts-heading">
      <div className="section-head">
        <h2 id="accounts-heading" className="page-heading">
          <Trans>Bank accounts</Trans>
        </h2>
        {canRequest ? (
          <Link className="btn btn-primary" to={requestPath}>
            <Trans>Request a new account</Trans>
          </Link>
        ) : null}
      </div>
      <form
        className="card form"
        role="search"
        aria-label={t`Find bank accounts`}
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ ...filters, search: searchText, offset: 0 });
        }}
      >
        <div className="form-row">
          <div className="field">
            <label htmlFor="accounts-search">{t`Search`}</label>
            <input id="accounts-search" type="search" value={searchText} placeholder={t`Institution, account number or name`} onChange={(event) => setSearchText(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="accounts-status">{t`Status`}</label>
            <select id="accounts-status" value={filters.status ?? ''} onChange={(event) => setFilters({ ...filters, status: (event.target.value || undefined) as AccountStatus | undefined, offset: 0 })}>
              <option value="">{t`All statuses`}</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusLabels[status]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button type="submit" className="btn btn-secondary">
          <Trans>Search</Trans>
        </button>
      </form>
      <div className="card">
        {list.isPending ? (
          <Spinner label={t`Loading…`} />
        ) : list.isError ? (
          <EmptyState title={errorText(list.error, t`You are offline. This page needs a connection.`)} />
        ) : list.data.data.length === 0 ? (
          <EmptyState title={t`No bank account found`} />
        ) : (
          <>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t`Bank accounts`}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t`Institution`}</th>
                    <th scope="col">{t`Account number`}</th>
                    <th scope="col">{t`Account name`}</th>
                    <th scope="col">{t`Branch`}</th>
                    <th scope="col">{t`Currency`}</th>
                    <th scope="col">{t`Status`}</th>
                    <th scope="col">{t`Main account`}</th>
                    <th scope="col">{t`Created`}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.data.map((account) => (
                    <tr key={account.id}>
                      <td>{account.institution}</td>
                      <td>{account.accountNumber}</td>
                      <td>{account.accountName}</td>
                      <td>{account.branchName ?? '—'}</td>
                      <td>{account.currency}</td>
                      <td>
                        <StatusBadge tone={tones[account.status] ?? 'neutral'} label={statusLabels[account.status] ?? account.status} />
                      </td>
                      <td>{account.isDefault ? t`Yes` : t`No`}</td>
                      <td>
                        <DateTime value={account.createdAt} dateOnly />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager offset={filters.offset} limit={BANK_ACCOUNTS_PAGE_SIZE} count={list.data.count} onChange={(offset) => setFilters({ ...filters, offset })} />
          </>
        )}
      </div>
    </section>
  );
}
