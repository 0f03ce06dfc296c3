import { useMutation } from '@tanstack/react-query';
import type { ChangePassword } from '@common/profiles/schemas';
import { apiFetch } from '@web/lib/api-client';

/**
 * better-auth's change-password behind our front door: it checks the current password, ends every
 * other session and renews this one's cookie, so the page stays signed in.
 */
export function changePassword(input: ChangePassword) {
  return apiFetch<unknown>('/api/auth/change-password', {
    method: 'POST',
    body: { currentPassword: input.currentPassword, newPassword: input.newPassword },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
