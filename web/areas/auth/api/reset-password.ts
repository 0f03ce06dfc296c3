import { useMutation } from '@tanstack/react-query';
import type { ResetPassword } from '@common/auth/schemas';
import { apiFetch } from '@web/lib/api-client';

export function resetPassword(input: ResetPassword) {
  return apiFetch<unknown>('/api/auth/reset-password', {
    method: 'POST',
    body: { newPassword: input.newPassword, token: input.token },
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
