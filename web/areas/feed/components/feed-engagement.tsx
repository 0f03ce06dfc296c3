import { useQuery } from '@tanstack/react-query';
import { MessageSquare, ThumbsUp } from 'lucide-react';
import { Link } from 'react-router';
import { FEED_MSG, type FeedEngagement } from '@common/feed/model';
import {
  REACTION_EMOJI,
  REACTION_MSG,
  type ReactionSummary,
  type ReactionType,
} from '@common/reactions/model';
import { useSignInPrompt } from '@web/app/providers/sign-in-prompt';
import { getReactions } from '@web/areas/reactions/api/get-reactions';
import { reactionsKeys } from '@web/areas/reactions/api/query-keys';
import { useReactionToggle } from '@web/areas/reactions/api/use-reaction-toggle';
import { cn } from '@web/lib/cn';

/** Above the card's stretched link (feed-card.tsx), so they stay clickable on their own. */
const ABOVE_STRETCHED = 'relative z-10';

/** A card's summary shows the most used reactions, this many at most. */
const TOP_REACTIONS = 3;

/**
 * An article card's footer (issue 21): its reactions (the most used, and how many in all), its
 * comment count (leading to the article), and Like in place. The counts come with the feed page
 * and seed the reactions cache the article's own page reads, so a like here shows there too.
 */
export function FeedEngagementBar({
  engagement,
  viewerId,
  link,
  signInAction,
}: {
  engagement: FeedEngagement;
  viewerId: string | null;
  link: string | null;
  signInAction: string | null;
}) {
  const { contentType, contentId } = engagement.reactions;
  const { data: summary } = useQuery({
    queryKey: reactionsKeys.summary(contentType, contentId, viewerId),
    queryFn: ({ signal }) => getReactions(contentType, contentId, signal),
    initialData: engagement.reactions,
    // The page's counts are fresh: no request per card.
    staleTime: 60_000,
  });
  const { prompt } = useSignInPrompt();
  const like = useReactionToggle({ contentType, contentId, viewerId, reactionType: 'like', summary });

  const shown = shownCounts(summary, like.count);
  const total = Object.values(shown).reduce((sum, n) => sum + n, 0);
  const top = (Object.entries(shown) as [ReactionType, number][])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_REACTIONS);
  const commentsText = FEED_MSG.comments(engagement.comments);

  return (
    <div className="mt-3 flex flex-col gap-2 border-t border-border pt-2">
      <div className="flex items-center justify-between gap-3 text-xs text-muted-foreground">
        <span className="flex items-center gap-1">
          {top.length ? (
            <span aria-hidden="true" className="tracking-tighter">
              {top.map(([type]) => REACTION_EMOJI[type]).join('')}
            </span>
          ) : null}
          <span className="tabular-nums">{FEED_MSG.reactions(total)}</span>
        </span>
        {link ? (
          <Link
            to={link}
            onClick={(event) => {
              if (!signInAction) return;
              event.preventDefault();
              prompt(signInAction);
            }}
            className={cn(
              ABOVE_STRETCHED,
              'rounded-sm tabular-nums hover:underline focus-visible:ring-2 focus-visible:ring-ring',
            )}
          >
            {commentsText}
          </Link>
        ) : (
          <span className="tabular-nums">{commentsText}</span>
        )}
      </div>
      <div className="flex items-center gap-2">
        <button
          type="button"
          aria-pressed={like.isActive}
          onClick={viewerId ? like.toggle : () => prompt(REACTION_MSG.signInAction)}
          className={cn(
            ABOVE_STRETCHED,
            'inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-muted-foreground transition-colors outline-none select-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
            'aria-pressed:bg-secondary aria-pressed:text-secondary-foreground',
          )}
        >
          <ThumbsUp aria-hidden="true" className="size-4" />
          Like
        </button>
        {link ? (
          <Link
            to={link}
            onClick={(event) => {
              if (!signInAction) return;
              event.preventDefault();
              prompt(signInAction);
            }}
            className={cn(
              ABOVE_STRETCHED,
              'inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
            )}
          >
            <MessageSquare aria-hidden="true" className="size-4" />
            Comment
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** The summary's counts, with Like as the toggle shows it (a tap ahead of the server counts at once). */
function shownCounts(summary: ReactionSummary, likeCount: number): Partial<Record<ReactionType, number>> {
  return { ...summary.counts, like: likeCount };
}
