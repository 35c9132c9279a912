import { queryOptions } from '@tanstack/react-query';
import type { StatementLink, StatementLinkList, StatementSend } from '../../../domain/api/statement-sends';
import { apiPaths } from '../../../domain/api-paths';
import { api, apiRequest } from '../../lib/api-client';

/** A member's statement links (ADR 064): sent by SMS or email, each opens one year's statement until it expires or is revoked. */
export const statementLinkKeys = { member: (id: number) => ['members', 'statement-links', id] as const };

export const statementLinkQueries = {
  member: (id: number) => queryOptions({ queryKey: statementLinkKeys.member(id), queryFn: ({ signal }) => api.get<StatementLinkList>(apiPaths.memberStatementLinks(id), undefined, signal) }),
};

export function sendMemberStatement(id: number, year: number): Promise<StatementSend> {
  return apiRequest<StatementSend>(apiPaths.memberStatementSend(id), { method: 'POST', body: { year } });
}

export function revokeStatementLink(id: number): Promise<StatementLink> {
  return apiRequest<StatementLink>(apiPaths.statementLinkRevoke(id), { method: 'POST', body: {} });
}
