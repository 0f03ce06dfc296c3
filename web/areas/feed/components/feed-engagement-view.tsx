import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare, ThumbsUp } from 'lucide-react';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { FEED_MSG, type FeedEngagement } from '@common/feed/model';
import {
  REACTION_EMOJI,
  REACTION_MSG,
  type ReactionSummary,
  type ReactionType,
} from '@common/reactions/model';
import { useSignInPrompt } from '@web/app/providers/sign-in-prompt';
import { reactionsKeys } from '@web/lib/query-keys';
import { cn } from '@web/lib/cn';

/** Above the card's stretched link (feed-card.tsx), so they stay clickable on their own. */
const ABOVE_STRETCHED = 'relative z-10';

/** A card's summary shows the most used reactions, this many at most. */
const TOP_REACTIONS = 3;

const ACTION =
  'inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';

export type EngagementViewProps = {
  engagement: FeedEngagement;
  link: string | null;
  /** What a visitor is asked to sign in for when they follow the comments (null for members). */
  signInAction: string | null;
  summary: ReactionSummary;
  likeActive: boolean;
  likeCount: number;
  onLike: () => void;
};

/**
 * An article card's footer (issue 21): its reactions (the most used, and how many in all), its
 * comment count (leading to the article), Like and Comment. Drawn the same whether Like's code has
 * arrived (feed-engagement.tsx) or not yet.
 */
export function FeedEngagementView({
  engagement,
  link,
  signInAction,
  summary,
  likeActive,
  likeCount,
  onLike,
}: EngagementViewProps) {
  const { prompt } = useSignInPrompt();
  const shown: Partial<Record<ReactionType, number>> = { ...summary.counts, like: likeCount };
  const total = Object.values(shown).reduce((sum, n) => sum + (n ?? 0), 0);
  const top = (Object.entries(shown) as [ReactionType, number][])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_REACTIONS);
  const commentsText = FEED_MSG.comments(engagement.comments);
  const onComments = (event: MouseEvent) => {
    if (!signInAction) return;
    event.preventDefault();
    prompt(signInAction);
  };

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
            onClick={onComments}
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
          aria-pressed={likeActive}
          onClick={onLike}
          className={cn(
            ABOVE_STRETCHED,
            ACTION,
            'select-none aria-pressed:bg-secondary aria-pressed:text-secondary-foreground',
          )}
        >
          <ThumbsUp aria-hidden="true" className="size-4" />
          Like
        </button>
        {link ? (
          <Link to={link} onClick={onComments} className={cn(ABOVE_STRETCHED, ACTION)}>
            <MessageSquare aria-hidden="true" className="size-4" />
            Comment
          </Link>
        ) : null}
      </div>
    </div>
  );
}

// Like's code (the toggle queue, the reactions cache) comes once a member reaches for it.
const FeedLikeController = lazy(() =>
  import('./feed-engagement').then((m) => ({ default: m.FeedLikeController })),
);

/** What the loaded Like code reports up: the live summary and Like's state and toggle. */
export type LiveLike = { summary: ReactionSummary; isActive: boolean; count: number; toggle: () => void };

/**
 * An article card's footer. Drawn at once from the feed page's counts (or the cached summary when
 * the article's page or an earlier tap left a newer one). A visitor's Like asks them to sign in. A
 * member's pointer, focus or touch brings Like's code in, and a tap before it has arrived counts
 * once it has; the footer itself stays mounted throughout, so no press is lost to a swap, and a
 * first view nobody touches does not load that code.
 */
export function ArticleCardFooter({
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
  const { prompt } = useSignInPrompt();
  const { contentType, contentId } = engagement.reactions;
  const cached = useQueryClient().getQueryData<ReactionSummary>(
    reactionsKeys.summary(contentType, contentId, viewerId),
  );
  const [wanted, setWanted] = useState<{ likeOnArrival: boolean } | null>(null);
  const [live, setLive] = useState<LiveLike | null>(null);
  const summary = live?.summary ?? cached ?? engagement.reactions;
  const want = (likeNow: boolean) =>
    setWanted((current) =>
      current && !(likeNow && !current.likeOnArrival) ? current : { likeOnArrival: likeNow },
    );
  const prepare = viewerId && !wanted ? () => want(false) : undefined;
  const onLike = live ? live.toggle : viewerId ? () => want(true) : () => prompt(REACTION_MSG.signInAction);
  return (
    <div onPointerEnter={prepare} onFocusCapture={prepare} onTouchStart={prepare}>
      <FeedEngagementView
        engagement={engagement}
        link={link}
        signInAction={signInAction}
        summary={summary}
        likeActive={live?.isActive ?? summary.mine.includes('like')}
        likeCount={live?.count ?? summary.counts.like ?? 0}
        onLike={onLike}
      />
      {wanted && viewerId ? (
        <Suspense fallback={null}>
          <FeedLikeController
            engagement={engagement}
            viewerId={viewerId}
            likeOnArrival={wanted.likeOnArrival}
            onLive={setLive}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
