import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonSummary } from '@common/profiles/model';
import { api, call } from '@web/lib/api';
import { profilesKeys } from '@web/lib/query-keys';

export type MutualFriends = { items: PersonSummary[]; total: number };

export function getMutualFriends(userId: string, signal?: AbortSignal): Promise<MutualFriends> {
  return call(
    api.profiles[':userId']['mutual-friends'].$get(
      { param: { userId } },
      { init: { signal: signal ?? null } },
    ),
  );
}

/** Friends the viewer shares with `userId`, by name. */
export function useMutualFriends(userId: string, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: profilesKeys.mutualFriends(userId),
      queryFn: ({ signal }) => getMutualFriends(userId, signal),
      enabled,
    }),
  );
}
