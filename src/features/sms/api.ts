import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmittedRequest } from '../../../domain/api/back-office-users';
import type { SmsBalance } from '../../../domain/api/shell';
import type { SmsTopUpRequestInput, SmsWallet } from '../../../domain/api/sms-topups';
import type { SmsPrice, SmsPurchase, SmsPurchaseInput } from '../../../domain/api/sms-purchases';
import type { InstitutionList } from '../../../domain/api/structure';
import type { SmsCampaignCreated, SmsCampaignDetail, SmsCampaignInput, SmsCampaignPage, SmsFailedPage } from '../../../domain/api/sms';
import type { Zone } from '../../../domain/api/zones';
import { apiPaths } from '../../../domain/api-paths';
import { api, isServerFault } from '../../lib/api-client';

export const SMS_PAGE_SIZE = 20;

export const smsKeys = {
  all: ['sms'] as const,
  campaigns: (cursor: number | null) => [...smsKeys.all, 'campaigns', cursor] as const,
  campaign: (id: number) => [...smsKeys.all, 'campaign', id] as const,
  failed: (cursor: number | null) => [...smsKeys.all, 'failed', cursor] as const,
  balance: () => [...smsKeys.all, 'balance'] as const,
  zones: (institutionId: number | null) => [...smsKeys.all, 'zones', institutionId] as const,
  institutions: (search: string) => [...smsKeys.all, 'institutions', search] as const,
  wallet: (institutionId: number) => [...smsKeys.all, 'wallet', institutionId] as const,
  price: () => [...smsKeys.all, 'price'] as const,
  purchase: (id: string) => [...smsKeys.all, 'purchase', id] as const,
};

const page = (cursor: number | null) => `?limit=${SMS_PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`;
/** While a send is going out its states move with delivery reports: look again every few seconds. */
const stillMoving = (detail: SmsCampaignDetail | undefined) =>
  detail && (detail.counts.scheduled > 0 || detail.counts.queued > 0 || detail.counts.sent > 0) && !detail.scheduleAt ? 3000 : false;

export const smsQueries = {
  campaigns: (cursor: number | null) =>
    queryOptions({
      queryKey: smsKeys.campaigns(cursor),
      queryFn: ({ signal }) => api.get<SmsCampaignPage>(`${apiPaths.smsCampaigns}${page(cursor)}`, undefined, signal),
      placeholderData: keepPreviousData,
      throwOnError: isServerFault,
    }),
  campaign: (id: number) =>
    queryOptions({
      queryKey: smsKeys.campaign(id),
      queryFn: ({ signal }) => api.get<SmsCampaignDetail>(apiPaths.smsCampaignById(id), undefined, signal),
      refetchInterval: (query) => stillMoving(query.state.data),
      throwOnError: isServerFault,
    }),
  failed: (cursor: number | null) =>
    queryOptions({
      queryKey: smsKeys.failed(cursor),
      queryFn: ({ signal }) => api.get<SmsFailedPage>(`${apiPaths.smsFailed}${page(cursor)}`, undefined, signal),
      placeholderData: keepPreviousData,
      throwOnError: isServerFault,
    }),
  /** Balance and top-up history (spec `smsTopUpHistory`): bank staff and union level only (§6). */
  balance: () => queryOptions({ queryKey: smsKeys.balance(), queryFn: () => api.post<SmsBalance>(apiPaths.smsTopUpHistory, {}) }),
  /** The sender's zones; bank staff name the institution they send for. */
  zones: (institutionId: number | null) =>
    queryOptions({
      queryKey: smsKeys.zones(institutionId),
      queryFn: ({ signal }) => api.get<{ data: Zone[] }>(`${apiPaths.zones}${institutionId ? `?institutionId=${institutionId}` : ''}`, undefined, signal),
    }),
  wallet: (institutionId: number) => queryOptions({ queryKey: smsKeys.wallet(institutionId), queryFn: ({ signal }) => api.get<SmsWallet>(apiPaths.smsWallet(institutionId), undefined, signal) }),
  price: () => queryOptions({ queryKey: smsKeys.price(), queryFn: ({ signal }) => api.get<SmsPrice>(apiPaths.smsPrice, undefined, signal), staleTime: 5 * 60_000 }),
  /** A purchase being paid: looked at every 2 s until the payer answered (ADR 058). */
  purchase: (id: string) =>
    queryOptions({
      queryKey: smsKeys.purchase(id),
      queryFn: ({ signal }) => api.get<SmsPurchase>(apiPaths.smsPurchaseById(id), undefined, signal),
      refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
    }),
  /** Active institutions in the caller's scope whose name or code starts with the search (bank staff's picker). */
  institutions: (search: string) =>
    queryOptions({
      queryKey: smsKeys.institutions(search),
      queryFn: ({ signal }) =>
        api.get<InstitutionList>(`${apiPaths.institutions}?status=active&limit=10${search.length >= 2 ? `&search=${encodeURIComponent(search)}` : ''}`, undefined, signal),
      placeholderData: keepPreviousData,
    }),
};

export function useSendCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SmsCampaignInput) => api.post<SmsCampaignCreated>(apiPaths.smsCampaigns, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: smsKeys.all }),
  });
}

/** Bank staff ask for a top-up; it waits on /requests for a second bank user (ADR 057). */
export function useRequestTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SmsTopUpRequestInput) => api.post<SubmittedRequest>(apiPaths.smsTopUps, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['requests'] }),
  });
}

/** A union-level user buys SMS with mobile money: a push to the phone; the units arrive when it is paid (ADR 058). */
export function useBuySms() {
  return useMutation({ mutationFn: (input: SmsPurchaseInput) => api.post<SmsPurchase>(apiPaths.smsPurchases, input) });
}

export function useResendFailed(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ resent: number }>(apiPaths.smsResendFailed(id), {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: smsKeys.all }),
  });
}

/** How many recipients the detail lists at most (the server's DETAIL_RECIPIENTS). */
export const DETAIL_LIMIT_NOTE = 2000;
