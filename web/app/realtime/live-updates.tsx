import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authKeys } from '@web/areas/auth/api/query-keys';
import { useMessagesLiveSync } from '@web/areas/messages/api/use-messages-live-sync';
import { useNotificationsLiveSync } from '@web/areas/notifications/api/use-notifications-live-sync';
import { startRealtime } from '@web/lib/realtime/connection';

/**
 * The signed-in tab's realtime wiring (loaded lazily, never for visitors): one socket for the
 * person, closed when they sign out, and the areas' cache updates for its events.
 */
export function LiveUpdates({ viewerId }: { viewerId: string }) {
  const queryClient = useQueryClient();

  useEffect(
    () =>
      startRealtime({
        // The server ended the session: re-asking "me" signs the tab out everywhere.
        onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      }),
    // A different person in the same tab gets a fresh socket.
    [viewerId, queryClient],
  );

  useMessagesLiveSync(viewerId);
  useNotificationsLiveSync();
  return null;
}
