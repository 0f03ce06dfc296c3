import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { authKeys } from '@web/lib/me';
import { isApiError } from '@web/lib/api-client';
import { clearPrivateDeviceData } from '@web/lib/device-storage';
import { trackSendTimes } from '@web/lib/query-sent-at';

/**
 * A 401 from any API call means the session expired or was revoked: refetch "me" so the person
 * is signed out everywhere at once (protected pages then redirect to /auth). The auth endpoints
 * answer 401 for wrong credentials, which says nothing about a session, so they are skipped.
 */
function onApiError(error: unknown, queryClient: QueryClient) {
  if (!isApiError(error) || error.status !== 401) return;
  if (error.path.startsWith('/api/auth/') || error.path === '/api/me') return;
  // What the app kept on this device for the person goes with the session (docs/decisions/030).
  clearPrivateDeviceData();
  void queryClient.invalidateQueries({ queryKey: authKeys.me() });
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onApiError(error, queryClient) }),
    mutationCache: new MutationCache({ onError: (error) => onApiError(error, queryClient) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Retrying cannot fix a refusal (4xx); it may fix a dropped connection or a 5xx.
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
  // When each query's data was asked for: live pages skip a catch-up their data cannot have missed.
  trackSendTimes(queryClient.getQueryCache());
  return queryClient;
}
