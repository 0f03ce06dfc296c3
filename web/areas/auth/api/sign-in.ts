import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignIn } from '@common/auth/schemas';
import { apiFetch } from '@web/lib/api-client';
import { meQueryOptions } from '@web/lib/me';

export function signIn(input: SignIn) {
  return apiFetch<unknown>('/api/auth/sign-in/email', { method: 'POST', body: input });
}

/** Signs in, then waits for the fresh viewer so the caller sees the signed-in state at once. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }),
  });
}
