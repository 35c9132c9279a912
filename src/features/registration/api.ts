import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadInfo as UploadInfoShape } from '../../../domain/api/back-office';
import type {
  BankAccountStep,
  DefaultUserStep,
  ExtrasStep,
  InstitutionStep,
  RegistrationView as RegistrationViewShape,
  SignatoriesStep,
  StartRegistrationInput,
} from '../../../domain/api/back-office-registration';
import { LANG_HEADER, type Locale } from '../../../domain/locale';
import { API_BASE } from '../../../domain/paths';
import { REGISTRATION_TOKEN_HEADER } from '../../../domain/registration-rules';
import { ApiError, NetworkError, toApiError } from '../../lib/api-client';
import { getCurrentLocale } from '../../lib/current-locale';
import { RegistrationOptions, RegistrationView, UploadInfo } from '../../lib/replies/registrations';
import { RegistrationStarted } from './replies';
import { getRegistrationToken, saveRegistrationToken } from './token-store';

type Parser<T> = { parse: (data: unknown) => T };

/**
 * The public calls carry the registration token instead of a session (and never the bearer token
 * of whoever else may be signed in on this device); a call that names its own headers (the
 * institution-access ones) carries only those. Same typed errors as api-client.
 */
export async function call<T>(
  path: string,
  schema: Parser<T>,
  init: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<T> {
  const token = getRegistrationToken();
  const headers: Record<string, string> = { Accept: 'application/json', [LANG_HEADER]: getCurrentLocale(), ...init.headers };
  if (token && !init.headers) headers[REGISTRATION_TOKEN_HEADER] = token;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: init.method ?? 'GET',
      headers,
      // Multipart sets its own Content-Type with the boundary.
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw await toApiError(response);
  try {
    return schema.parse(await response.json());
  } catch {
    throw new ApiError(500, 'invalid_response', response.statusText);
  }
}

export const registrationKeys = {
  all: ['registration'] as const,
  current: () => [...registrationKeys.all, 'current'] as const,
  options: (locale: Locale) => ['registration-options', locale] as const,
};

export const registrationQueries = {
  current: () =>
    queryOptions({
      queryKey: registrationKeys.current(),
      queryFn: () => call('/registrations/current', RegistrationView),
      retry: false,
      staleTime: 0,
    }),
  options: (locale: Locale) =>
    queryOptions({ queryKey: registrationKeys.options(locale), queryFn: () => call('/registration-options', RegistrationOptions), staleTime: 10 * 60_000 }),
};

/** A registration-not-found answer: the token is stale (abandoned, or from another database). */
export function isUnknownRegistration(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

function useSaved<TInput>(send: (input: TInput) => Promise<RegistrationViewShape>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Every save answers the whole draft: it becomes the preview at once.
    onSuccess: (view) => queryClient.setQueryData(registrationKeys.current(), view),
  });
}

export function useStartRegistration() {
  return useSaved(async (input: StartRegistrationInput) => {
    const started = await call('/registrations', RegistrationStarted, { method: 'POST', body: input });
    saveRegistrationToken(started.token);
    return started.registration;
  });
}

export const useSaveInstitution = () => useSaved((input: InstitutionStep) => call('/registrations/current/institution', RegistrationView, { method: 'PUT', body: input }));
export const useSaveBankAccount = () => useSaved((input: BankAccountStep) => call('/registrations/current/bank-account', RegistrationView, { method: 'PUT', body: input }));
export const useSaveSignatories = () => useSaved((input: SignatoriesStep) => call('/registrations/current/signatories', RegistrationView, { method: 'PUT', body: input }));
export const useSaveDefaultUser = () => useSaved((input: DefaultUserStep) => call('/registrations/current/default-user', RegistrationView, { method: 'PUT', body: input }));
export const useSaveExtras = () => useSaved((input: ExtrasStep) => call('/registrations/current/extras', RegistrationView, { method: 'PUT', body: input }));
export const useSubmitRegistration = () => useSaved(() => call('/registrations/current/submit', RegistrationView, { method: 'POST', body: {} }));

/** Uploads one file (signed form or logo); the answer's id goes into the step that uses it. */
export function uploadFile(file: File, purpose: 'document' | 'logo'): Promise<UploadInfoShape> {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(`/registrations/current/uploads?purpose=${purpose}`, UploadInfo, { method: 'POST', form });
}
