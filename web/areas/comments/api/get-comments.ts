import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { COMMENTS, type CommentPage } from '@common/comments/model';
import type { EngagementContentType } from '@common/reactions/model';
import { REALTIME } from '@common/core/realtime';
import { api, call } from '@web/lib/api';
import { useNoteSeeded } from '@web/lib/query-sent-at';
import { useFallbackPolling } from '@web/lib/realtime/use-realtime';
import { commentsKeys } from './query-keys';

export function getComments(
  contentType: EngagementContentType,
  contentId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CommentPage> {
  const query = { limit: String(COMMENTS.pageSize), ...(cursor ? { cursor } : {}) };
  return call(
    api.comments[':contentType'][':contentId'].$get(
      { param: { contentType, contentId }, query },
      { init: { signal: signal ?? null } },
    ),
  );
}

export const commentsQueryOptions = (
  contentType: EngagementContentType,
  contentId: string,
  viewerId: string | null,
) =>
  infiniteQueryOptions({
    queryKey: commentsKeys.list(contentType, contentId, viewerId),
    queryFn: ({ pageParam, signal }) => getComments(contentType, contentId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/**
 * A piece of content's comments, oldest first, a page at a time; live over realtime
 * (useCommentsLiveSync), polled while it is down. `enabled` waits for who is signed in.
 */
export function useComments(
  contentType: EngagementContentType,
  contentId: string,
  viewerId: string | null,
  enabled = true,
  /**
   * The first page the content's own list carried for this viewer, and when it came: no request
   * while it is fresh (it is as old as that list, so a stale one is asked again as usual); and
   * when that list's request was sent (performance.now()), if known.
   */
  initial?: { page: CommentPage; at: number; sentAt?: number | undefined },
) {
  const refetchInterval = useFallbackPolling(REALTIME.fallbackPollMs);
  const options = commentsQueryOptions(contentType, contentId, viewerId);
  // The seed's request, when the carrier says when it was sent: a live page knows how old it is.
  useNoteSeeded(options.queryKey, initial && viewerId ? initial : undefined);
  return useInfiniteQuery({
    ...options,
    refetchInterval,
    enabled,
    ...(initial && viewerId
      ? {
          initialData: { pages: [initial.page], pageParams: [null] },
          initialDataUpdatedAt: initial.at,
        }
      : {}),
  });
}
