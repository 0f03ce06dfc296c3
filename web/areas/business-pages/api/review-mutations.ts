import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewInput } from '@common/business-pages/schemas';
import { api, call } from '@web/lib/api';
import { businessKeys } from './query-keys';

/** Reviews change the page too (its average, whether the form is offered): both are refreshed. */
function useRefreshPage(pageId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: businessKeys.page(pageId) });
}

export function useCreateReview(pageId: string) {
  const refresh = useRefreshPage(pageId);
  return useMutation({
    mutationFn: (json: ReviewInput) =>
      call(api['business-pages'][':id'].reviews.$post({ param: { id: pageId }, json })),
    onSuccess: refresh,
  });
}

export function useDeleteReview(pageId: string) {
  const refresh = useRefreshPage(pageId);
  return useMutation({
    mutationFn: (id: string) => call(api['business-reviews'][':id'].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}

export function useMarkHelpful(pageId: string) {
  const refresh = useRefreshPage(pageId);
  return useMutation({
    mutationFn: (id: string) => call(api['business-reviews'][':id'].helpful.$post({ param: { id } })),
    onSuccess: refresh,
  });
}
