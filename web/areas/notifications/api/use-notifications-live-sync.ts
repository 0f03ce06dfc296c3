import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { markNotificationsReadInCache, putNotificationInCache } from './notifications-cache';
import { notificationsKeys } from './query-keys';

/** Keeps the bell, the dropdown and the page live while the tab is open. */
export function useNotificationsLiveSync() {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });

  useRealtimeEvent('notification.created', ({ notification }) => {
    putNotificationInCache(queryClient, notification);
    // A coalesced notification may change counts in ways only the server knows.
    refetch();
  });
  useRealtimeEvent('notification.read', ({ ids }) => {
    markNotificationsReadInCache(queryClient, ids);
    refetch();
  });
  useRealtimeEvent('resync', refetch);
}
