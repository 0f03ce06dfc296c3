import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { markNotificationsReadInCache, putNotificationInCache } from './notifications-cache';
import { notificationsKeys } from './query-keys';

/** Keeps the bell, the dropdown and the page live while the tab is open. */
export function useNotificationsLiveSync() {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });

  useRealtimeEvent('notification.created', ({ notification }) => {
    // The event carries the row as the lists show it, and says whether it folded into an unread
    // one (putNotificationInCache): the lists and the count are kept without asking. The server is
    // asked only when there was no summary to keep, or when a read was on its way (its answer may
    // not have the row, and would overwrite it).
    const isFetching = queryClient.isFetching({ queryKey: notificationsKeys.all }) > 0;
    if (!putNotificationInCache(queryClient, notification) || isFetching) refetch();
  });
  useRealtimeEvent('notification.read', ({ ids }) => {
    markNotificationsReadInCache(queryClient, ids);
    refetch();
  });
  useRealtimeEvent('resync', refetch);
}
