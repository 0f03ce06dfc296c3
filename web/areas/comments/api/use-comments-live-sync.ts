import { useQueryClient } from '@tanstack/react-query';
import type { EngagementContentType } from '@common/reactions';
import { topic } from '@common/realtime';
import { useRealtimeEvent, useTopic } from '@web/lib/realtime/use-realtime';
import { putCommentInCache, removeCommentsFromCache } from './comments-cache';
import { commentsKeys } from './query-keys';

/**
 * Keeps one piece of content's comments live while mounted (its `content:` topic). A new comment
 * is added after the loaded ones even from someone the viewer blocked; the next load leaves it out.
 */
export function useCommentsLiveSync(contentType: EngagementContentType, contentId: string) {
  const queryClient = useQueryClient();
  const contentTopic = topic.content(contentType, contentId);
  useTopic(contentTopic);
  const refetch = () =>
    void queryClient.invalidateQueries({ queryKey: commentsKeys.content(contentType, contentId) });

  useRealtimeEvent('subscribed', ({ topics }) => {
    // A comment added between the first fetch and the subscription would be missed.
    if (topics.includes(contentTopic)) refetch();
  });
  useRealtimeEvent('comment.created', ({ comment }) => {
    if (comment.contentType === contentType && comment.contentId === contentId)
      putCommentInCache(queryClient, comment);
  });
  useRealtimeEvent('comment.deleted', (event) => {
    if (event.contentType === contentType && event.contentId === contentId)
      removeCommentsFromCache(queryClient, contentType, contentId, event.commentIds);
  });
  useRealtimeEvent('resync', refetch);
}
