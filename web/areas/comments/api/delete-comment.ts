import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EngagementContentType } from '@common/reactions/model';
import { api, call } from '@web/lib/api';
import { isApiError } from '@web/lib/api-client';
import { removeCommentsFromCache } from './comments-cache';

export function deleteComment(id: string): Promise<{ ok: true }> {
  return call(api.comments[':id'].$delete({ param: { id } }));
}

/** Deletes a comment (its replies go with it); one already gone is taken off the page too. */
export function useDeleteComment(contentType: EngagementContentType, contentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteComment(id),
    onSuccess: (_answer, id) => removeCommentsFromCache(queryClient, contentType, contentId, [id]),
    onError: (error, id) => {
      if (isApiError(error) && error.status === 404)
        removeCommentsFromCache(queryClient, contentType, contentId, [id]);
    },
  });
}
