import { infiniteQueryOptions, keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CustomField,
  CustomFieldInput,
  CustomFieldValuesInput,
  InstitutionList,
  InstitutionListItem,
  InstitutionProfile,
  Level,
  LevelInput,
  LevelRename,
  StructureNode,
  StructurePage,
} from '../../../domain/api/structure';
import { apiPaths } from '../../../domain/api-paths';
import { api, apiRequest, isServerFault } from '../../lib/api-client';
import { flag, integer, list, nullable, oneOf, record, replyParser, text, type Reader } from '../../lib/reply-checks';

// domain/api/structure.ts, read without zod (ADR 014).
const LevelRef = record({ id: integer, nameEn: text, nameSw: text, rank: integer, holdsMembers: flag });
const Ref = record({ id: integer, title: text, code: text });
const Sum = record({ currency: text, amount: integer, transactions: integer });
const NodeReply: Reader<StructureNode> = record({
  id: integer,
  title: text,
  code: text,
  status: text,
  parentId: nullable(integer),
  parentTitle: nullable(text),
  level: LevelRef,
  hasChildren: flag,
  institutionsBelow: integer,
  members: integer,
  collections30d: list(Sum),
});
const PageReply = replyParser<StructurePage>(record({ parent: nullable(record({ node: NodeReply, ancestors: list(Ref) })), data: list(NodeReply), nextCursor: nullable(text) }));
const ItemShape = {
  id: integer,
  title: text,
  code: text,
  status: text,
  level: LevelRef,
  religion: record({ id: integer, nameEn: text, nameSw: text }),
  branch: nullable(record({ id: integer, name: text })),
  region: nullable(text),
  parent: nullable(Ref),
};
const ItemReply: Reader<InstitutionListItem> = record(ItemShape);
const ListReply = replyParser<InstitutionList>(record({ data: list(ItemReply), nextCursor: nullable(text) }));
const ProfileReply = replyParser<InstitutionProfile>(
  record({
    ...ItemShape,
    abbreviation: nullable(text),
    accountNumber: nullable(text),
    accountName: nullable(text),
    district: nullable(text),
    street: nullable(text),
    hasLogo: flag,
    logoFileId: nullable(integer),
    referralCode: nullable(text),
    registrationChannel: text,
    createdAt: text,
    ancestors: list(Ref),
    signatories: list(record({ name: text, phone: text, email: nullable(text), hasDocument: flag, documentFileId: nullable(integer) })),
    bankAccounts: list(record({ id: integer, accountNumber: text, accountName: text, currency: text, status: text, isDefault: flag })),
    defaultUser: nullable(record({ id: integer, name: text, username: text, email: nullable(text), phone: nullable(text) })),
    users: list(record({ id: integer, name: text, username: text, roleGroup: text, status: text, lastLoginAt: nullable(text) })),
    customFields: list(record({ fieldId: integer, label: text, value: nullable(text) })),
    offeringTypes: list(record({ id: integer, title: text, active: flag, churchBp: integer, fieldBp: integer, unionBp: integer })),
    zones: list(record({ id: integer, name: text, parentId: nullable(integer) })),
    institutionsBelow: integer,
    memberCount: integer,
    recentCollections: list(record({ day: text, currency: text, amount: integer, transactions: integer })),
    collections30d: list(Sum),
  }),
);
const LevelReply: Reader<Level> = record({ id: integer, religionId: integer, rank: integer, code: text, nameEn: text, nameSw: text, holdsMembers: flag, institutionCount: integer });
const LevelListReply = replyParser(record({ data: list(LevelReply) }));
const FieldReply: Reader<CustomField> = record({
  id: integer,
  levelId: integer,
  label: text,
  dataType: oneOf(['text', 'number', 'date', 'choice'] as const),
  minChars: nullable(integer),
  maxChars: nullable(integer),
  items: list(text),
  isDefault: flag,
});
const FieldListReply = replyParser(record({ data: list(FieldReply) }));

export type InstitutionFilters = { levelId?: number; status?: string; branchId?: number; religionId?: number; region?: string; search?: string };

