import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { CursorPager } from '../../components/ui/cursor-pager';
import { ListCard, type ListAnswer } from '../../components/ui/list-card';
import type { CursorStack } from '../../lib/cursor-stack';
import { LOG_PAGE_SIZE } from './api';

type LogPage = { data: readonly unknown[]; count: number; nextCursor: string | null };

type LogListCardProps<T extends LogPage> = {
  list: ListAnswer<T>;
  /** Keyset pages (ADR 062): the cursor on top is the page shown. */
  pages: CursorStack;
  children: (answer: T) => ReactNode;
};

/** One of the two logs (activities, sessions): paged alike, and alike when offline or when nothing matches. */
export function LogListCard<T extends LogPage>({ list, pages, children }: LogListCardProps<T>) {
  const { t } = useLingui();
  return (
    <ListCard list={list} offlineText={t`You are offline. Logs need a connection.`} emptyTitle={t`Nothing found`}>
      {(answer) => (
        <>
          {children(answer)}
          <CursorPager page={pages.page} nextCursor={answer.nextCursor} onNext={pages.next} onPrevious={pages.previous} count={answer.count} limit={LOG_PAGE_SIZE} />
        </>
      )}
    </ListCard>
  );
}
