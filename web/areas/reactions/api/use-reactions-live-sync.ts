import { useQueryClient } from '@tanstack/react-query';
import type { EngagementContentType } from '@common/reactions';
import { topic } from '@common/realtime';
import { useRealtimeEvent, useTopic } from '@web/lib/realtime/use-realtime';
import { applyLiveReactionCounts } from './reactions-cache';
import { reactionsKeys } from './query-keys';

/** Keeps one piece of content's reaction counts live while mounted (its `content:` topic). */
export function useReactionsLiveSync(contentType: EngagementContentType, contentId: string) {
  const queryClient = useQueryClient();
  const contentTopic = topic.content(contentType, contentId);
  useTopic(contentTopic);
  const refetch = () =>
    void queryClient.invalidateQueries({ queryKey: reactionsKeys.content(contentType, contentId) });

  useRealtimeEvent('subscribed', ({ topics }) => {
    // A change between the first fetch and the subscription would be missed.
    if (topics.includes(contentTopic)) refetch();
  });
  useRealtimeEvent('reactions.changed', (event) => {
    if (event.contentType !== contentType || event.contentId !== contentId) return;
    applyLiveReactionCounts(queryClient, contentType, contentId, event.counts);
  });
  useRealtimeEvent('resync', refetch);
}
