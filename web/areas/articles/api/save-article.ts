import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArticleFields } from '@common/articles/schemas';
import type { ArticleStatus } from '@common/articles/model';
import { createArticle } from './create-article';
import { publishArticle } from './publish-article';
import { putArticle } from './put-article';
import { updateArticle } from './update-article';

export type SaveArticleInput = {
  fields: ArticleFields;
  status: ArticleStatus;
  /** The draft being edited; none for a new article. */
  draftId?: string | undefined;
  /** The article edited is already published: it is saved in place (issue 21). */
  isPublished?: boolean;
};

/**
 * The editor's Save as Draft and Publish: a new article is created in either state; an edited
 * draft is saved, then published when asked; an edited published article is saved in place.
 */
export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, status, draftId, isPublished }: SaveArticleInput) => {
      if (!draftId) return createArticle(fields, status);
      const saved = await updateArticle(draftId, fields);
      return status === 'published' && !isPublished ? publishArticle(draftId) : saved;
    },
    onSuccess: (article) => putArticle(queryClient, article),
  });
}
