import { MessageCircle, Pencil, Share2, ThumbsUp, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { BUSINESS_MSG, type BusinessPost, BUSINESS_POST_REPORT_TARGET } from '@common/business-pages/model';
import { imageVariantUrl } from '@common/core/uploads';
import { displayName } from '@common/profiles/model';
import { useSignInPrompt } from '@web/app/providers/sign-in-prompt';
import { type CommentTexts, CommentSection } from '@web/areas/comments/public';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { TextLinkCard } from '@web/components/link-card';
import { MentionText } from '@web/components/mention-text';
import { RelativeTime } from '@web/components/relative-time';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { toast } from '@web/lib/toast';
import { useDeletePost, useLikePost, useSharePost } from '../api/post-mutations';
import { PostComposer } from './post-composer';
import { ReportButton } from '@web/components/report/report-actions';

/** Business posts' own comment texts: loading and adding fail in their words, visitors are asked in theirs. */
const COMMENT_TEXTS: CommentTexts = {
  loadFailed: BUSINESS_MSG.loadCommentsFailed,
  addFailed: BUSINESS_MSG.addCommentFailed,
  signIn: { message: BUSINESS_MSG.signInComment },
};

/** One post: its text and image, Like, Share and the comments (the shared module). */
export function PostCard({ post, isSignedIn }: { post: BusinessPost; isSignedIn: boolean }) {
  const { prompt } = useSignInPrompt();
  const like = useLikePost(post.pageId, post.id);
  const share = useSharePost(post.pageId, post.id);
  const remove = useDeletePost(post.pageId, post.id);
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [showComments, setShowComments] = useState(false);
  // 'Comments n' follows the open comment section's live count (the post's own count is read when
  // the posts load); a newer post count from the server takes over again.
  const [liveComments, setLiveComments] = useState<{ from: number; count: string } | null>(null);
  const onCommentCount = useCallback(
    (count: string) => setLiveComments({ from: post.commentsCount, count }),
    [post.commentsCount],
  );
  const commentsCount =
    liveComments && liveComments.from === post.commentsCount
      ? liveComments.count
      : String(post.commentsCount);
  // The state asked for shows at once; the server's answer (and the live refetch) settles it.
  const liked = like.isPending ? like.variables : post.userHasLiked;
  const likes =
    post.likesCount + (like.isPending ? (like.variables ? 1 : 0) - (post.userHasLiked ? 1 : 0) : 0);
  const name = displayName(post.author);

  return (
    <Card className="flex flex-col gap-3 p-4" role="article" aria-label={`Post by ${name}`}>
      <header className="flex items-center gap-3">
        <Avatar src={post.author.avatarUrl} name={name} className="size-9" />
        <div className="flex min-w-0 flex-1 flex-col">
          <Link to={`/profile/${post.author.id}`} className="truncate font-medium hover:underline">
            {name}
          </Link>
          <RelativeTime value={post.createdAt} className="text-xs text-muted-foreground" />
        </div>
        {post.canEdit ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={BUSINESS_MSG.edit}
            onClick={() => setIsEditing(true)}
          >
            <Pencil aria-hidden="true" />
          </Button>
        ) : null}
        {post.canDelete ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={BUSINESS_MSG.delete}
            onClick={() => setIsConfirming(true)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
        <ReportButton
          target={{ ...BUSINESS_POST_REPORT_TARGET, id: post.id }}
          ownerId={post.author.id}
          name="post"
          isIconOnly
        />
      </header>
      {isEditing ? (
        <PostComposer pageId={post.pageId} post={post} onDone={() => setIsEditing(false)} />
      ) : (
        <>
          <p className="text-sm break-words whitespace-pre-wrap">
            <MentionText text={post.content} />
          </p>
          <TextLinkCard text={post.content} />
          {post.imageUrl ? (
            <img
              src={imageVariantUrl(post.imageUrl, 800)}
              alt=""
              loading="lazy"
              className="max-h-96 w-full rounded-md object-cover"
            />
          ) : null}
        </>
      )}
      <div className="flex flex-wrap gap-1 border-t border-border pt-2">
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={liked}
          onClick={() => {
            if (!isSignedIn) return prompt({ message: BUSINESS_MSG.signInLike });
            like.mutate(!liked, { onError: () => toast.error(BUSINESS_MSG.likeFailed) });
          }}
        >
          <ThumbsUp aria-hidden="true" className={liked ? 'fill-current' : undefined} />
          {BUSINESS_MSG.like} <span aria-label={`${likes} likes`}>{likes}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={post.userHasShared}
          onClick={() => {
            if (!isSignedIn) return prompt({ message: BUSINESS_MSG.signInShare });
            if (post.userHasShared) return;
            share.mutate(undefined, {
              onSuccess: () =>
                void navigator.clipboard?.writeText(window.location.href).catch(() => undefined),
              onError: () => toast.error(BUSINESS_MSG.shareFailed),
            });
          }}
        >
          <Share2 aria-hidden="true" />
          {post.userHasShared ? BUSINESS_MSG.shared : BUSINESS_MSG.share}{' '}
          <span aria-label={`${post.sharesCount} shares`}>{post.sharesCount}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showComments}
          onClick={() => setShowComments((v) => !v)}
        >
          <MessageCircle aria-hidden="true" />
          {BUSINESS_MSG.comments} <span aria-label={`${commentsCount} comments`}>{commentsCount}</span>
        </Button>
      </div>
      {showComments ? (
        <CommentSection
          contentType="business_post"
          contentId={post.id}
          ownerId={post.author.id}
          texts={COMMENT_TEXTS}
          onCount={onCommentCount}
        />
      ) : null}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={`${BUSINESS_MSG.delete}?`}
        confirmLabel={BUSINESS_MSG.delete}
        isBusy={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => setIsConfirming(false),
            onError: () => toast.error(BUSINESS_MSG.deletePostFailed),
          })
        }
      />
    </Card>
  );
}
