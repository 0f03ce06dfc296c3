import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCounts } from '@common/messages/model';
import { REALTIME } from '@common/core/realtime';
import { api, call } from '@web/lib/api';
import { useFallbackPolling } from '@web/lib/realtime/use-realtime';
import { messagesKeys } from './query-keys';

export function getUnreadCounts(signal?: AbortSignal): Promise<UnreadCounts> {
  return call(api.messages.unread.$get(undefined, { init: { signal: signal ?? null } }));
}

export const unreadCountsQueryOptions = () =>
  queryOptions({
    queryKey: messagesKeys.unread(),
    queryFn: ({ signal }) => getUnreadCounts(signal),
  });

/** Unread direct messages and business inquiries, kept fresh by realtime (polled while it is down). */
export function useUnreadCounts({ enabled = true }: { enabled?: boolean } = {}) {
  const refetchInterval = useFallbackPolling(REALTIME.fallbackPollMs);
  return useQuery({ ...unreadCountsQueryOptions(), enabled, refetchInterval });
}
