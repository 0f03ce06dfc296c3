import { useQueryClient } from '@tanstack/react-query';
import { topic } from '@common/core/realtime';
import { authKeys } from '@web/lib/me';
import { useLiveTopic, useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { useProfileView } from './get-profile';
import { invalidatePeople } from './invalidate';
import { profilesKeys } from '@web/lib/query-keys';

/**
 * Keeps an open profile live: its fields and pictures, its counts and lists, the viewer's
 * requests and mutual friends. Follows the person's `profile:` topic while the viewer may see the
 * whole profile (the server refuses it otherwise, and drops it when that changes); the viewer's own
 * connection changes and notifications arrive without it, so becoming friends subscribes again.
 */
export function useProfileLiveSync(userId: string, viewerId: string) {
  const queryClient = useQueryClient();
  const { data: view } = useProfileView(userId);
  const isWhole = view !== undefined && !view.restricted;
  useLiveTopic(isWhole ? topic.profile(userId) : null, () => invalidatePeople(queryClient, [userId]));
  useRealtimeEvent('profile.updated', ({ userId: changed }) => {
    void queryClient.invalidateQueries({ queryKey: profilesKeys.view(changed) });
    if (changed === viewerId) void queryClient.invalidateQueries({ queryKey: authKeys.me() });
  });
  // Someone watched changed their connections (the topic names only them)...
  useRealtimeEvent('profile.connections', ({ userId: changed }) => invalidatePeople(queryClient, [changed]));
  // ...or the viewer's own with someone did (to the two people, naming both).
  useRealtimeEvent('connection.changed', ({ userIds }) => invalidatePeople(queryClient, userIds));
  useRealtimeEvent('notification.created', ({ notification }) => {
    if (notification.type === 'connection_request')
      void queryClient.invalidateQueries({ queryKey: profilesKeys.requests() });
  });
  // Besides this profile, the viewer's own requests and lists may have changed meanwhile.
  useRealtimeEvent('resync', () => void queryClient.invalidateQueries({ queryKey: profilesKeys.all }));
}
