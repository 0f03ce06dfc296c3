import { useQueryClient } from '@tanstack/react-query';
import type { EngagementContentType } from '@common/reactions/model';
import { topic } from '@common/core/realtime';
import { useLiveTopic, useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { applyLiveReactionCounts } from './reactions-cache';
import { reactionsKeys } from '@web/lib/query-keys';

/** Keeps one piece of content's reaction counts live while mounted (its `content:` topic). */
export function useReactionsLiveSync(contentType: EngagementContentType, contentId: string) {
  const queryClient = useQueryClient();
  const shows = [reactionsKeys.content(contentType, contentId)];
  useLiveTopic(
    topic.content(contentType, contentId),
    () => void queryClient.invalidateQueries({ queryKey: shows[0] }),
    { shows },
  );
  useRealtimeEvent('reactions.changed', (event) => {
    if (event.contentType !== contentType || event.contentId !== contentId) return;
    applyLiveReactionCounts(queryClient, contentType, contentId, event.counts);
  });
}
