import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DIGEST_MSG, type DigestFrequency, type DigestPreference } from '@common/digests/model';
import { api, call } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { digestKeys } from './query-keys';

export const getDigestPreference = (signal?: AbortSignal): Promise<DigestPreference> =>
  call(api.settings.digest.$get(undefined, { init: { signal: signal ?? null } }));

export function useDigestPreference() {
  return useQuery({
    queryKey: digestKeys.preference(),
    queryFn: ({ signal }) => getDigestPreference(signal),
  });
}

/** Saves a new frequency at once (optimistic); a failed save puts the old one back and says so. */
export function useSetDigestFrequency() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'digest-preference' },
    mutationFn: (frequency: DigestFrequency) =>
      call(api.settings.digest.$put({ json: { frequency } })) as Promise<DigestPreference>,
    onMutate: async (frequency) => {
      await queryClient.cancelQueries({ queryKey: digestKeys.preference() });
      const previous = queryClient.getQueryData<DigestPreference>(digestKeys.preference());
      queryClient.setQueryData<DigestPreference>(digestKeys.preference(), { frequency });
      return { previous };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(digestKeys.preference(), saved);
      toast.success(DIGEST_MSG.saved, { id: 'digest-saved' });
    },
    onError: (_error, _frequency, context) => {
      if (context?.previous) queryClient.setQueryData(digestKeys.preference(), context.previous);
      toast.error(DIGEST_MSG.saveFailed, { id: 'digest-save-failed' });
    },
  });
}
