import type { QueryClient } from '@tanstack/react-query';
import type { EngagementContentType, ReactionSummary, ReactionType } from '@common/reactions/model';
import { reactionsKeys } from '@web/lib/query-keys';

/**
 * Reaction types with a request of this tab in flight, per content. A live count for such a type
 * may or may not include the viewer's pending change (the event and the answer race), so it is
 * left to the answer, which carries the count and the viewer's state together.
 */
const inFlight = new Map<string, number>();
const flightKey = (contentType: EngagementContentType, contentId: string, reactionType: ReactionType) =>
  `${contentType}:${contentId}:${reactionType}`;

/** Marks a request in flight until the returned function is called. */
export function holdReactionInFlight(
  contentType: EngagementContentType,
  contentId: string,
  reactionType: ReactionType,
): () => void {
  const key = flightKey(contentType, contentId, reactionType);
  inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (inFlight.get(key) ?? 1) - 1;
    if (left > 0) inFlight.set(key, left);
    else inFlight.delete(key);
  };
}

/** The summary with live counts (every type's), except for the types whose count `keep` says to hold. */
export function withLiveCounts(
  summary: ReactionSummary,
  counts: Partial<Record<ReactionType, number>>,
  keep: (reactionType: ReactionType) => boolean,
): ReactionSummary {
  const next: Partial<Record<ReactionType, number>> = {};
  for (const type of summary.types) {
    const count = keep(type) ? summary.counts[type] : counts[type];
    if (count) next[type] = count;
  }
  return { ...summary, counts: next };
}

/** A `reactions.changed` event: every viewer's cached copy takes the counts; the viewer's own stay. */
export function applyLiveReactionCounts(
  queryClient: QueryClient,
  contentType: EngagementContentType,
  contentId: string,
  counts: Partial<Record<ReactionType, number>>,
) {
  const keep = (type: ReactionType) => inFlight.has(flightKey(contentType, contentId, type));
  queryClient.setQueriesData<ReactionSummary>(
    { queryKey: reactionsKeys.content(contentType, contentId) },
    (summary) => (summary ? withLiveCounts(summary, counts, keep) : summary),
  );
}
