import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authKeys } from '@web/lib/me';
import { startRealtime } from '@web/lib/realtime/connection';
import { emitRealtimeEvent } from '@web/lib/realtime/hub';
import { useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import type { LiveHook } from '../areas/contract';

type LiveUpdatesProps = {
  viewerId: string;
  /** The areas' live hooks (their modules' `liveHooks`), the same list for the component's life. */
  hooks: readonly LiveHook[];
};

/**
 * The signed-in tab's realtime wiring (loaded lazily, never for visitors): one socket for the
 * person, closed when they sign out, and the areas' cache updates for its events.
 */
export function LiveUpdates({ viewerId, hooks }: LiveUpdatesProps) {
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

  // A person's ban was lifted: their content shows again wherever it belongs, so every list and
  // page refetches what it shows, as after a reconnect.
  useRealtimeEvent('person.restored', () => emitRealtimeEvent({ type: 'resync' }));

  // One child per hook, so each is called unconditionally and always in the same place.
  return hooks.map((hook, i) => <RunLiveHook key={i} hook={hook} viewerId={viewerId} />);
}

function RunLiveHook({ hook: useLiveHook, viewerId }: { hook: LiveHook; viewerId: string }) {
  useLiveHook(viewerId);
  return null;
}
