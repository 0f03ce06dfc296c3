import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@common/notifications/model';
import { REALTIME } from '@common/core/realtime';
import { api, call } from '@web/lib/api';
import { useFallbackPolling } from '@web/lib/realtime/use-realtime';
import { notificationsKeys } from './query-keys';

/** How many the dropdown shows. */
export const DROPDOWN_LIMIT = 10;
const PAGE_LIMIT = 20;

export function getNotifications(
  { cursor, limit }: { cursor: string | null; limit: number },
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const query = { limit, ...(cursor ? { cursor } : {}) };
  return call(api.notifications.$get({ query }, { init: { signal: signal ?? null } }));
}

export const notificationsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: notificationsKeys.summary(),
    queryFn: ({ signal }) => getNotifications({ cursor: null, limit: DROPDOWN_LIMIT }, signal),
  });

/** The bell's count and the dropdown's list; live over realtime, polled while it is down. */
export function useNotificationsSummary() {
  const refetchInterval = useFallbackPolling(REALTIME.fallbackPollMs);
  return useQuery({ ...notificationsSummaryQueryOptions(), refetchInterval });
}

export const notificationsListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationsKeys.list(),
    queryFn: ({ pageParam, signal }) => getNotifications({ cursor: pageParam, limit: PAGE_LIMIT }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Every notification, newest first, a page at a time (the /notifications page). */
export function useNotificationsList() {
  const refetchInterval = useFallbackPolling(REALTIME.fallbackPollMs);
  return useInfiniteQuery({ ...notificationsListQueryOptions(), refetchInterval });
}
