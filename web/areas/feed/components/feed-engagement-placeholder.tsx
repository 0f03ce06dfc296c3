import { FEED_MSG, type FeedEngagement } from '@common/feed/model';

/**
 * An article card's footer as it reads before its code arrives (feed-engagement.tsx): the same
 * counts and the same size, nothing to press yet.
 */
export function FeedEngagementPlaceholder({ engagement }: { engagement: FeedEngagement }) {
  const total = Object.values(engagement.reactions.counts).reduce((sum, n) => sum + (n ?? 0), 0);
  return (
    <div aria-hidden="true" className="mt-3 flex flex-col gap-2 border-t border-border pt-2">
      <div className="flex items-center justify-between gap-3 text-xs text-muted-foreground">
        <span className="tabular-nums">{FEED_MSG.reactions(total)}</span>
        <span className="tabular-nums">{FEED_MSG.comments(engagement.comments)}</span>
      </div>
      <div className="h-9" />
    </div>
  );
}
