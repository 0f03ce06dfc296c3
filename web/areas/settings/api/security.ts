import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccessToken,
  AccountSession,
  CreateToken,
  Passkey,
  TwoFactorSetup,
} from '@common/auth/security';
import { authKeys } from '@web/lib/me';
import { apiFetch } from '@web/lib/api-client';
import { settingsKeys } from './query-keys';

/*
 * Account security in Settings (issue 32): two-step sign-in and passkeys through /api/auth
 * (better-auth's plugins behind our routes), sessions and personal access tokens under /api/account.
 */

const securityKeys = {
  sessions: () => [...settingsKeys.all, 'sessions'] as const,
  tokens: () => [...settingsKeys.all, 'tokens'] as const,
  passkeys: () => [...settingsKeys.all, 'passkeys'] as const,
};

/** Two-step sign-in changes the viewer (twoFactorEnabled) and replaces this session. */
function useRefreshMe() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
    ]);
}

export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) =>
      apiFetch<TwoFactorSetup>('/api/auth/two-factor/enable', { method: 'POST', body: { password } }),
  });
}

export function useConfirmTwoFactor() {
  const refresh = useRefreshMe();
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<unknown>('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } }),
    onSuccess: refresh,
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshMe();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      apiFetch<unknown>('/api/auth/two-factor/disable', { method: 'POST', body: input }),
    onSuccess: refresh,
  });
}

export function useSessions() {
  return useQuery({
    queryKey: securityKeys.sessions(),
    queryFn: ({ signal }) =>
      apiFetch<{ sessions: AccountSession[] }>('/api/account/sessions', { signal }).then((r) => r.sessions),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<unknown>(`/api/account/sessions/${id}/end`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ ended: number }>('/api/account/sessions/end-others', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}

export function useTokens() {
  return useQuery({
    queryKey: securityKeys.tokens(),
    queryFn: ({ signal }) =>
      apiFetch<{ tokens: AccessToken[] }>('/api/account/tokens', { signal }).then((r) => r.tokens),
  });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateToken) =>
      apiFetch<{ token: string; accessToken: AccessToken }>('/api/account/tokens', {
        method: 'POST',
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.tokens() }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<unknown>(`/api/account/tokens/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.tokens() }),
  });
}

export function usePasskeys() {
  return useQuery({
    queryKey: securityKeys.passkeys(),
    queryFn: ({ signal }) => apiFetch<Passkey[]>('/api/auth/passkey/list-user-passkeys', { signal }),
  });
}

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<unknown>('/api/auth/passkey/delete-passkey', { method: 'POST', body: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.passkeys() }),
  });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { createPasskey } = await import('@web/lib/webauthn');
      const options = await apiFetch<Record<string, unknown>>('/api/auth/passkey/generate-register-options');
      const response = await createPasskey(options);
      return apiFetch<unknown>('/api/auth/passkey/verify-registration', {
        method: 'POST',
        body: { response, name: name || undefined },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.passkeys() }),
  });
}
