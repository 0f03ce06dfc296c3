import { MessageSquareReply, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { COMMENT_MSG, type Comment, COMMENT_REPORT_TARGET } from '@common/comments/model';
import { displayName } from '@common/profiles/model';
import type { EngagementContentType } from '@common/reactions/model';
import { TextLinkCard } from '@web/components/link-card';
import { MentionText } from '@web/components/mention-text';
import { RelativeTime } from '@web/components/relative-time';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import type { CommentNode } from '../api/comments-cache';
import { CommentForm, type CommentTexts } from './comment-form';
import { ReportButton } from '@web/components/report/report-actions';

export type CommentThreadContext = {
  contentType: EngagementContentType;
  contentId: string;
  /** Null for a visitor: no Reply or Delete. */
  viewerId: string | null;
  isAdmin: boolean;
  /** Who posted the content: their comments carry an Author badge. */
  ownerId: string | null;
  /** A reply may have at most this depth. */
  maxDepth: number;
  /** The viewer reads but may not write here (CommentPage.closedReason): no Reply. */
  isClosed: boolean;
  onDelete: (comment: Comment) => void;
  texts?: CommentTexts | undefined;
};

/** One comment with its actions, its reply box when open, and its replies nested under it. */
export function CommentItem({ node, context }: { node: CommentNode; context: CommentThreadContext }) {
  const { comment, replies } = node;
  const [isReplying, setIsReplying] = useState(false);
  const name = displayName(comment.author);
  const profileHref = `/profile/${comment.author.id}`;
  const canReply = context.viewerId !== null && !context.isClosed && comment.depth < context.maxDepth;
  // The content's owner may remove comments on it too (issue 21); the server checks the same.
  const canDelete =
    context.viewerId !== null &&
    (context.viewerId === comment.author.id || context.viewerId === context.ownerId || context.isAdmin);
  // A notification's link (#comment-<id>) opens this very comment, once it has loaded.
  const anchor = `comment-${comment.id}`;
  const ref = useRef<HTMLElement>(null);
  const isTarget = useLocation().hash === `#${anchor}`;
  useEffect(() => {
    if (!isTarget) return;
    ref.current?.scrollIntoView({ block: 'center' });
    ref.current?.focus({ preventScroll: true });
  }, [isTarget]);

  return (
    <li>
      <article
        ref={ref}
        id={anchor}
        tabIndex={-1}
        aria-label={`Comment by ${name}`}
        data-target={isTarget || undefined}
        className={cn(
          'flex scroll-mt-20 gap-3 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring',
          isTarget && 'bg-secondary/60 ring-2 ring-ring/40',
        )}
      >
        {/* The name next to it is the same link for keyboards and screen readers. */}
        <Link to={profileHref} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Avatar src={comment.author.avatarUrl} name={name} className="size-8" />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
            <Link
              to={profileHref}
              className="max-w-full truncate rounded-sm text-sm font-semibold outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {name}
            </Link>
            {context.ownerId === comment.author.id ? <Badge variant="secondary">Author</Badge> : null}
            <RelativeTime value={comment.createdAt} />
          </div>
          <p className="mt-0.5 text-sm break-words whitespace-pre-wrap">
            <MentionText text={comment.content} />
          </p>
          <TextLinkCard text={comment.content} className="mt-2" />
          {canReply || canDelete ? (
            <div className="mt-1 -ml-2 flex flex-wrap gap-1">
              {canReply ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-8 px-2 text-muted-foreground"
                  aria-label={`${COMMENT_MSG.reply} to ${name}`}
                  aria-expanded={isReplying}
                  onClick={() => setIsReplying((open) => !open)}
                >
                  <MessageSquareReply aria-hidden="true" />
                  {COMMENT_MSG.reply}
                </Button>
              ) : null}
              {canDelete ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-8 px-2 text-muted-foreground hover:text-destructive-text"
                  aria-label={`${COMMENT_MSG.delete} comment by ${name}`}
                  onClick={() => context.onDelete(comment)}
                >
                  <Trash2 aria-hidden="true" />
                  {COMMENT_MSG.delete}
                </Button>
              ) : null}
              <ReportButton
                target={{ ...COMMENT_REPORT_TARGET, id: comment.id }}
                ownerId={comment.author.id}
                name={`comment by ${name}`}
              />
            </div>
          ) : null}
          {isReplying ? (
            <div className="mt-2">
              <CommentForm
                contentType={context.contentType}
                contentId={context.contentId}
                parentId={comment.id}
                label={`Reply to ${name}`}
                autoFocus
                onPosted={() => setIsReplying(false)}
                onCancel={() => setIsReplying(false)}
                texts={context.texts}
              />
            </div>
          ) : null}
        </div>
      </article>
      {replies.length > 0 ? (
        <ul
          aria-label={`Replies to ${name}`}
          className="mt-3 ml-4 flex flex-col gap-4 border-l-2 border-border pl-3 sm:ml-11 sm:pl-4"
        >
          {replies.map((reply) => (
            <CommentItem key={reply.comment.id} node={reply} context={context} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
