import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@web/lib/api';
import { markNotificationsReadInCache } from './notifications-cache';
import { notificationsKeys } from './query-keys';

export function markNotificationRead(id: string): Promise<{ updated: number }> {
  return call(api.notifications[':id'].read.$post({ param: { id } }));
}

export function markAllNotificationsRead(): Promise<{ updated: number }> {
  return call(api.notifications['read-all'].$post());
}

/** Marks one notification read, showing it read at once; a failure refetches the truth. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => markNotificationsReadInCache(queryClient, [id]),
    onError: () => void queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => markNotificationsReadInCache(queryClient, 'all'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
