import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EngagementContentType, ReactionSummary } from '@common/reactions/model';
import { REALTIME } from '@common/core/realtime';
import { api, call } from '@web/lib/api';
import { useNoteSeeded } from '@web/lib/query-sent-at';
import { useFallbackPolling } from '@web/lib/realtime/use-realtime';
import { reactionsKeys } from '@web/lib/query-keys';

export function getReactions(
  contentType: EngagementContentType,
  contentId: string,
  signal?: AbortSignal,
): Promise<ReactionSummary> {
  return call(
    api.reactions[':contentType'][':contentId'].$get(
      { param: { contentType, contentId } },
      { init: { signal: signal ?? null } },
    ),
  );
}

export const reactionsQueryOptions = (
  contentType: EngagementContentType,
  contentId: string,
  viewerId: string | null,
) =>
  queryOptions({
    queryKey: reactionsKeys.summary(contentType, contentId, viewerId),
    queryFn: ({ signal }) => getReactions(contentType, contentId, signal),
  });

/**
 * A piece of content's reaction counts and the viewer's own; live over realtime (useReactionsLiveSync),
 * polled while it is down. `enabled` waits for who is signed in, so a visitor's copy is not fetched first.
 */
export function useReactions(
  contentType: EngagementContentType,
  contentId: string,
  viewerId: string | null,
  enabled = true,
  /** The summary the content's own answer carried for this viewer: no request until it is stale. */
  initial?: ReactionSummary,
  /**
   * When that answer came (its data is as old as it) and when its request was sent
   * (performance.now()): a live page then knows how old the counts shown are (noteSeeded).
   */
  initialFrom?: { at: number; sentAt: number | undefined },
) {
  const refetchInterval = useFallbackPolling(REALTIME.fallbackPollMs);
  const options = reactionsQueryOptions(contentType, contentId, viewerId);
  useNoteSeeded(options.queryKey, initial && viewerId ? initialFrom : undefined);
  return useQuery({
    ...options,
    refetchInterval,
    enabled,
    ...(initial && viewerId
      ? { initialData: initial, ...(initialFrom ? { initialDataUpdatedAt: initialFrom.at } : {}) }
      : {}),
  });
}
