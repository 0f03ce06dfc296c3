import { Eye, Lock, MessageSquare, Pin, ThumbsUp } from 'lucide-react';
import { Link } from 'react-router';
import { FORUM_CATEGORY_LABELS, FORUM_MSG, type ForumPostSummary } from '@common/forums/model';
import { displayName } from '@common/profiles/model';
import { RelativeTime } from '@web/components/relative-time';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';

/** The category badge, and the pinned and locked icons, of a post. */
export function PostBadges({ post }: { post: Pick<ForumPostSummary, 'category' | 'isPinned' | 'isLocked'> }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge variant="secondary">{FORUM_CATEGORY_LABELS[post.category]}</Badge>
      {post.isPinned ? (
        <Badge variant="outline" className="gap-1">
          <Pin aria-hidden="true" className="size-3" />
          {FORUM_MSG.pinned}
        </Badge>
      ) : null}
      {post.isLocked ? (
        <Badge variant="outline" className="gap-1">
          <Lock aria-hidden="true" className="size-3" />
          {FORUM_MSG.locked}
        </Badge>
      ) : null}
    </div>
  );
}

/** Likes, replies and views, as words for screen readers and icons for the eye. */
export function PostCounts({
  post,
}: {
  post: Pick<ForumPostSummary, 'likesCount' | 'repliesCount' | 'viewsCount'>;
}) {
  const items = [
    { icon: ThumbsUp, text: FORUM_MSG.likes(post.likesCount) },
    { icon: MessageSquare, text: FORUM_MSG.replies(post.repliesCount) },
    { icon: Eye, text: FORUM_MSG.views(post.viewsCount) },
  ];
  return (
    <div className="flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
      {items.map(({ icon: Icon, text }) => (
        <span key={text} className="flex items-center gap-1.5">
          <Icon aria-hidden="true" className="size-4" />
          {text}
        </span>
      ))}
    </div>
  );
}

/** One post in a group's list: badges, title (the link), preview, author and counts. */
export function PostListItem({ post }: { post: ForumPostSummary }) {
  return (
    <Card className="relative flex flex-col gap-2 p-4 focus-within:ring-2 focus-within:ring-ring">
      <PostBadges post={post} />
      <h3 className="text-base font-semibold break-words">
        <Link to={`/forums/post/${post.id}`} className="outline-none after:absolute after:inset-0">
          {post.title}
        </Link>
      </h3>
      <p className="text-sm break-words text-muted-foreground">{post.preview}</p>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>
          {displayName(post.author)} · <RelativeTime value={post.createdAt} />
        </span>
        <PostCounts post={post} />
      </div>
    </Card>
  );
}
