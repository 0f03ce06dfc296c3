import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@web/lib/toast';
import {
  REACTION_MSG,
  type EngagementContentType,
  type ReactionSummary,
  type ReactionType,
} from '@common/reactions/model';
import { refusalText } from '@web/lib/api-client';
import { useToggleQueue } from '@web/lib/use-toggle-queue';
import { reactionsKeys } from '@web/lib/query-keys';
import { holdReactionInFlight } from './reactions-cache';
import { setReaction } from './set-reaction';

/**
 * One reaction button's state with rapid taps collapsed into the last one (useToggleQueue): it
 * flips at once, at most one request per type is in flight, and the count shown is the server's
 * adjusted by the tap that is ahead of it. Each answer (count and the viewer's state together)
 * replaces the cached summary, so a refetch or a live count arriving mid-taps cannot flicker.
 */
export type ReactionToggleTarget = {
  contentType: EngagementContentType;
  contentId: string;
  viewerId: string | null;
  reactionType: ReactionType;
  /** The cached summary this render shows. */
  summary: ReactionSummary;
};

export function useReactionToggle({
  contentType,
  contentId,
  viewerId,
  reactionType,
  summary,
}: ReactionToggleTarget) {
  const queryClient = useQueryClient();
  const queryKey = reactionsKeys.summary(contentType, contentId, viewerId);
  const release = useRef<(() => void) | null>(null);
  // A bar unmounted mid-taps must not hold live counts back for the next one.
  useEffect(() => () => release.current?.(), []);

  const queue = useToggleQueue({
    async send(active) {
      const answer = await setReaction({ contentType, contentId, reactionType, active });
      // The answer becomes the cache's truth (a fetch begun before it could carry older counts).
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<ReactionSummary>(queryKey, answer);
      return answer.mine.includes(reactionType);
    },
    onError(error) {
      toast.error(REACTION_MSG.updateFailed, { description: refusalText(error) });
    },
    onIdle() {
      release.current?.();
      release.current = null;
      // Live counts held back during the taps are fetched now.
      void queryClient.invalidateQueries({ queryKey });
    },
  });

  const confirmed = summary.mine.includes(reactionType);
  const serverCount = summary.counts[reactionType] ?? 0;
  const delta = queue.wanted === null ? 0 : Number(queue.wanted) - Number(confirmed);

  return {
    isActive: queue.wanted ?? confirmed,
    count: Math.max(0, serverCount + delta),
    toggle() {
      // Read the cache, not this render's props: a tap can land before the last answer re-rendered.
      const cached = queryClient.getQueryData<ReactionSummary>(queryKey)?.mine.includes(reactionType);
      if (queue.toggle(cached ?? confirmed)) {
        release.current = holdReactionInFlight(contentType, contentId, reactionType);
        void queryClient.cancelQueries({ queryKey });
      }
    },
  };
}
