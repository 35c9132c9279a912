import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput, LoginInput, LoginResult, Profile, ResetRequestInput, TwoFactorSetup } from '../../../domain/api/auth';
import type { MessageBody } from '../../../domain/api/common';
import { apiPaths } from '../../../domain/api-paths';
import { api } from '../../lib/api-client';
import { rememberProfile, sessionKeys } from '../../lib/session-queries';

export const authKeys = {
  all: ['auth'] as const,
  resetStatus: (id: string) => [...authKeys.all, 'reset', id] as const,
};

export const authQueries = {
  resetStatus: (id: string) =>
    queryOptions({
      queryKey: authKeys.resetStatus(id),
      queryFn: () => api.get<{ valid: true; needsOtp: boolean }>(apiPaths.resetById(id)),
      retry: false,
      staleTime: Infinity,
    }),
};

/** Sign-in answers 401 for wrong passwords and missing codes; the form shows those itself. */
export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<LoginResult>(apiPaths.login, input),
    meta: { handlesAuthErrors: true },
  });
}

/** Every profile change answers the new profile: store it so the shell (and offline start) see it. */
function useProfileUpdate<TInput>(call: (input: TInput) => Promise<Profile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { handlesAuthErrors: true },
    onSuccess: async (profile) => {
      await rememberProfile(profile);
      queryClient.setQueryData(sessionKeys.profile(), profile);
      // The menu may open up once a forced password change is done.
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

export function useChangePassword() {
  return useProfileUpdate((input: ChangePasswordInput) => api.post<Profile>(apiPaths.changePassword, input));
}

export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => api.post<TwoFactorSetup>(apiPaths.twoFactorSetup, {}) });
}

export function useTwoFactorEnable() {
  return useProfileUpdate((input: { otp: string }) => api.post<Profile>(apiPaths.twoFactorEnable, input));
}

export function useTwoFactorDisable() {
  return useProfileUpdate((input: { password: string; otp: string }) => api.post<Profile>(apiPaths.twoFactorDisable, input));
}

export function useResetRequest() {
  return useMutation({ mutationFn: (input: ResetRequestInput) => api.post<MessageBody>(apiPaths.resetRequest, input) });
}

export function useResetVerifyCode() {
  return useMutation({
    mutationFn: (input: { username: string; code: string }) => api.post<{ resetId: string }>(apiPaths.resetVerifyCode, input),
  });
}

export function useResetComplete(id: string) {
  return useMutation({
    mutationFn: (input: { password: string; otp?: string }) => api.post<MessageBody>(apiPaths.resetById(id), input),
  });
}
