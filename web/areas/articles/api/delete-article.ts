import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@web/lib/api';
import { articleKeys } from './query-keys';

export function deleteArticle(articleId: string): Promise<{ ok: true }> {
  return call(api.articles[':id'].$delete({ param: { id: articleId } }));
}

/** Deletes an article or draft (its author, or an admin); every list refreshes. */
export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArticle,
    onSuccess: (_answer, articleId) => {
      const detail = articleKeys.detail(articleId);
      // The article's own page, still open while it navigates away, must not ask for it again
      // (that would end in 'Article not found'); it is forgotten once nobody shows it.
      if (queryClient.getQueryCache().find({ queryKey: detail })?.getObserversCount()) {
        void queryClient.invalidateQueries({ queryKey: detail, refetchType: 'none' });
      } else {
        queryClient.removeQueries({ queryKey: detail });
      }
      void queryClient.invalidateQueries({ queryKey: articleKeys.lists() });
    },
  });
}
