import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { BankAccountQuery } from '../../../domain/api/back-office-reference';
import { localizedPath, paths } from '../../../domain/paths';
import { ChoiceFilter } from '../../components/ui/choice-filter';
import { DataTable } from '../../components/ui/data-table';
import { DateTime } from '../../components/ui/date-time';
import { Field } from '../../components/ui/field';
import { FilterBar } from '../../components/ui/filter-bar';
import { CursorPager } from '../../components/ui/cursor-pager';
import { ListCard } from '../../components/ui/list-card';
import { StatusBadge, type StatusTone } from '../../components/ui/status-badge';
import { useCursorStack } from '../../lib/cursor-stack';
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
  const [filters, setFilters] = useState<BankAccountFilters>({});
  const pages = useCursorStack();
  const [searchText, setSearchText] = useState('');
  const list = useQuery(referenceQueries.bankAccounts(filters, pages.cursor));
  // Other filters are another list: it starts at its first page.
  const filter = (next: BankAccountFilters) => {
    setFilters(next);
    pages.reset();
  };
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
      <FilterBar label={t`Find bank accounts`} tone="secondary" onSubmit={() => filter({ ...filters, search: searchText })}>
        <Field id="accounts-search" label={t`Search`}>
          <input id="accounts-search" type="search" value={searchText} placeholder={t`Institution, account number or name`} onChange={(event) => setSearchText(event.target.value)} />
        </Field>
        <Field id="accounts-status" label={t`Status`}>
          <ChoiceFilter
            id="accounts-status"
            value={filters.status ?? ''}
            allLabel={t`All statuses`}
            options={STATUSES.map((status) => ({ value: status, label: statusLabels[status] }))}
            onChange={(status) => filter({ ...filters, status: status || undefined })}
          />
        </Field>
      </FilterBar>
      <ListCard
        list={list}
        offlineText={t`You are offline. This page needs a connection.`}
        emptyTitle={t`No bank account found`}
      >
        {(answer) => (
          <>
            <DataTable caption={t`Bank accounts`} columns={[t`Institution`, t`Account number`, t`Account name`, t`Branch`, t`Currency`, t`Status`, t`Main account`, t`Created`]}>
              {answer.data.map((account) => (
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
            </DataTable>
            <CursorPager page={pages.page} nextCursor={answer.nextCursor} onNext={pages.next} onPrevious={pages.previous} count={answer.count} limit={BANK_ACCOUNTS_PAGE_SIZE} />
          </>
        )}
      </ListCard>
    </section>
  );
}
