import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AffiliationInput, AffiliationView, ParentCandidates } from '../../../domain/api/affiliation';
import type { SubmittedRequest } from '../../../domain/api/back-office-users';
import { apiPaths } from '../../../domain/api-paths';
import { api, isServerFault } from '../../lib/api-client';
import { flag, integer, list, nullable, oneOf, record, replyParser, text } from '../../lib/reply-checks';
import { structureKeys } from './api';

// domain/api/affiliation.ts, read without zod (ADR 014).
const Ref = record({ id: integer, title: text, code: text });
const ViewReply = replyParser<AffiliationView>(
  record({
    institution: record({ id: integer, title: text, code: text, levelRank: integer, institutionsBelow: integer }),
    parent: nullable(Ref),
    pending: nullable(record({ requestId: integer, to: Ref, makerName: nullable(text), createdAt: text })),
    canRequest: flag,
    history: list(record({ id: integer, from: nullable(Ref), to: Ref, requestId: nullable(integer), movedByName: nullable(text), movedAt: text })),
  }),
);
const ChoicesReply = replyParser<ParentCandidates>(record({ data: list(Ref) }));
const SubmittedReply = replyParser<SubmittedRequest>(record({ requestId: integer, status: oneOf(['requested'] as const) }));

export const affiliationKeys = {
  view: (id: number) => [...structureKeys.all, 'affiliation', id] as const,
  choices: (id: number, search: string) => [...structureKeys.all, 'affiliation-choices', id, search] as const,
};

export const affiliationQueries = {
  view: (id: number) => queryOptions({ queryKey: affiliationKeys.view(id), queryFn: ({ signal }) => api.get(apiPaths.institutionAffiliation(id), ViewReply, signal), throwOnError: isServerFault }),
  choices: (id: number, search: string) =>
    queryOptions({
      queryKey: affiliationKeys.choices(id, search),
      queryFn: ({ signal }) => api.get(apiPaths.institutionParentChoices(id, search), ChoicesReply, signal),
      placeholderData: keepPreviousData,
      throwOnError: isServerFault,
    }),
};

/** Asks for the move; the page then shows it pending until a checker decides on /requests. */
export function useRequestMove(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AffiliationInput) => api.post(apiPaths.institutionAffiliation(id), input, SubmittedReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: affiliationKeys.view(id) }),
  });
}
