import { queryOptions, useMutation } from '@tanstack/react-query';
import type { MessageBody } from '../../../domain/api/common';
import type { PendingRegistration, ReligionItem, SmsBalance } from '../../../domain/api/shell';
import { apiPaths } from '../../../domain/api-paths';
import { PENDING_POLL_MS } from '../../../domain/limits';
import { api } from '../../lib/api-client';
import { db } from '../../lib/db';
import { networkWithLocalCopy } from '../../lib/offline-first';

export const shellKeys = {
  all: ['shell'] as const,
  /** Per language: the server names religions in the Lang header's language. */
  religions: (locale: string) => [...shellKeys.all, 'religions', locale] as const,
  smsBalance: () => [...shellKeys.all, 'sms-balance'] as const,
  pending: () => [...shellKeys.all, 'pending-registrations'] as const,
};

export function fetchReligions(): Promise<ReligionItem[]> {
  return networkWithLocalCopy(async () => (await api.get<{ data: ReligionItem[] }>(apiPaths.getReligion)).data, {
    read: async () => {
      const rows = await db.religions.toArray();
      return rows.length > 0 ? rows : undefined;
    },
    write: (rows) =>
      db.transaction('rw', db.religions, async () => {
        await db.religions.clear();
        await db.religions.bulkPut(rows);
      }),
  });
}

export const shellQueries = {
  religions: (locale: string) => queryOptions({ queryKey: shellKeys.religions(locale), queryFn: fetchReligions, staleTime: 60 * 60_000 }),
  smsBalance: () =>
    queryOptions({ queryKey: shellKeys.smsBalance(), queryFn: () => api.post<SmsBalance>(apiPaths.smsTopUpHistory, {}), staleTime: 5 * 60_000 }),
  /** Polled every 30 s; a failure stops the polling (spec section 8) until the page is opened again. */
  pending: () =>
    queryOptions({
      queryKey: shellKeys.pending(),
      queryFn: () => api.get<PendingRegistration>(apiPaths.getTotalPendingRegistration),
      refetchInterval: (query) => (query.state.status === 'error' ? false : PENDING_POLL_MS),
      retry: false,
    }),
};

export function useSetReligion() {
  return useMutation({
    mutationFn: (religionId: number) => api.post<{ religionId: number }>(apiPaths.setReligion, { religionId }),
    // Every list on the page depends on the active religion: the spec reloads the page.
    onSuccess: () => window.location.reload(),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => api.get<MessageBody>(apiPaths.logout),
    // A failed logout on an expired session is still a logout; the caller shows the toast.
    meta: { handlesAuthErrors: true },
  });
}
