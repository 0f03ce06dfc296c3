import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerateReviews } from '@common/business-pages/schemas';
import { api, call } from '@web/lib/api';
import { moderationKeys } from './query-keys';

/** Approve, reject or flag one review or many; the queue and the counts refetch after. */
export function useModerateReviews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ModerateReviews) => call(api.admin.reviews.moderate.$post({ json: input })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.reviews() }),
  });
}
