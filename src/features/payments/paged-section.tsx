import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { CursorPager } from '../../components/ui/cursor-pager';
import { Spinner } from '../../components/ui/spinner';
import type { CursorStack } from '../../lib/cursor-stack';
import { errorText } from '../../lib/error-message';
import { PAGE_SIZE } from './api';

/** A paged list query as react-query answers it. */
type PagedList<Row> = { isPending: boolean; isError: boolean; error: unknown; data: { data: Row[]; count: number; nextCursor: string | null } | undefined };

type PagedSectionProps<Row> = {
  label: string;
  list: PagedList<Row>;
  /** No query runs yet (the filters are incomplete): no spinner. */
  idle?: boolean;
  offlineText: string;
  /** Shown when the list is empty. */
  empty: ReactNode;
  /** Keyset pages (ADR 062): the cursor on top is the page shown. */
  pages: CursorStack;
  children: (rows: Row[]) => ReactNode;
};

/**
 * A payments list in its card: a spinner while it loads, why it failed (kept above rows still
 * shown from before), the rows and the pager.
 */
export function PagedSection<Row>({ label, list, idle = false, offlineText, empty, pages, children }: PagedSectionProps<Row>) {
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
            <CursorPager page={pages.page} nextCursor={list.data.nextCursor} onNext={pages.next} onPrevious={pages.previous} count={list.data.count} limit={PAGE_SIZE} />
          </>
        )
      ) : null}
    </section>
  );
}
