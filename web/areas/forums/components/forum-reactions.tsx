import {
  REACTION_EMOJI,
  REACTION_LABELS,
  type EngagementContentType,
  type ReactionType,
} from '@common/reactions/model';
import { FORUM_MSG, FORUMS } from '@common/forums/model';
import { useMe } from '@web/lib/me';
import { useReactions, ReactionBar } from '@web/areas/reactions/public';

/**
 * The forum reactions (like, love, insightful, helpful, celebrate) of a post, reply or comment:
 * the top 3 by count as a summary, then the shared toggles, live for everyone.
 */
export function ForumReactions({
  contentType,
  contentId,
  quietWhenClosed = false,
}: {
  contentType: EngagementContentType;
  contentId: string;
  /** The page says once why the viewer may not react (join first, or the post is locked). */
  quietWhenClosed?: boolean;
}) {
  const { viewer, isLoading } = useMe();
  const query = useReactions(contentType, contentId, viewer?.id ?? null, !isLoading);
  const counts = query.data?.counts ?? {};
  const top = (Object.entries(counts) as [ReactionType, number][])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, FORUMS.topReactions);
  return (
    <div className="flex flex-col gap-2">
      {top.length ? (
        <p className="flex flex-wrap gap-3 text-sm text-muted-foreground" aria-label="Top reactions">
          {top.map(([type, n]) => (
            <span key={type} title={REACTION_LABELS[type]}>
              <span aria-hidden="true">{REACTION_EMOJI[type]}</span>
              <span className="sr-only">{REACTION_LABELS[type]}</span> {n}
            </span>
          ))}
        </p>
      ) : null}
      <ReactionBar
        contentType={contentType}
        contentId={contentId}
        signIn={{ message: FORUM_MSG.signInReact }}
        quietWhenClosed={quietWhenClosed}
      />
    </div>
  );
}
