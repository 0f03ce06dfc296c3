import { useId } from 'react';
import {
  REACTION_EMOJI,
  REACTION_LABELS,
  REACTION_MSG,
  type EngagementContentType,
  type ReactionSummary,
} from '@common/reactions/model';
import { useSignInPrompt, type SignInAsk } from '@web/app/providers/sign-in-prompt';
import { useMe } from '@web/lib/me';
import { LoadError } from '@web/components/load-error';
import { cn } from '@web/lib/cn';
import { useReactions } from '../api/get-reactions';
import { useReactionToggle, type ReactionToggleTarget } from '../api/use-reaction-toggle';
import { useReactionsLiveSync } from '../api/use-reactions-live-sync';

/** "Like, 3 reactions": what a screen reader hears for a button (its pressed state is said apart). */
function reactionLabel(label: string, count: number): string {
  if (count === 0) return `${label}, no reactions`;
  return `${label}, ${count} ${count === 1 ? 'reaction' : 'reactions'}`;
}

/**
 * The reaction buttons of any content (articles, group posts, forums): one toggle per type the
 * content takes, with live counts. A visitor's tap asks them to sign in.
 */
export function ReactionBar({
  contentType,
  contentId,
  className,
  signIn,
  initial,
  initialFrom,
  quietWhenClosed = false,
}: {
  contentType: EngagementContentType;
  contentId: string;
  className?: string;
  /** The counts the content's own answer carried for the signed-in viewer (an article's page). */
  initial?: ReactionSummary | null;
  /** When the answer that carried `initial` came, and when its request was sent (performance.now()). */
  initialFrom?: { at: number; sentAt: number | undefined };
  /**
   * The page already says once why the viewer may not react (join first): the bar keeps its
   * buttons disabled without repeating the reason under every item.
   */
  quietWhenClosed?: boolean;
  /** What a visitor who taps a reaction is asked (an area's own words); 'react to this content' otherwise. */
  signIn?: SignInAsk;
}) {
  const { viewer, isLoading: isMeLoading } = useMe();
  const viewerId = viewer?.id ?? null;
  const query = useReactions(
    contentType,
    contentId,
    viewerId,
    !isMeLoading,
    initial ?? undefined,
    initialFrom,
  );
  useReactionsLiveSync(contentType, contentId);
  const closedId = useId();

  if (!query.data) {
    if (query.isError) {
      return (
        <LoadError
          message={REACTION_MSG.loadFailed}
          onRetry={() => query.refetch()}
          align="start"
          className={cn('flex-row flex-wrap items-center gap-2', className)}
        />
      );
    }
    return <ReactionBarSkeleton className={className} />;
  }

  const closedReason = query.data.closedReason;
  const shownReason = quietWhenClosed ? null : closedReason;
  return (
    <div
      role="group"
      aria-label="Reactions"
      aria-describedby={shownReason ? closedId : undefined}
      className={cn('flex flex-wrap items-center gap-2', className)}
    >
      {query.data.types.map((type) => (
        <ReactionButton
          key={type}
          contentType={contentType}
          contentId={contentId}
          viewerId={viewerId}
          reactionType={type}
          summary={query.data}
          isClosed={closedReason !== null}
          signIn={signIn}
        />
      ))}
      {shownReason ? (
        <p id={closedId} className="text-xs text-muted-foreground">
          {closedReason}
        </p>
      ) : null}
    </div>
  );
}

/** One reaction's toggle; `isClosed`: the viewer may see the counts but not react (the bar says why). */
function ReactionButton({
  isClosed,
  signIn,
  ...target
}: ReactionToggleTarget & { isClosed: boolean; signIn: SignInAsk | undefined }) {
  const { viewerId, reactionType } = target;
  const { prompt } = useSignInPrompt();
  const { isActive, count, toggle } = useReactionToggle(target);
  const label = REACTION_LABELS[reactionType];

  return (
    <button
      type="button"
      aria-pressed={isActive}
      aria-label={reactionLabel(label, count)}
      disabled={isClosed}
      onClick={viewerId ? toggle : () => prompt(signIn ?? REACTION_MSG.signInAction)}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-full border border-border bg-card px-3 text-sm font-medium text-foreground transition-colors outline-none select-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        'aria-pressed:border-primary aria-pressed:bg-secondary aria-pressed:text-secondary-foreground aria-pressed:hover:bg-secondary-hover',
        'disabled:cursor-not-allowed disabled:hover:bg-card',
      )}
    >
      <span aria-hidden="true" className="text-base leading-none">
        {REACTION_EMOJI[reactionType]}
      </span>
      <span>{label}</span>
      {count > 0 ? <span className="tabular-nums">{count}</span> : null}
    </button>
  );
}

/** Five pills while the counts load. */
function ReactionBarSkeleton({ className }: { className?: string | undefined }) {
  return (
    <div role="status" aria-label="Loading reactions" className={cn('flex flex-wrap gap-2', className)}>
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} aria-hidden="true" className="h-9 w-20 animate-pulse rounded-full bg-muted" />
      ))}
    </div>
  );
}
