import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@web/lib/toast';
import { FIRST_VIEW_MSG as MSG } from '@common/core/first-view-texts';
import { apiFetch } from '@web/lib/api-client';

export function signOut() {
  return apiFetch<unknown>('/api/auth/sign-out', { method: 'POST', body: {} });
}

/** Navigation state that tells the app root to finish a sign-out (see use-sign-out-completion). */
export type SignedOutState = { signedOut: true };

export function isSignedOutState(state: unknown): state is SignedOutState {
  return typeof state === 'object' && state !== null && (state as { signedOut?: unknown }).signedOut === true;
}

/**
 * Signs out and goes home. The cached session is cleared only once the home page is on screen
 * (useSignOutCompletion): clearing it earlier would let a protected page's guard see the
 * signed-out state first and send the person to /auth instead of home.
 */
export function useSignOut() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      const state: SignedOutState = { signedOut: true };
      void navigate('/', { state });
    },
    onError: () => {
      toast.error(MSG.signOutFailedTitle, { description: MSG.signOutFailed });
    },
  });
}
