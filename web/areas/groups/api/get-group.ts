import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { GROUPS } from '@common/groups/model';
import { api, call } from '@web/lib/api';
import { groupKeys } from './query-keys';

/** One group's page as the viewer may see it. */
export function useGroup(id: string, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.detail(id),
    queryFn: ({ signal }) => call(api.groups[':id'].$get({ param: { id } }, { init: { signal } })),
    enabled,
    retry: false,
  });
}

/** The group's members, oldest first: `limit` a page (the sidebar's five, or the full list's pages). */
export function useGroupMembers(id: string, limit: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: groupKeys.members(id, limit),
    queryFn: ({ pageParam, signal }) =>
      call(
        api.groups[':id'].members.$get(
          { param: { id }, query: { limit: String(limit), ...(pageParam ? { cursor: pageParam } : {}) } },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/** Pending join requests, oldest first (the group's admins only). */
export function useJoinRequests(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: groupKeys.requests(id),
    queryFn: ({ pageParam, signal }) =>
      call(
        api.groups[':id']['join-requests'].$get(
          {
            param: { id },
            query: { limit: String(GROUPS.memberPageSize), ...(pageParam ? { cursor: pageParam } : {}) },
          },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/**
 * The group's posts, newest first. Each page says when it came (`receivedAt`) and when its request
 * was sent (`sentAt`, performance.now()): the reactions and comments a post carries are as old as
 * its page.
 */
export function useGroupPosts(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: groupKeys.posts(id),
    queryFn: ({ pageParam, signal }) => {
      const sentAt = performance.now();
      return call(
        api.groups[':id'].posts.$get(
          {
            param: { id },
            query: { limit: String(GROUPS.postPageSize), ...(pageParam ? { cursor: pageParam } : {}) },
          },
          { init: { signal } },
        ),
      ).then((page) => ({ ...page, receivedAt: Date.now(), sentAt }));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
