import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Locale } from '../../../domain/locale';
import { localizedPath, paths } from '../../../domain/paths';
import { Icon } from '../../components/ui/icon';
import { isSearchable, searchQueries, type SearchTab } from './api';
import { MemberResults, TransactionResults } from './result-lists';
import { SearchTabs } from './search-tabs';

/** The top bar's search: a live panel of the first results, and Search/Enter opens the full results page. */
export function AdvancedSearch({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [tab, setTab] = useState<SearchTab>('transactions');
  const [open, setOpen] = useState(false);
  const deferred = useDeferredValue(value);
  const panelId = useId();
  const ready = isSearchable(value);
  const transactions = useQuery({ ...searchQueries.transactions(deferred), enabled: open && isSearchable(deferred) && tab === 'transactions' });
  const members = useQuery({ ...searchQueries.members(deferred), enabled: open && isSearchable(deferred) && tab === 'members' });
  const active = tab === 'transactions' ? transactions : members;

  const close = () => {
    setValue('');
    setOpen(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const search = new URLSearchParams({ search: value.trim() });
    close();
    navigate(`${localizedPath(paths.searchResult, locale)}?${search.toString()}`);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  return (
    <form className="advanced-search" role="search" onSubmit={submit} onKeyDown={onKeyDown}>
      <label htmlFor={`${panelId}-input`} className="visually-hidden">
        <Trans>Search transactions and members</Trans>
      </label>
      <input
        id={`${panelId}-input`}
        type="search"
        value={value}
        placeholder={t`Search…`}
        autoComplete="off"
        // A plain search box (its implicit role allows no aria-expanded): the panel below is a region it controls.
        aria-controls={open && ready ? panelId : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
        }}
      />
      <button type="submit" className="btn btn-primary btn-small" disabled={!ready}>
        <Icon name="search" size={16} />
        <span>
          <Trans>Search</Trans>
        </span>
      </button>
      {open && ready ? (
        <div id={panelId} className="search-panel">
          <SearchTabs tab={tab} onChange={setTab} />
          <div role="tabpanel" aria-busy={active.isFetching}>
            {active.isError ? (
              <p className="result-empty">
                <Trans>Search is not available right now.</Trans>
              </p>
            ) : tab === 'transactions' ? (
              transactions.data ? <TransactionResults rows={transactions.data.data} onOpen={close} /> : null
            ) : members.data ? (
              <MemberResults rows={members.data.data} onOpen={close} />
            ) : null}
          </div>
        </div>
      ) : null}
    </form>
  );
}
