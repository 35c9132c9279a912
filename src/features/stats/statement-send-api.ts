import { queryOptions } from '@tanstack/react-query';
import type { StatementSend, StatementSendList } from '../../../domain/api/statement-sends';
import { apiPaths } from '../../../domain/api-paths';
import { api, apiRequest, isServerFault } from '../../lib/api-client';

/** A congregation's statement sends (ADR 064); polled while one is still going out. */
export const statementSendKeys = {
  list: (institutionId: number) => ['stats', 'statement-sends', institutionId] as const,
  detail: (id: number) => ['stats', 'statement-send', id] as const,
};

const runningPoll = (sends: Array<{ dispatchedAt: string | null }> | undefined) => (sends?.some((send) => send.dispatchedAt === null) ? 2000 : false);

export const statementSendQueries = {
  list: (institutionId: number) =>
    queryOptions({
      queryKey: statementSendKeys.list(institutionId),
      queryFn: ({ signal }) => api.get<StatementSendList>(apiPaths.institutionStatementSends(institutionId), undefined, signal),
      refetchInterval: (query) => runningPoll(query.state.data?.data),
      throwOnError: isServerFault,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: statementSendKeys.detail(id),
      queryFn: ({ signal }) => api.get<StatementSend>(apiPaths.statementSend(id), undefined, signal),
      refetchInterval: (query) => runningPoll(query.state.data ? [query.state.data] : undefined),
      throwOnError: isServerFault,
    }),
};

export function sendCongregationStatements(institutionId: number, year: number): Promise<StatementSend> {
  return apiRequest<StatementSend>(apiPaths.institutionStatementSend(institutionId), { method: 'POST', body: { year } });
}
