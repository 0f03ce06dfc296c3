import { useQueryClient } from '@tanstack/react-query';
import { MODERATION_TOPIC } from '@common/admin/moderation';
import { useLiveTopic, useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { moderationKeys } from './query-keys';

/** Keeps the moderation tabs live: a new review or report, or another admin's decision. */
export function useModerationLive() {
  const queryClient = useQueryClient();
  useLiveTopic(MODERATION_TOPIC, () => void queryClient.invalidateQueries({ queryKey: moderationKeys.all }));
  useRealtimeEvent('moderation.changed', (event) => {
    void queryClient.invalidateQueries({
      queryKey: event.part === 'reviews' ? moderationKeys.reviews() : moderationKeys.reports(),
    });
  });
}
