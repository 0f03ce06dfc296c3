import { useMutation } from '@tanstack/react-query';
import type { CorrectEmail } from '@common/auth/schemas';
import { apiFetch } from '@web/lib/api-client';

/** Mails a new confirmation link (limited per address and per client address). */
export function resendConfirmation(email: string) {
  return apiFetch<unknown>('/api/auth/send-verification-email', { method: 'POST', body: { email } });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}

/** Moves a not yet confirmed account to the corrected address; the link goes there. */
export function correctEmail(input: CorrectEmail) {
  return apiFetch<{ email: string }>('/api/signup/correct-email', { method: 'POST', body: input });
}

export function useCorrectEmail() {
  return useMutation({ mutationFn: correctEmail });
}
