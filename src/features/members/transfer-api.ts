import { queryOptions } from '@tanstack/react-query';
import type { MemberTransfer, TransferDestinations, TransferListPage } from '../../../domain/api/member-transfers';
import { apiPaths } from '../../../domain/api-paths';
import { api, apiRequest } from '../../lib/api-client';
import { queryString } from './api';

export type TransferDirection = 'incoming' | 'outgoing';

export const transferKeys = {
  all: ['member-transfers'] as const,
  list: (direction: TransferDirection) => [...transferKeys.all, direction] as const,
};

export const transferQueries = {
  list: (direction: TransferDirection) =>
    queryOptions({
      queryKey: transferKeys.list(direction),
      queryFn: ({ signal }) => api.get<TransferListPage>(`${apiPaths.memberTransfers}${queryString({ direction, limit: 50 })}`, undefined, signal),
    }),
  destinations: (memberId: number, search: string) =>
    queryOptions({
      queryKey: [...transferKeys.all, 'destinations', memberId, search] as const,
      queryFn: ({ signal }) => api.get<TransferDestinations>(`${apiPaths.memberTransferDestinations(memberId)}${queryString({ search })}`, undefined, signal),
      enabled: search.trim().length > 0,
    }),
};

export function requestTransfer(memberId: number, toInstitutionId: number, note: string): Promise<MemberTransfer> {
  return apiRequest<MemberTransfer>(apiPaths.memberTransfer(memberId), { method: 'POST', body: { toInstitutionId, ...(note.trim() ? { note: note.trim() } : {}) } });
}

export function answerTransfer(id: number, answer: 'accept' | 'refuse' | 'cancel', note?: string): Promise<MemberTransfer> {
  return apiRequest<MemberTransfer>(apiPaths.memberTransferAnswer(id, answer), { method: 'POST', body: answer === 'refuse' ? { ...(note?.trim() ? { note: note.trim() } : {}) } : undefined });
}
