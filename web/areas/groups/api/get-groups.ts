import { useInfiniteQuery } from '@tanstack/react-query';
import { GROUPS, type GroupPage, type GroupTab } from '@common/groups/model';
import { api, call } from '@web/lib/api';
import { groupKeys } from './query-keys';

export function getGroups(
  query: { tab: GroupTab; q?: string; member?: string },
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<GroupPage> {
  const params = {
    tab: query.tab,
    limit: String(limit),
    ...(query.q ? { q: query.q } : {}),
    ...(query.member ? { member: query.member } : {}),
    ...(cursor ? { cursor } : {}),
  };
  return call(api.groups.$get({ query: params }, { init: { signal: signal ?? null } }));
}

/** All Groups or My Groups, searched by name or description, newest first, a page at a time. */
export function useGroupList(tab: GroupTab, q: string, viewerId: string | null) {
  return useInfiniteQuery({
    queryKey: groupKeys.list(tab, q, viewerId),
    queryFn: ({ pageParam, signal }) => getGroups({ tab, q }, pageParam, GROUPS.pageSize, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** A person's groups as the viewer may see them (their profile's communities). */
export function useCommunities(userId: string, limit: number) {
  return useInfiniteQuery({
    queryKey: groupKeys.communities(userId),
    queryFn: ({ pageParam, signal }) => getGroups({ tab: 'all', member: userId }, pageParam, limit, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
