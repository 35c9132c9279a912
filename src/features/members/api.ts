import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ImportPlaces, MemberDetail, MemberHistory, MemberImportResult, MemberListPage, MemberUpdate } from '../../../domain/api/members';
import type { ZoneList } from '../../../domain/api/zones';
import { apiPaths } from '../../../domain/api-paths';
import { LANG_HEADER } from '../../../domain/locale';
import { API_BASE } from '../../../domain/paths';
import { api, apiRequest, NetworkError, toApiError } from '../../lib/api-client';
import { getCurrentLocale } from '../../lib/current-locale';
import { getToken } from '../../lib/session';

export const MEMBER_PAGE_SIZE = 25;

/** The list's filters as the server takes them (paging aside). */
export type MemberFilters = { search: string; gender: '' | 'male' | 'female'; institutionId?: number | undefined; zoneId?: number | undefined };

/** Query string of the values that are set; empty ones are left out so the server never sees "". */
export function queryString(values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== '' && value !== null && value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const memberKeys = {
  all: ['members'] as const,
  list: (filters: MemberFilters, cursor: string | null) => [...memberKeys.all, 'list', filters, cursor] as const,
  detail: (id: number) => [...memberKeys.all, 'detail', id] as const,
  history: (id: number) => [...memberKeys.all, 'history', id] as const,
};

export const memberQueries = {
  list: (filters: MemberFilters, cursor: string | null) =>
    queryOptions({
      queryKey: memberKeys.list(filters, cursor),
      queryFn: ({ signal }) => api.get<MemberListPage>(`${apiPaths.members}${queryString({ ...filters, cursor, limit: MEMBER_PAGE_SIZE })}`, undefined, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) => queryOptions({ queryKey: memberKeys.detail(id), queryFn: ({ signal }) => api.get<MemberDetail>(apiPaths.memberById(id), undefined, signal) }),
  history: (id: number) => queryOptions({ queryKey: memberKeys.history(id), queryFn: ({ signal }) => api.get<MemberHistory>(apiPaths.memberHistory(id), undefined, signal) }),
  /** Churches and mosques of the caller's scope that hold members (the staff list's filter). */
  places: (search: string) =>
    queryOptions({
      queryKey: [...memberKeys.all, 'places', search] as const,
      queryFn: ({ signal }) => api.get<ImportPlaces>(`${apiPaths.memberPlaces}${queryString({ search })}`, undefined, signal),
      placeholderData: keepPreviousData,
    }),
  /** A congregation's zones from the server (staff have no device cache of them). */
  zones: (institutionId: number) =>
    queryOptions({
      queryKey: [...memberKeys.all, 'zones', institutionId] as const,
      queryFn: ({ signal }) => api.get<ZoneList>(`${apiPaths.zones}${queryString({ institutionId })}`, undefined, signal),
    }),
  /** Churches and mosques of the caller's subtree that an import may fill (the staff import's picker). */
  importPlaces: (search: string) =>
    queryOptions({
      queryKey: [...memberKeys.all, 'import-places', search] as const,
      queryFn: ({ signal }) => api.get<ImportPlaces>(`${apiPaths.memberImportPlaces}${queryString({ search })}`, undefined, signal),
      placeholderData: keepPreviousData,
    }),
};

export function updateMember(id: number, changes: MemberUpdate): Promise<MemberDetail> {
  return apiRequest<MemberDetail>(apiPaths.memberById(id), { method: 'PATCH', body: changes });
}

/** Texts a code to the new number; the phone changes only when confirmPhoneChange brings it back. */
export function startPhoneChange(id: number, phone: string): Promise<{ expiresAt: string }> {
  return apiRequest<{ expiresAt: string }>(apiPaths.memberPhoneChange(id), { method: 'POST', body: { phone } });
}

export function confirmPhoneChange(id: number, code: string): Promise<MemberDetail> {
  return apiRequest<MemberDetail>(apiPaths.memberPhoneChangeConfirm(id), { method: 'POST', body: { code } });
}

/**
 * Uploads a members file, or one batch cut from it (multipart, field `file`; JSON calls cannot carry
 * it). A batch names the whole file's key and its first line, so its rows keep theirs (ADR 053).
 */
export async function uploadMembers(file: Blob, query: { institutionId: number | null; importKey?: string; firstLine?: number }): Promise<MemberImportResult> {
  const token = getToken();
  const form = new FormData();
  form.append('file', file, 'members.csv');
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${apiPaths.membersImport}${queryString(query)}`, {
      method: 'POST',
      headers: { [LANG_HEADER]: getCurrentLocale(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as MemberImportResult;
}

/** Moves members into a zone of their congregation (null: out of every zone); all or none. */
export function moveMembersToZone(memberIds: number[], zoneId: number | null): Promise<{ moved: number }> {
  return apiRequest<{ moved: number }>(apiPaths.zoneMoveMembers, { method: 'POST', body: { memberIds, zoneId } });
}
