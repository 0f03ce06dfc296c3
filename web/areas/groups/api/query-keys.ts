import type { GroupTab } from '@common/groups/model';

/**
 * Query keys of the groups area. Lists sit under `lists()` (a create, join or leave refreshes them
 * all); one group's page and what is inside it under `group(id)`, so a live change refetches them.
 */
export const groupKeys = {
  all: ['groups'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  list: (tab: GroupTab, q: string, viewerId: string | null) =>
    [...groupKeys.lists(), tab, q, viewerId ?? 'visitor'] as const,
  communities: (userId: string) => [...groupKeys.lists(), 'member', userId] as const,
  group: (id: string) => [...groupKeys.all, 'group', id] as const,
  detail: (id: string) => [...groupKeys.group(id), 'detail'] as const,
  members: (id: string, limit: number) => [...groupKeys.group(id), 'members', limit] as const,
  posts: (id: string) => [...groupKeys.group(id), 'posts'] as const,
  requests: (id: string) => [...groupKeys.group(id), 'requests'] as const,
};
