import { useMutation } from '@tanstack/react-query';
import type { RequestReset } from '@common/auth/schemas';
import { apiFetch } from '@web/lib/api-client';

/** The server answers 200 whether or not the address has an account. */
export function requestPasswordReset(input: RequestReset) {
  return apiFetch<unknown>('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email: input.email, redirectTo: '/reset-password' },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
