import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SEARCH_PAGE_SIZE } from '../../../domain/limits';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { isServerFault } from '../../lib/api-client';
import { isSearchable, searchQueries, type SearchTab } from './api';
import { MemberResults, TransactionResults } from './result-lists';
import { SearchTabs } from './search-tabs';

function Pager({ offset, count, onChange }: { offset: number; count: number; onChange: (offset: number) => void }) {
  const { t } = useLingui();
  const page = Math.floor(offset / SEARCH_PAGE_SIZE) + 1;
  const pages = Math.max(1, Math.ceil(count / SEARCH_PAGE_SIZE));
  return (
    <nav className="pager" aria-label={t`Pages`}>
      <button type="button" className="btn btn-secondary btn-small" disabled={offset === 0} onClick={() => onChange(offset - SEARCH_PAGE_SIZE)}>
        <Trans>Previous</Trans>
      </button>
      <span>
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={offset + SEARCH_PAGE_SIZE >= count}
        onClick={() => onChange(offset + SEARCH_PAGE_SIZE)}
      >
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}

export function SearchResultPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const search = params.get('search') ?? '';
  const [tab, setTab] = useState<SearchTab>('transactions');
  const [offsets, setOffsets] = useState({ transactions: 0, members: 0, search });
  // A new search starts both tabs from the first page.
  const current = offsets.search === search ? offsets : { transactions: 0, members: 0, search };
  const transactions = useQuery({ ...searchQueries.transactions(search, current.transactions), enabled: tab === 'transactions' && isSearchable(search), throwOnError: isServerFault });
  const members = useQuery({ ...searchQueries.members(search, current.members), enabled: tab === 'members' && isSearchable(search), throwOnError: isServerFault });
  const active = tab === 'transactions' ? transactions : members;

  if (!isSearchable(search)) {
    return (
      <div className="card">
        <EmptyState title={t`Type at least 3 characters to search`} />
      </div>
    );
  }
  return (
    <section className="page card">
      <p className="search-summary">
        <Trans>Results for “{search}”</Trans>
      </p>
      <SearchTabs tab={tab} onChange={setTab} />
      <div role="tabpanel">
        {active.isPending ? <Spinner label={t`Loading…`} /> : null}
        {active.isError ? (
          <p className="result-empty">
            <Trans>Search is not available right now.</Trans>
          </p>
        ) : null}
        {tab === 'transactions' && transactions.data ? (
          <>
            <TransactionResults rows={transactions.data.data} />
            <Pager offset={current.transactions} count={transactions.data.count} onChange={(offset) => setOffsets({ ...current, transactions: offset })} />
          </>
        ) : null}
        {tab === 'members' && members.data ? (
          <>
            <MemberResults rows={members.data.data} />
            <Pager offset={current.members} count={members.data.count} onChange={(offset) => setOffsets({ ...current, members: offset })} />
          </>
        ) : null}
      </div>
    </section>
  );
}
