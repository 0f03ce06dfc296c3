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
      queryClient.removeQueries({ queryKey: articleKeys.detail(articleId) });
      void queryClient.invalidateQueries({ queryKey: articleKeys.lists() });
    },
  });
}
