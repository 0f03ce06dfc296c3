import { useQueryClient } from '@tanstack/react-query';
import { topic } from '@common/core/realtime';
import { authKeys } from '@web/areas/auth/api/query-keys';
import { useLiveTopic, useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { invalidatePeople } from './invalidate';
import { profilesKeys } from './query-keys';

/**
 * Keeps an open profile live: its fields and pictures, its counts and lists, the viewer's
 * requests and mutual friends. Follows the person's `profile:` topic while mounted; the viewer's
 * own connection changes and notifications arrive without it.
 */
export function useProfileLiveSync(userId: string, viewerId: string) {
  const queryClient = useQueryClient();
  useLiveTopic(topic.profile(userId), () => invalidatePeople(queryClient, [userId]));
  useRealtimeEvent('profile.updated', ({ userId: changed }) => {
    void queryClient.invalidateQueries({ queryKey: profilesKeys.view(changed) });
    if (changed === viewerId) void queryClient.invalidateQueries({ queryKey: authKeys.me() });
  });
  useRealtimeEvent('connection.changed', ({ userIds }) => invalidatePeople(queryClient, userIds));
  useRealtimeEvent('notification.created', ({ notification }) => {
    if (notification.type === 'connection_request')
      void queryClient.invalidateQueries({ queryKey: profilesKeys.requests() });
  });
  // Besides this profile, the viewer's own requests and lists may have changed meanwhile.
  useRealtimeEvent('resync', () => void queryClient.invalidateQueries({ queryKey: profilesKeys.all }));
}
