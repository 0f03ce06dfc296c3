import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlockedPerson } from '@common/profiles/model';
import { api, call } from '@web/lib/api';
import { settingsKeys } from './query-keys';

export function getBlocked(signal?: AbortSignal): Promise<BlockedPerson[]> {
  return call(api.connections.blocked.$get(undefined, { init: { signal: signal ?? null } }));
}

export const blockedQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.blocked(),
    queryFn: ({ signal }) => getBlocked(signal),
    // People are blocked from their profile pages too: never show a list from before that.
    staleTime: 0,
  });

export function useBlocked() {
  return useQuery(blockedQueryOptions());
}
