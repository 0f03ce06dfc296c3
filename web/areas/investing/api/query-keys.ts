import type { IdeaTab } from '@common/investing/model';

/**
 * Query keys of the investing area. Every list (a tab, a founder's ideas, the industries with ideas) sits under `lists()`, so
 * a submit, edit, funding change or live event refreshes them all with one call.
 */
export const investingKeys = {
  all: ['investing'] as const,
  lists: () => [...investingKeys.all, 'list'] as const,
  tab: (tab: IdeaTab) => [...investingKeys.lists(), 'tab', tab] as const,
  byAuthor: (authorId: string) => [...investingKeys.lists(), 'author', authorId] as const,
  industries: () => [...investingKeys.lists(), 'industries'] as const,
  details: () => [...investingKeys.all, 'detail'] as const,
  detail: (ideaId: string) => [...investingKeys.details(), ideaId] as const,
  updates: (ideaId: string) => [...investingKeys.all, 'updates', ideaId] as const,
  deckOpens: (ideaId: string) => [...investingKeys.all, 'deck-opens', ideaId] as const,
};
