import { Share2, Trash2 } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { imageVariantUrl } from '@common/core/uploads';
import { GROUP_MSG, type GroupPost, GROUP_POST_REPORT_TARGET } from '@common/groups/model';
import { displayName } from '@common/profiles/model';
import type { CommentPage } from '@common/comments/model';
import type { ReactionSummary } from '@common/reactions/model';
import type { CommentTexts } from '@web/areas/comments/public';
import { ReactionBar } from '@web/areas/reactions/public';
import { TextLinkCard } from '@web/components/link-card';
import { RelativeTime } from '@web/components/relative-time';
import { WhenNearView } from '@web/components/when-near-view';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useMe } from '@web/lib/me';
import { ReportButton } from '@web/components/report/report-actions';
import { MentionText } from '@web/components/mention-text';
import { OnceOpened } from './on-demand';

/*
 * What a post shows only on demand comes in chunks of their own (docs/decisions/043): the comments
 * (with their form and its schemas) once the post nears the screen, the dialogs once opened.
 */
const CommentSection = lazy(() =>
  import('@web/areas/comments/public').then((m) => ({ default: m.CommentSection })),
);
const loadPostDialogs = () => void import('./post-dialogs');
const DeletePostDialog = lazy(() => import('./post-dialogs').then((m) => ({ default: m.DeletePostDialog })));
const SharePostDialog = lazy(() => import('./post-dialogs').then((m) => ({ default: m.SharePostDialog })));

/** Group posts' own comment texts: loading and adding fail in their words. */
const COMMENT_TEXTS: CommentTexts = {
  loadFailed: GROUP_MSG.commentsFailed,
  addFailed: GROUP_MSG.commentFailed,
};

/**
 * One post: its author, words and picture, the shared reactions and comments, and Share for
 * members. A non-member reads it; the page says once, above the posts, how to take part.
 */
export function PostCard({
  post,
  isMember,
  isAdmin = false,
}: {
  /**
   * With its reactions and first comments when the group's list carried them (no request of the
   * bar's or the comments' own), and when that list came.
   */
  post: GroupPost & {
    reactions?: ReactionSummary | null;
    comments?: CommentPage | null;
    receivedAt?: number;
    /** When the list's request was sent (performance.now()). */
    sentAt?: number;
  };
  isMember: boolean;
  /** The viewer is an admin of the group: Delete on every post and comment in it. */
  isAdmin?: boolean;
}) {
  const { viewer } = useMe();
  const canDelete = isAdmin || (viewer !== null && viewer.id === post.author.id);
  const name = displayName(post.author);
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="article" className="flex flex-col gap-3 p-4">
      <div className="flex items-center gap-3">
        <Link to={`/profile/${post.author.id}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Avatar src={imageVariantUrl(post.author.avatarUrl, 96)} name={name} className="size-10" />
        </Link>
        <div className="flex min-w-0 flex-col">
          <Link
            id={headingId}
            to={`/profile/${post.author.id}`}
            className="truncate rounded-sm text-sm font-semibold outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {name}
          </Link>
          <RelativeTime value={post.createdAt} className="text-xs text-muted-foreground" />
        </div>
      </div>
      <p className="text-sm break-words whitespace-pre-line">
        <MentionText text={post.content} />
      </p>
      <TextLinkCard text={post.content} />
      {post.imageUrl ? (
        <img
          src={imageVariantUrl(post.imageUrl, 800)}
          alt=""
          loading="lazy"
          decoding="async"
          className="max-h-[28rem] w-full rounded-lg border border-border bg-muted object-cover"
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3">
        {/* The bar's place is its own before it is drawn: a whole line on a phone (where the bar
            wraps), the room beside the buttons from 640 px, so nothing moves when it comes. */}
        <div className="min-w-0 basis-full sm:flex-1 sm:basis-0">
          <WhenNearView minHeight="2.25rem">
            <ReactionBar
              contentType="group_post"
              contentId={post.id}
              quietWhenClosed={!isMember}
              initial={post.reactions}
              {...(post.reactions && post.receivedAt
                ? { initialFrom: { at: post.receivedAt, sentAt: post.sentAt } }
                : {})}
            />
          </WhenNearView>
        </div>
        {isMember ? <ShareButton post={post} /> : null}
        <div className="flex items-center gap-1">
          {canDelete ? <DeletePost post={post} isOwn={viewer?.id === post.author.id} /> : null}
          <ReportButton
            target={{ ...GROUP_POST_REPORT_TARGET, id: post.id }}
            ownerId={post.author.id}
            name={`post by ${name}`}
          />
        </div>
      </div>
      <WhenNearView minHeight="6rem">
        <Suspense fallback={<div style={{ minHeight: '6rem' }} aria-hidden="true" />}>
          <CommentSection
            contentType="group_post"
            contentId={post.id}
            ownerId={post.author.id}
            texts={COMMENT_TEXTS}
            quietWhenClosed={!isMember}
            canModerate={isAdmin}
            initial={
              post.comments && post.receivedAt
                ? { page: post.comments, at: post.receivedAt, sentAt: post.sentAt }
                : undefined
            }
          />
        </Suspense>
      </WhenNearView>
    </Card>
  );
}

/** Delete, for the post's author and the group's admins: the button, and its dialog once asked for. */
function DeletePost({ post, isOwn }: { post: GroupPost; isOwn: boolean }) {
  const [open, setOpen] = useState(false);
  const name = displayName(post.author);
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className="h-8 px-2 text-destructive"
        aria-label={`${GROUP_MSG.deletePost}: post by ${name}`}
        title={GROUP_MSG.deletePost}
        onPointerEnter={loadPostDialogs}
        onFocus={loadPostDialogs}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
      <OnceOpened open={open}>
        <DeletePostDialog post={post} isOwn={isOwn} open={open} onOpenChange={setOpen} />
      </OnceOpened>
    </>
  );
}

function ShareButton({ post }: { post: GroupPost }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onPointerEnter={loadPostDialogs}
        onFocus={loadPostDialogs}
        onClick={() => setOpen(true)}
      >
        <Share2 aria-hidden="true" />
        {GROUP_MSG.share}
      </Button>
      <OnceOpened open={open}>
        <SharePostDialog post={post} open={open} onOpenChange={setOpen} />
      </OnceOpened>
    </>
  );
}
