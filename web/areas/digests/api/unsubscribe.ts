import { useMutation } from '@tanstack/react-query';
import { api, call } from '@web/lib/api';

/** The confirm page's button: the same one-click address a mail client posts to. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => call(api.digests.unsubscribe.$post({ query: { token } })),
  });
}
