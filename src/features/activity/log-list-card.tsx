import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ListCard, type ListAnswer } from '../../components/ui/list-card';
import { LOG_PAGE_SIZE } from './api';

type LogListCardProps<T extends { data: readonly unknown[]; count: number }> = {
  list: ListAnswer<T>;
  offset: number;
  onOffsetChange: (offset: number) => void;
  children: (answer: T) => ReactNode;
};

/** One of the two logs (activities, sessions): paged alike, and alike when offline or when nothing matches. */
export function LogListCard<T extends { data: readonly unknown[]; count: number }>({ list, offset, onOffsetChange, children }: LogListCardProps<T>) {
  const { t } = useLingui();
  return (
    <ListCard list={list} offlineText={t`You are offline. Logs need a connection.`} emptyTitle={t`Nothing found`} paging={{ offset, limit: LOG_PAGE_SIZE, onChange: onOffsetChange }}>
      {children}
    </ListCard>
  );
}
