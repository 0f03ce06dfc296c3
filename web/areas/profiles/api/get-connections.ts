import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PROFILES, type ConnectionList, type PeoplePage } from '@common/profiles/model';
import { api, call } from '@web/lib/api';
import { profilesKeys } from '@web/lib/query-keys';

export function getConnections(
  userId: string,
  list: ConnectionList,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PeoplePage> {
  const query = { list, limit: PROFILES.connectionsPage, ...(cursor ? { cursor } : {}) };
  return call(
    api.profiles[':userId'].connections.$get(
      { param: { userId }, query },
      { init: { signal: signal ?? null } },
    ),
  );
}

export const connectionsQueryOptions = (userId: string, list: ConnectionList) =>
  infiniteQueryOptions({
    queryKey: profilesKeys.connections(userId, list),
    queryFn: ({ pageParam, signal }) => getConnections(userId, list, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** One of a person's lists (friends, followers, following), newest first, a page at a time. */
export function useConnections(userId: string, list: ConnectionList, enabled = true) {
  return useInfiniteQuery({ ...connectionsQueryOptions(userId, list), enabled });
}
