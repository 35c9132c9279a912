import { useMutation } from '@tanstack/react-query';
import type { AmendmentInput, InstitutionAccessCodeInput, InstitutionAccessVerifyInput, PublicNewAccountInput } from '../../../domain/api/back-office-registration';
import { INSTITUTION_ACCESS_HEADER } from '../../../domain/registration-rules';
import { MessageBody, SubmittedRequest } from '../../lib/replies/acknowledgements';
import { call } from './api';
import { InstitutionAccess } from './replies';

/**
 * "Change institution details" and "request new account" for people who are not signed in: a code
 * to a phone the bank already holds for the institution buys a 30-minute access token, sent back
 * in its own header (never stored: it lives as long as the page).
 */
export function useSendAccessCode() {
  return useMutation({ mutationFn: (input: InstitutionAccessCodeInput) => call('/institution-access/code', MessageBody, { method: 'POST', body: input, headers: {} }) });
}

export function useVerifyAccessCode() {
  return useMutation({ mutationFn: (input: InstitutionAccessVerifyInput) => call('/institution-access/verify', InstitutionAccess, { method: 'POST', body: input, headers: {} }) });
}

export function accessAmendment(accessToken: string, changes: AmendmentInput) {
  return call('/institution-access/amendments', SubmittedRequest, { method: 'POST', body: changes, headers: { [INSTITUTION_ACCESS_HEADER]: accessToken } });
}

export function accessNewAccount(accessToken: string, input: PublicNewAccountInput) {
  return call('/institution-access/bank-accounts', SubmittedRequest, { method: 'POST', body: input, headers: { [INSTITUTION_ACCESS_HEADER]: accessToken } });
}
