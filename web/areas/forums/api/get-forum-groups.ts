import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FORUMS, type ForumGroupPage, type ForumTab } from '@common/forums/model';
import { api, call } from '@web/lib/api';
import { forumKeys } from './query-keys';

export function getForumGroups(
  query: { tab: ForumTab; q?: string; member?: string },
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<ForumGroupPage> {
  const params = {
    tab: query.tab,
    limit: String(limit),
    ...(query.q ? { q: query.q } : {}),
    ...(query.member ? { member: query.member } : {}),
    ...(cursor ? { cursor } : {}),
  };
  return call(api.forums.$get({ query: params }, { init: { signal: signal ?? null } }));
}

/** All Groups or My Groups, searched by name or description, newest first, a page at a time. */
export function useForumGroupList(tab: ForumTab, q: string, viewerId: string | null) {
  return useInfiniteQuery({
    queryKey: forumKeys.list(tab, q, viewerId),
    queryFn: ({ pageParam, signal }) => getForumGroups({ tab, q }, pageParam, FORUMS.pageSize, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** A person's forum groups (their profile's communities). */
export function useForumCommunities(userId: string, limit: number) {
  return useInfiniteQuery({
    queryKey: forumKeys.communities(userId),
    queryFn: ({ pageParam, signal }) =>
      getForumGroups({ tab: 'all', member: userId }, pageParam, limit, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** One forum group's page as the viewer sees it. */
export function useForumGroup(id: string, enabled: boolean) {
  return useQuery({
    queryKey: forumKeys.detail(id),
    queryFn: ({ signal }) => call(api.forums[':id'].$get({ param: { id } }, { init: { signal } })),
    enabled,
    retry: false,
  });
}

/** Members (anyone) or pending requests (owner and moderators), oldest first. */
export function useForumMembers(id: string, status: 'approved' | 'pending', enabled: boolean) {
  return useInfiniteQuery({
    queryKey: forumKeys.members(id, status),
    queryFn: ({ pageParam, signal }) =>
      call(
        api.forums[':id'].members.$get(
          {
            param: { id },
            query: {
              status,
              limit: String(FORUMS.memberPageSize),
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/** A group's posts: pinned first, then newest. */
export function useForumPosts(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: forumKeys.posts(id),
    queryFn: ({ pageParam, signal }) =>
      call(
        api.forums[':id'].posts.$get(
          {
            param: { id },
            query: { limit: String(FORUMS.postPageSize), ...(pageParam ? { cursor: pageParam } : {}) },
          },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
