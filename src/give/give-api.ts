import type { GivingMemberInput } from '../../domain/api/giving-members';
import type { GivingPledgeCodeSent, GivingPledgeList } from '../../domain/api/giving-pledges';
import type {
  GivingInstitution,
  KnownGiver,
  PaymentCreated,
  PaymentInput,
  PaymentStatusView,
  PhoneLookupResult,
} from '../../domain/api/payments';
import { LANG_HEADER } from '../../domain/locale';
import { API_BASE } from '../../domain/paths';
import { ApiError, NetworkError, toApiError } from '../lib/api-client';
import { getCurrentLocale } from '../lib/current-locale';

/**
 * The giving page's calls. Types only from domain/api/payments.ts: importing its values would
 * pull zod and libphonenumber into the page's first load (the 90 KiB budget), so the few paths
 * are repeated here and a test holds them equal to `paymentApiPaths`.
 *
 * Never sends the staff bearer token even if one is stored in this browser: the giving page is a
 * public page, and a signed-in call to POST /payments would be a desk push with staff rules.
 */
export const giveApiPaths = {
  payments: '/payments',
  paymentById: (id: string) => `/payments/${encodeURIComponent(id)}`,
  lookupPhone: '/giving/lookup-phone',
  institutions: '/giving/institutions',
  institutionById: (id: number) => `/giving/institutions/${id}`,
  /**
   * Online member registration (domain/api/giving-members.ts). A server without it answers 404:
   * the page then says registration is unavailable and offers to continue as a guest.
   */
  registerMember: '/giving/members',
  /** A member's open pledges, behind a code sent by SMS (domain/api/giving-pledges.ts, ADR 056). */
  pledgeCode: '/giving/pledges/code',
  pledgeVerify: '/giving/pledges/verify',
} as const;

/** What the registration form sends: every field of a member, all required (spec). */
export type RegisterMemberInput = GivingMemberInput;
/** The new member, greeted like a known giver. */
export type RegisteredMember = KnownGiver;

export const IDEMPOTENCY_HEADER = 'idempotency-key';

type GiveRequest = { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal };

async function giveRequest<T>(path: string, request: GiveRequest = {}): Promise<T> {
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', [LANG_HEADER]: getCurrentLocale(), ...request.headers };
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: method === 'GET' ? undefined : JSON.stringify(request.body ?? {}),
      signal: request.signal,
      // A payment's state must come from the server, never from a cache along the way.
      cache: 'no-store',
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw await toApiError(response);
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(500, 'invalid_response', response.statusText);
  }
}

export const giveApi = {
  lookupPhone: (phone: string, signal?: AbortSignal) =>
    giveRequest<PhoneLookupResult>(giveApiPaths.lookupPhone, { method: 'POST', body: { phone }, signal }),
  searchInstitutions: (search: string, signal?: AbortSignal) =>
    giveRequest<{ data: GivingInstitution[] }>(`${giveApiPaths.institutions}?${new URLSearchParams({ search })}`, { signal }),
  institution: (id: number, signal?: AbortSignal) => giveRequest<GivingInstitution>(giveApiPaths.institutionById(id), { signal }),
  /** The same key and body again answer with the same payment: the server never makes two. */
  createPayment: (body: PaymentInput, idempotencyKey: string) =>
    giveRequest<PaymentCreated>(giveApiPaths.payments, { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  registerMember: (input: RegisterMemberInput) => giveRequest<RegisteredMember>(giveApiPaths.registerMember, { method: 'POST', body: input }),
  payment: (id: string, signal?: AbortSignal) => giveRequest<PaymentStatusView>(giveApiPaths.paymentById(id), { signal }),
  /** The same answer for every phone: a code goes out only when the phone is a member's at that church. */
  pledgeCode: (phone: string, institutionId: number) => giveRequest<GivingPledgeCodeSent>(giveApiPaths.pledgeCode, { method: 'POST', body: { phone, institutionId } }),
  pledges: (phone: string, institutionId: number, code: string) =>
    giveRequest<GivingPledgeList>(giveApiPaths.pledgeVerify, { method: 'POST', body: { phone, institutionId, code } }),
};
