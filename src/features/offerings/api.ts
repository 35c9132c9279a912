import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferingSettings, OfferingTypeDetails, OfferingTypeInput, OfferingTypeUpdate } from '../../../domain/api/offerings';
import { apiPaths } from '../../../domain/api-paths';
import { api, apiRequest, isServerFault } from '../../lib/api-client';
import { flag, integer, list, nullable, record, replyParser, text, type Reader } from '../../lib/reply-checks';

// domain/api/offerings.ts, read without zod (ADR 014).
const Period = record({ effectiveFrom: text, churchBp: integer, fieldBp: integer, unionBp: integer });
const TypeReply: Reader<OfferingTypeDetails> = record({
  id: integer,
  institutionId: integer,
  title: text,
  churchBp: integer,
  fieldBp: integer,
  unionBp: integer,
  active: flag,
  inherited: flag,
  used: flag,
  history: list(Period),
});
const Named = record({ id: integer, title: text });
const SettingsReply = replyParser<OfferingSettings>(record({ institution: Named, manages: flag, managedBy: nullable(Named), data: list(TypeReply) }));
const TypeOne = replyParser(TypeReply);

export const offeringKeys = { all: ['offering-settings'] as const, of: (institutionId: number | null) => [...offeringKeys.all, institutionId ?? 'own'] as const };

export const offeringQueries = {
  settings: (institutionId: number | null) =>
    queryOptions({
      queryKey: offeringKeys.of(institutionId),
      queryFn: ({ signal }) => api.get(institutionId ? `${apiPaths.offeringSettings}?institutionId=${institutionId}` : apiPaths.offeringSettings, SettingsReply, signal),
      throwOnError: isServerFault,
    }),
};

export function useSaveOfferingType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: OfferingTypeInput | OfferingTypeUpdate }) =>
      id === null ? api.post(apiPaths.offeringTypes, input, TypeOne) : apiRequest(apiPaths.offeringTypeById(id), { method: 'PUT', body: input, schema: TypeOne }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offeringKeys.all }),
  });
}
