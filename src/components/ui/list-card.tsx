import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { errorText } from '../../lib/error-message';
import { EmptyState } from './empty-state';
import { Pager } from './pager';
import { Spinner } from './spinner';

/** What a query answered so far (a react-query result fits). */
export type ListAnswer<T> = { status: 'pending' } | { status: 'error'; error: unknown } | { status: 'success'; data: T };

/** Where an offset-paged list stands; the pager takes the count from the answer. */
type Paging = { offset: number; limit: number; onChange: (offset: number) => void };

type ListCardProps<T extends { data: readonly unknown[]; count?: number }> = {
  list: ListAnswer<T>;
  /** Shown when the list could not be fetched because the device is offline. */
  offlineText: string;
  /** Shown instead of an empty table; without it an empty table is drawn. */
  emptyTitle?: string;
  /** Previous / next below the list, for a paged one. */
  paging?: Paging;
  children: (answer: T) => ReactNode;
};

/** A card holding a fetched list: a spinner while it loads, why it failed, that it is empty, or the list (and its pager). */
export function ListCard<T extends { data: readonly unknown[]; count?: number }>({ list, offlineText, emptyTitle, paging, children }: ListCardProps<T>) {
  const { t } = useLingui();
  return (
    <div className="card">
      {list.status === 'pending' ? (
        <Spinner label={t`Loading…`} />
      ) : list.status === 'error' ? (
        <EmptyState title={errorText(list.error, offlineText)} />
      ) : emptyTitle && list.data.data.length === 0 ? (
        <EmptyState title={emptyTitle} />
      ) : paging ? (
        <>
          {children(list.data)}
          <Pager offset={paging.offset} limit={paging.limit} count={list.data.count ?? list.data.data.length} onChange={paging.onChange} />
        </>
      ) : (
        children(list.data)
      )}
    </div>
  );
}
