import type { FeedFilter } from '@common/feed/model';

/**
 * Query keys of the feed area. Lists depend on who looks (whether they follow each author), so
 * the viewer is part of the key: signing in or out never shows the other person's answers.
 */
export const feedKeys = {
  all: ['feed'] as const,
  lists: () => [...feedKeys.all, 'list'] as const,
  list: (filter: FeedFilter, viewerId: string | null) =>
    [...feedKeys.lists(), filter, viewerId ?? 'visitor'] as const,
  /** What the "new posts" pill offers: items newer than `since` under the filter. */
  allNewItems: () => [...feedKeys.all, 'new'] as const,
  newItems: (filter: FeedFilter, since: string) => [...feedKeys.allNewItems(), filter, since] as const,
};
