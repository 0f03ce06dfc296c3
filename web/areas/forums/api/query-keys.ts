import type { ForumTab } from '@common/forums/model';

/**
 * Query keys of the forums area. Lists sit under `lists()` (a create, join or leave refreshes them
 * all); one group's page and what is inside it under `group(id)`; one post and its replies under
 * `post(id)`, so a live change refetches them.
 */
export const forumKeys = {
  all: ['forums'] as const,
  lists: () => [...forumKeys.all, 'list'] as const,
  list: (tab: ForumTab, q: string, viewerId: string | null) =>
    [...forumKeys.lists(), tab, q, viewerId ?? 'visitor'] as const,
  communities: (userId: string) => [...forumKeys.lists(), 'member', userId] as const,
  group: (id: string) => [...forumKeys.all, 'group', id] as const,
  detail: (id: string) => [...forumKeys.group(id), 'detail'] as const,
  members: (id: string, status: 'approved' | 'pending') =>
    [...forumKeys.group(id), 'members', status] as const,
  posts: (id: string) => [...forumKeys.group(id), 'posts'] as const,
  post: (id: string) => [...forumKeys.all, 'post', id] as const,
  postDetail: (id: string) => [...forumKeys.post(id), 'detail'] as const,
  replies: (id: string) => [...forumKeys.post(id), 'replies'] as const,
};
