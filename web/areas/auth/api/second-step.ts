import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { meQueryOptions } from '@web/lib/me';

/*
 * The second step of sign-in (a code from the app, or a recovery code) and sign-in with a passkey.
 * Each ends by fetching the fresh viewer, so the page redirects as for any sign-in.
 */

export function useVerifySignInCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; recovery: boolean }) =>
      apiFetch<unknown>(
        input.recovery ? '/api/auth/two-factor/verify-backup-code' : '/api/auth/two-factor/verify-totp',
        { method: 'POST', body: { code: input.code } },
      ),
    onSuccess: () => queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }),
  });
}

export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { assertPasskey } = await import('@web/lib/webauthn');
      const options = await apiFetch<Record<string, unknown>>(
        '/api/auth/passkey/generate-authenticate-options',
      );
      const response = await assertPasskey(options);
      return apiFetch<unknown>('/api/auth/passkey/verify-authentication', {
        method: 'POST',
        body: { response },
      });
    },
    onSuccess: () => queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }),
  });
}
