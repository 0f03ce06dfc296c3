import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendRequest } from '@common/profiles/model';
import { api, call } from '@web/lib/api';
import { profilesKeys } from '@web/lib/query-keys';

export function getFriendRequests(signal?: AbortSignal): Promise<FriendRequest[]> {
  return call(api.connections.requests.$get(undefined, { init: { signal: signal ?? null } }));
}

export const friendRequestsQueryOptions = () =>
  queryOptions({
    queryKey: profilesKeys.requests(),
    queryFn: ({ signal }) => getFriendRequests(signal),
    // Requests that arrived while the profile was closed show as soon as it opens again.
    staleTime: 0,
  });

/** The viewer's pending friend requests, newest first. */
export function useFriendRequests(enabled = true) {
  return useQuery({ ...friendRequestsQueryOptions(), enabled });
}
