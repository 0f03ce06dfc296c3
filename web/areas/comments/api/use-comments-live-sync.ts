import { useQueryClient } from '@tanstack/react-query';
import type { EngagementContentType } from '@common/reactions/model';
import { topic } from '@common/core/realtime';
import { useLiveTopic, useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { putCommentInCache, removeCommentsFromCache } from './comments-cache';
import { commentsKeys } from './query-keys';

/**
 * Keeps one piece of content's comments live while mounted (its `content:` topic). The server
 * sends no new comment by someone the viewer blocked, or who blocked them.
 */
export function useCommentsLiveSync(contentType: EngagementContentType, contentId: string) {
  const queryClient = useQueryClient();
  const shows = [commentsKeys.content(contentType, contentId)];
  useLiveTopic(
    topic.content(contentType, contentId),
    () => void queryClient.invalidateQueries({ queryKey: shows[0] }),
    { shows },
  );
  useRealtimeEvent('comment.created', ({ comment }) => {
    if (comment.contentType === contentType && comment.contentId === contentId)
      putCommentInCache(queryClient, comment);
  });
  useRealtimeEvent('comment.deleted', (event) => {
    if (event.contentType === contentType && event.contentId === contentId)
      removeCommentsFromCache(queryClient, contentType, contentId, event.commentIds);
  });
}
