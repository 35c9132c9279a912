import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Zone, ZoneInput, ZonePatch } from '../../../domain/api/zones';
import { apiPaths } from '../../../domain/api-paths';
import { api, apiRequest, isServerFault } from '../../lib/api-client';
import { integer, list, nullable, record, replyParser, text, type Reader } from '../../lib/reply-checks';

// The contract's Zone (domain/api/zones.ts), read without zod (ADR 014).
const ZoneReply: Reader<Zone> = record({ id: integer, institutionId: integer, name: text, parentId: nullable(integer), community: nullable(text), memberCount: integer });
const ZoneList = replyParser(record({ data: list(ZoneReply) }));
const ZoneOne = replyParser(ZoneReply);

export const zoneKeys = {
  all: ['zones'] as const,
  of: (institutionId: number | null) => [...zoneKeys.all, institutionId ?? 'scope'] as const,
};

export const zoneQueries = {
  list: (institutionId: number | null) =>
    queryOptions({
      queryKey: zoneKeys.of(institutionId),
      queryFn: ({ signal }) => api.get(institutionId ? `${apiPaths.zones}?institutionId=${institutionId}` : apiPaths.zones, ZoneList, signal),
      throwOnError: isServerFault,
    }),
};

/** Every zone write refreshes the lists (counts move with members and merges). */
function useZoneWrite<TInput>(write: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: zoneKeys.all }) });
}

export const useCreateZone = () => useZoneWrite((input: ZoneInput) => api.post(apiPaths.zones, input, ZoneOne));
export const useUpdateZone = () => useZoneWrite(({ id, patch }: { id: number; patch: ZonePatch }) => apiRequest(apiPaths.zoneById(id), { method: 'PATCH', body: patch, schema: ZoneOne }));
export const useMergeZone = () => useZoneWrite(({ id, intoZoneId }: { id: number; intoZoneId: number }) => api.post(apiPaths.zoneMerge(id), { intoZoneId }, ZoneOne));
export const useDeleteZone = () => useZoneWrite((id: number) => apiRequest(apiPaths.zoneById(id), { method: 'DELETE' }));