export function filterQuery(filters: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

export const structureKeys = {
  all: ['structure'] as const,
  tree: (parentId: number | null, search: string | null) => [...structureKeys.all, 'tree', parentId ?? 'top', search ?? ''] as const,
  list: (filters: InstitutionFilters, after: string | null) => [...structureKeys.all, 'list', filters, after ?? ''] as const,
  profile: (id: number) => [...structureKeys.all, 'profile', id] as const,
  levels: (religionId: number | null) => ['levels', religionId ?? 'own'] as const,
  fields: (levelId: number) => ['custom-fields', levelId] as const,
};

export const structureQueries = {
  /** One node's children (or the caller's top nodes), or a search; pages follow by keyset. */
  tree: (parentId: number | null, search: string | null) =>
    infiniteQueryOptions({
      queryKey: structureKeys.tree(parentId, search),
      queryFn: ({ pageParam, signal }) => {
        const query = filterQuery({ parentId: parentId ?? undefined, search: search ?? undefined, after: pageParam ?? undefined });
        return api.get(query ? `${apiPaths.structure}?${query}` : apiPaths.structure, PageReply, signal);
      },
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      throwOnError: isServerFault,
    }),
  list: (filters: InstitutionFilters, after: string | null) =>
    queryOptions({
      queryKey: structureKeys.list(filters, after),
      queryFn: ({ signal }) => {
        const query = filterQuery({ ...filters, after: after ?? undefined });
        return api.get(query ? `${apiPaths.institutions}?${query}` : apiPaths.institutions, ListReply, signal);
      },
      placeholderData: keepPreviousData,
      throwOnError: isServerFault,
    }),
  profile: (id: number) =>
    queryOptions({ queryKey: structureKeys.profile(id), queryFn: ({ signal }) => api.get(apiPaths.institutionById(id), ProfileReply, signal), throwOnError: isServerFault }),
  levels: (religionId: number | null) =>
    queryOptions({
      queryKey: structureKeys.levels(religionId),
      queryFn: ({ signal }) => api.get(religionId ? `${apiPaths.levels}?religionId=${religionId}` : apiPaths.levels, LevelListReply, signal),
      throwOnError: isServerFault,
    }),
  fields: (levelId: number) =>
    queryOptions({
      queryKey: structureKeys.fields(levelId),
      queryFn: ({ signal }) => api.get(`${apiPaths.customFields}?levelId=${levelId}`, FieldListReply, signal),
      throwOnError: isServerFault,
    }),
};

function useWrite<TInput>(write: (input: TInput) => Promise<unknown>, keys: ReadonlyArray<readonly unknown[]>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))) });
}

const LevelOne = replyParser(LevelReply);
const FieldOne = replyParser(FieldReply);
const levelKeys = [['levels'], ['custom-fields']] as const;

export const useCreateLevel = () => useWrite((input: LevelInput) => api.post(apiPaths.levels, input, LevelOne), levelKeys);
export const useRenameLevel = () => useWrite(({ id, input }: { id: number; input: LevelRename }) => apiRequest(apiPaths.levelById(id), { method: 'PUT', body: input, schema: LevelOne }), levelKeys);
export const useReorderLevels = () => useWrite((input: { religionId: number; levelIds: number[] }) => api.post(apiPaths.levelsReorder, input, LevelListReply), levelKeys);
export const useDeleteLevel = () => useWrite((id: number) => apiRequest(apiPaths.levelById(id), { method: 'DELETE' }), levelKeys);
export const useSaveField = () =>
  useWrite(
    ({ id, input }: { id: number | null; input: CustomFieldInput }) =>
      id === null ? api.post(apiPaths.customFields, input, FieldOne) : apiRequest(apiPaths.customFieldById(id), { method: 'PUT', body: input, schema: FieldOne }),
    [['custom-fields'], structureKeys.all],
  );
export const useDeleteField = () => useWrite((id: number) => apiRequest(apiPaths.customFieldById(id), { method: 'DELETE' }), [['custom-fields'], structureKeys.all]);
export const useSaveFieldValues = () =>
  useWrite(({ id, input }: { id: number; input: CustomFieldValuesInput }) => apiRequest(apiPaths.institutionCustomFields(id), { method: 'PUT', body: input }), [structureKeys.all]);

// Filters' choices for bank staff (GET /branches and /religions answer bank users only).
const BranchChoices = replyParser(record({ data: list(record({ id: integer, name: text })) }));
const ReligionChoices = replyParser(record({ data: list(record({ id: integer, nameEn: text, nameSw: text })) }));
export const choiceQueries = {
  branches: () => queryOptions({ queryKey: ['structure-choices', 'branches'], queryFn: ({ signal }) => api.get(apiPaths.branches, BranchChoices, signal), staleTime: 300_000 }),
  religions: () => queryOptions({ queryKey: ['structure-choices', 'religions'], queryFn: ({ signal }) => api.get(apiPaths.religions, ReligionChoices, signal), staleTime: 300_000 }),
};
