import { useMutation } from '@tanstack/react-query';
import type { SignUp } from '@common/auth/schemas';
import { apiFetch } from '@web/lib/api-client';

/** Creates the account; no session yet: the person must confirm their email first. */
export function signUp(input: SignUp) {
  return apiFetch<unknown>('/api/auth/sign-up/email', { method: 'POST', body: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
