import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Article } from '@common/articles/model';
import { api, call } from '@web/lib/api';
import { putArticle } from './put-article';

/** Publishes one's own draft. */
export function publishArticle(articleId: string): Promise<Article> {
  return call(api.articles[':id'].publish.$post({ param: { id: articleId } }));
}

/** A draft's Publish button in the Drafts tab. */
export function usePublishDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishArticle,
    onSuccess: (article) => putArticle(queryClient, article),
  });
}
