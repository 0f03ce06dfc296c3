import type { ArticleTab } from '@common/articles/model';

/**
 * Query keys of the articles area. Every list (a tab, an author's articles) sits under `lists()`,
 * so a save, publish or delete refreshes them all with one call. Tabs depend on who looks (My
 * Articles, Drafts), so the viewer is part of their key.
 */
export const articleKeys = {
  all: ['articles'] as const,
  lists: () => [...articleKeys.all, 'list'] as const,
  tab: (tab: ArticleTab, viewerId: string | null) =>
    [...articleKeys.lists(), 'tab', tab, viewerId ?? 'visitor'] as const,
  /** One person's published articles (their profile's section). */
  byAuthor: (authorId: string) => [...articleKeys.lists(), 'author', authorId] as const,
  details: () => [...articleKeys.all, 'detail'] as const,
  detail: (articleId: string) => [...articleKeys.details(), articleId] as const,
};
