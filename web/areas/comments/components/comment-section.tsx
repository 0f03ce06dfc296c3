import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '@web/lib/toast';
import { COMMENT_MSG, type Comment, type CommentPage } from '@common/comments/model';
import { countText } from '@common/core/limits';
import type { EngagementContentType } from '@common/reactions/model';
import { useSignInPrompt } from '@web/app/providers/sign-in-prompt';
import { useMe } from '@web/lib/me';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { LoadError } from '@web/components/load-error';
import { LoadMoreButton } from '@web/components/load-more-button';
import { Button } from '@web/components/ui/button';
import { refusalText } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { buildCommentTree, loadedComments } from '../api/comments-cache';
import { useDeleteComment } from '../api/delete-comment';
import { useComments } from '../api/get-comments';
import { useCommentsLiveSync } from '../api/use-comments-live-sync';
import { CommentForm, type CommentTexts } from './comment-form';
import { CommentItem, type CommentThreadContext } from './comment-item';

/**
 * The comments of any content (articles, group posts, forums): oldest first with replies nested
 * under their parents, live for everyone viewing, and the comment box at the end. Visitors read
 * and are asked to sign in to write.
 */
export function CommentSection({
  contentType,
  contentId,
  ownerId = null,
  className,
  texts,
  onCount,
  quietWhenClosed = false,
  canModerate = false,
  initial,
}: {
  contentType: EngagementContentType;
  contentId: string;
  /** Who posted the content: their comments carry an Author badge. */
  ownerId?: string | null;
  className?: string;
  /** An area's own texts (forums, groups, business pages); the shared ones otherwise. */
  texts?: CommentTexts;
  /** Told the live count as shown ('3', '1000+') whenever it changes: a post's own counter follows it. */
  onCount?: (count: string) => void;
  /** The page already says once why the viewer may not comment here: no repeat under each item. */
  quietWhenClosed?: boolean;
  /** The viewer moderates where the content lives (a group's admin): Delete on every comment. */
  canModerate?: boolean;
  /** The first page the content's own list carried for this viewer, and when it came. */
  initial?: { page: CommentPage; at: number; sentAt?: number | undefined } | undefined;
}) {
  const { viewer, isLoading: isMeLoading } = useMe();
  const viewerId = viewer?.id ?? null;
  const query = useComments(contentType, contentId, viewerId, !isMeLoading, initial);
  useCommentsLiveSync(contentType, contentId);
  const { prompt } = useSignInPrompt();
  const remove = useDeleteComment(contentType, contentId);
  const [toDelete, setToDelete] = useState<Comment | null>(null);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const data = query.data;
  const comments = data ? loadedComments(data) : [];
  const tree = buildCommentTree(comments);
  const lastPage = data?.pages.at(-1);
  const shownCount = lastPage ? countText(lastPage) : null;
  useEffect(() => {
    if (shownCount !== null) onCount?.(shownCount);
  }, [shownCount, onCount]);

  const context: CommentThreadContext = {
    contentType,
    contentId,
    viewerId,
    isAdmin: (viewer?.profile.isSuperAdmin ?? false) || canModerate,
    ownerId,
    maxDepth: data?.pages[0]?.maxDepth ?? 0,
    isClosed: Boolean(lastPage?.closedReason),
    onDelete: setToDelete,
    texts,
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(COMMENT_MSG.deleted);
        // The button that opened the dialog is gone with the comment.
        headingRef.current?.focus();
      },
      onError: (error) => toast.error(COMMENT_MSG.deleteFailed, { description: refusalText(error) }),
      onSettled: () => setToDelete(null),
    });
  };

  let body;
  if (!data) {
    body = query.isError ? (
      <LoadError message={texts?.loadFailed ?? COMMENT_MSG.loadFailed} onRetry={() => query.refetch()} />
    ) : (
      <CommentsSkeleton />
    );
  } else if (tree.length === 0) {
    body = <p className="text-sm text-muted-foreground">{COMMENT_MSG.empty}</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-5">
        {tree.map((node) => (
          <CommentItem key={node.comment.id} node={node} context={context} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className={cn('flex flex-col gap-4', className)}>
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="rounded-sm text-lg font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {COMMENT_MSG.heading}
        {data ? (
          <>
            {' '}
            <span className="font-normal text-muted-foreground">({shownCount ?? 0})</span>
          </>
        ) : null}
      </h2>
      {body}
      {data && query.hasNextPage ? (
        query.isFetchNextPageError ? (
          <LoadError
            message={texts?.loadFailed ?? COMMENT_MSG.loadFailed}
            onRetry={() => query.fetchNextPage()}
            align="start"
          />
        ) : (
          <div>
            <LoadMoreButton onLoad={() => query.fetchNextPage()} isLoading={query.isFetchingNextPage} />
          </div>
        )
      ) : null}
      {viewer && lastPage?.closedReason ? (
        quietWhenClosed ? null : (
          <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
            {lastPage.closedReason}
          </p>
        )
      ) : viewer ? (
        <CommentForm contentType={contentType} contentId={contentId} label="Write a comment" texts={texts} />
      ) : isMeLoading ? null : (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-border p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">Sign in to join the conversation.</p>
          <Button size="sm" onClick={() => prompt(texts?.signIn ?? COMMENT_MSG.signInAction)}>
            Sign in to comment
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setToDelete(null);
        }}
        title={COMMENT_MSG.deleteConfirm}
        description={
          toDelete && comments.some((comment) => comment.parentId === toDelete.id)
            ? 'Its replies will be deleted with it.'
            : 'This cannot be undone.'
        }
        confirmLabel={COMMENT_MSG.delete}
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}

/** Three comment shapes while the first page loads. */
function CommentsSkeleton() {
  return (
    <div role="status" aria-label="Loading comments" className="flex flex-col gap-5">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} aria-hidden="true" className="flex animate-pulse gap-3">
          <div className="size-8 shrink-0 rounded-full bg-muted" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-3.5 w-32 rounded bg-muted" />
            <div className="h-3.5 w-full rounded bg-muted" />
            <div className="h-3.5 w-2/3 rounded bg-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}
