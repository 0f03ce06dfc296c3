import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileView } from '@common/profiles/model';
import { REALTIME } from '@common/core/realtime';
import { api, call } from '@web/lib/api';
import { useFallbackPolling } from '@web/lib/realtime/use-realtime';
import { profilesKeys } from '@web/lib/query-keys';

export function getProfileView(userId: string, signal?: AbortSignal): Promise<ProfileView> {
  return call(api.profiles[':userId'].$get({ param: { userId } }, { init: { signal: signal ?? null } }));
}

export const profileViewQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profilesKeys.view(userId),
    queryFn: ({ signal }) => getProfileView(userId, signal),
    // Realtime keeps an open profile fresh; one opened again later refetches in the background.
    staleTime: 0,
  });

/** A person's profile as the viewer may see it, with counts and how the two are connected. */
export function useProfileView(userId: string) {
  // Live over realtime (useProfileLiveSync); while it is down, the counts poll.
  const refetchInterval = useFallbackPolling(REALTIME.fallbackPollMs);
  return useQuery({ ...profileViewQueryOptions(userId), refetchInterval });
}
