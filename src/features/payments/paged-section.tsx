import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { PAGE_SIZE } from './api';

/** A paged list query as react-query answers it. */
type PagedList<Row> = { isPending: boolean; isError: boolean; error: unknown; data: { data: Row[]; count: number } | undefined };

type PagedSectionProps<Row> = {
  label: string;
  list: PagedList<Row>;
  /** No query runs yet (the filters are incomplete): no spinner. */
  idle?: boolean;
  offlineText: string;
  /** Shown when the list is empty. */
  empty: ReactNode;
  offset: number;
  onOffsetChange: (offset: number) => void;
  children: (rows: Row[]) => ReactNode;
};

/**
 * A payments list in its card: a spinner while it loads, why it failed (kept above rows still
 * shown from before), the rows and the pager.
 */
export function PagedSection<Row>({ label, list, idle = false, offlineText, empty, offset, onOffsetChange, children }: PagedSectionProps<Row>) {
  const { t } = useLingui();
  return (
    <section className="card" aria-label={label}>
      {list.isPending && !idle ? <Spinner label={t`Loading…`} /> : null}
      {list.isError ? (
        <p className="notice notice-error" role="alert">
          {errorText(list.error, offlineText)}
        </p>
      ) : null}
      {list.data ? (
        list.data.data.length === 0 ? (
          empty
        ) : (
          <>
            {children(list.data.data)}
            <Pager offset={offset} limit={PAGE_SIZE} count={list.data.count} onChange={onOffsetChange} />
          </>
        )
      ) : null}
    </section>
  );
}
