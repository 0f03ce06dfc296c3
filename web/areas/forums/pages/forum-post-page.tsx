import { isUuid } from '@common/core/ids';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Lock, LockOpen, Pin, PinOff } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { imageVariantUrl } from '@common/core/uploads';
import {
  FORUM_MSG,
  FORUMS,
  type ForumPost,
  type ForumReplyPage,
  type ForumReply,
  FORUM_POST_REPORT_TARGET,
  FORUM_REPLY_REPORT_TARGET,
} from '@common/forums/model';
import { ZCreateForumReply } from '@common/forums/schemas';
import { displayName } from '@common/profiles/model';
import { useMe } from '@web/lib/me';
import { sentAtOf } from '@web/lib/query-sent-at';
import { CommentSection } from '@web/areas/comments/public';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { RelativeTime } from '@web/components/relative-time';
import { ReportButton } from '@web/components/report/report-actions';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { MentionTextarea } from '@web/components/mention-textarea';
import { isApiError, refusalText } from '@web/lib/api-client';
import { useLiveTopic, useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { toast } from '@web/lib/toast';
import { setViewsCount, useCreateReply, useModeratePost, useRecordView } from '../api/forum-actions';
import { useForumGroup } from '../api/get-forum-groups';
import { useForumPost, useForumReplies } from '../api/get-forum-post';
import { forumKeys } from '../api/query-keys';
import { useReactions } from '@web/areas/reactions/public';
import { TextLinkCard } from '@web/components/link-card';
import { PostAuthorActions, ReplyAuthorActions } from '../components/author-actions';
import { ForumJoin } from '../components/forum-join';
import { ForumReactions } from '../components/forum-reactions';
import { PostBadges, PostCounts } from '../components/post-list-item';
import { MentionText } from '@web/components/mention-text';

/**
 * /forums/post/:postId and /forums/:postId (docs/product-rules.md: both route forms): the post with its
 * badges, author, content, counts and reactions, the replies in order with their nested comments, and the
 * reply box (hidden when locked). Live for everyone on the page: replies, the lock, pins and counts.
 */
export function ForumPostPage() {
  const { postId = '' } = useParams();
  const isValid = isUuid(postId);
  const query = useForumPost(postId, isValid);
  const queryClient = useQueryClient();
  const { viewer } = useMe();
  const view = useRecordView(postId);
  const isGone = !isValid || (isApiError(query.error) && query.error.status === 404);
  const hasPost = Boolean(query.data);

  // Counted by the server once per person per hour, however often the page is opened.
  const viewerId = viewer?.id;
  const recordView = view.mutate;
  useEffect(() => {
    if (viewerId && hasPost) recordView();
  }, [viewerId, hasPost, postId, recordView]);

  const title = query.data?.title;
  useEffect(() => {
    if (title) document.title = `${title} · Cofound`;
  }, [title]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: forumKeys.post(postId) });
  useLiveTopic(isValid && hasPost ? `forum-post:${postId}` : null, refresh, {
    shows: [forumKeys.post(postId)],
  });
  useRealtimeEvent('forum.changed', (e) => {
    if (e.postId !== postId) return;
    // A counted view carries the new count: set it, no refetch of the post.
    if (e.what === 'views') {
      if (typeof e.viewsCount === 'number') setViewsCount(queryClient, postId, e.viewsCount);
      return;
    }
    void queryClient.invalidateQueries({
      queryKey: e.what === 'replies' ? forumKeys.post(postId) : forumKeys.postDetail(postId),
    });
  });

  if (isGone)
    return (
      <Frame>
        <Card className="flex flex-col items-center gap-4 p-10 text-center">
          <h1 className="text-lg font-semibold">{FORUM_MSG.postNotFound}</h1>
          <Button asChild>
            <Link to="/forums">{FORUM_MSG.backToForums}</Link>
          </Button>
        </Card>
      </Frame>
    );
  if (query.isPending) return <PageSpinner />;
  if (!query.data)
    return (
      <Frame>
        <Card>
          <LoadError message={FORUM_MSG.postLoadFailed} onRetry={query.refetch} />
        </Card>
      </Frame>
    );
  return <PostView post={query.data} receivedAt={query.dataUpdatedAt} />;
}

function Frame({ children, groupId }: { children: React.ReactNode; groupId?: string }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6">
      <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
        <Link to={groupId ? `/forums/group/${groupId}` : '/forums'}>
          <ArrowLeft aria-hidden="true" />
          {FORUM_MSG.backToForums}
        </Link>
      </Button>
      {children}
    </div>
  );
}

function PostView({
  post,
  receivedAt,
}: {
  post: ForumPost & { replies?: ForumReplyPage };
  /** When the post's answer came: the replies it carries are as old as it. */
  receivedAt: number;
}) {
  const name = displayName(post.author);
  // The header's likes follow the reaction bar live: the same (shared, live) reactions query,
  // its 'like' count once loaded, the post's own count until then.
  const { viewer, isLoading } = useMe();
  const reactions = useReactions('forum_post', post.id, viewer?.id ?? null, !isLoading);
  const likesCount = reactions.data ? (reactions.data.counts.like ?? 0) : post.likesCount;
  // One place says why a signed-in reader may not write here (join first, or locked): the
  // reactions and comments below stay closed without repeating it under every reply.
  const isQuiet = Boolean(viewer) && !post.canReply;
  return (
    <Frame groupId={post.group.id}>
      {viewer && !post.canReply && !post.isLocked ? <JoinCard groupId={post.group.id} /> : null}
      <Card className="flex flex-col gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <PostBadges post={post} />
          <div className="flex flex-wrap items-center gap-2">
            {post.canModerate ? <ModerateButtons post={post} /> : null}
            {viewer?.id === post.author.id ? <PostAuthorActions post={post} /> : null}
            {/* Hidden for visitors and on one's own post (issue 20); the server refuses both. */}
            <ReportButton
              target={{ ...FORUM_POST_REPORT_TARGET, id: post.id }}
              ownerId={post.author.id}
              name={`post by ${name}`}
            />
          </div>
        </div>
        <h1 className="text-2xl font-bold tracking-tight break-words">{post.title}</h1>
        <div className="flex items-center gap-3">
          <Avatar src={imageVariantUrl(post.author.avatarUrl, 96)} name={name} className="size-9" />
          <div className="flex min-w-0 flex-col text-sm">
            <Link to={`/profile/${post.author.id}`} className="font-medium hover:underline">
              {name}
            </Link>
            <span className="text-xs text-muted-foreground">
              <Link to={`/forums/group/${post.group.id}`} className="hover:underline">
                {post.group.name}
              </Link>{' '}
              · <RelativeTime value={post.createdAt} />
            </span>
          </div>
        </div>
        <p className="text-sm break-words whitespace-pre-line">
          <MentionText text={post.content} />
        </p>
        <TextLinkCard text={post.content} />
        <PostCounts post={{ ...post, likesCount }} />
        <div className="border-t border-border pt-3">
          <ForumReactions contentType="forum_post" contentId={post.id} quietWhenClosed={isQuiet} />
        </div>
      </Card>
      <Replies post={post} isQuiet={isQuiet} receivedAt={receivedAt} />
    </Frame>
  );
}

function ModerateButtons({ post }: { post: ForumPost }) {
  const moderate = useModeratePost(post.id, post.groupId);
  const run = (body: { isPinned?: boolean; isLocked?: boolean }) =>
    moderate.mutate(body, {
      onError: (error) => toast.error(refusalText(error) ?? FORUM_MSG.postLoadFailed),
    });
  return (
    <div className="flex gap-2">
      <Button
        size="sm"
        variant="outline"
        disabled={moderate.isPending}
        onClick={() => run({ isPinned: !post.isPinned })}
      >
        {post.isPinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
        {post.isPinned ? FORUM_MSG.unpin : FORUM_MSG.pin}
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={moderate.isPending}
        onClick={() => run({ isLocked: !post.isLocked })}
      >
        {post.isLocked ? <LockOpen aria-hidden="true" /> : <Lock aria-hidden="true" />}
        {post.isLocked ? FORUM_MSG.unlock : FORUM_MSG.lock}
      </Button>
    </div>
  );
}

/** A reader who is not an approved member: the group's way in, once, above the post. */
function JoinCard({ groupId }: { groupId: string }) {
  const group = useForumGroup(groupId, true);
  if (!group.data || group.data.membership?.status === 'approved') return null;
  return (
    <Card role="region" aria-label={group.data.name} className="flex flex-col gap-2 p-4">
      <p className="text-sm font-medium">{group.data.name}</p>
      <ForumJoin group={group.data} />
    </Card>
  );
}

function Replies({
  post,
  isQuiet,
  receivedAt,
}: {
  post: ForumPost & { replies?: ForumReplyPage };
  isQuiet: boolean;
  receivedAt: number;
}) {
  // The replies the post's answer carried are as old as it: its request's send time goes with them.
  const sentAt = sentAtOf(useQueryClient(), forumKeys.postDetail(post.id));
  const query = useForumReplies(
    post.id,
    true,
    post.replies ? { page: post.replies, at: receivedAt, sentAt } : undefined,
  );
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {FORUM_MSG.replies(post.repliesCount)}
      </h2>
      {query.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      ) : query.isError ? (
        <LoadError message={FORUM_MSG.postLoadFailed} onRetry={query.refetch} />
      ) : (
        <>
          <ol aria-label={FORUM_MSG.replies(post.repliesCount)} className="flex flex-col gap-3">
            {query.data.pages
              .flatMap((p) => p.items)
              .map((r) => (
                <li key={r.id}>
                  <ReplyCard reply={r} isQuiet={isQuiet} isLocked={post.isLocked} />
                </li>
              ))}
          </ol>
          <InfiniteListEnd query={query} errorMessage={FORUM_MSG.postLoadFailed} />
        </>
      )}
      {post.isLocked ? (
        <Card className="flex items-center gap-2 p-4 text-sm text-muted-foreground">
          <Lock aria-hidden="true" className="size-4" />
          {FORUM_MSG.lockedNotice}
        </Card>
      ) : post.canReply ? (
        <ReplyBox postId={post.id} />
      ) : null}
    </section>
  );
}

// The forum's own words for comments under a reply.
const COMMENT_TEXTS = {
  added: FORUM_MSG.commentPosted,
  replyAdded: FORUM_MSG.commentReplyPosted,
  addFailed: FORUM_MSG.commentFailed,
};

function ReplyCard({ reply, isQuiet, isLocked }: { reply: ForumReply; isQuiet: boolean; isLocked: boolean }) {
  const name = displayName(reply.author);
  const { viewer } = useMe();
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex items-center gap-3">
        <Avatar src={imageVariantUrl(reply.author.avatarUrl, 96)} name={name} className="size-8" />
        <div className="flex min-w-0 flex-1 flex-col text-sm">
          <Link to={`/profile/${reply.author.id}`} className="font-medium hover:underline">
            {name}
          </Link>
          <RelativeTime value={reply.createdAt} className="text-xs text-muted-foreground" />
        </div>
        {viewer?.id === reply.author.id ? <ReplyAuthorActions reply={reply} isLocked={isLocked} /> : null}
        <ReportButton
          target={{ ...FORUM_REPLY_REPORT_TARGET, id: reply.id }}
          ownerId={reply.author.id}
          name={`reply by ${name}`}
        />
      </div>
      <p className="text-sm break-words whitespace-pre-line">
        <MentionText text={reply.content} />
      </p>
      <ForumReactions contentType="forum_reply" contentId={reply.id} quietWhenClosed={isQuiet} />
      <CommentSection
        contentType="forum_reply"
        contentId={reply.id}
        ownerId={reply.author.id}
        texts={COMMENT_TEXTS}
        quietWhenClosed={isQuiet}
      />
    </Card>
  );
}

function ReplyBox({ postId }: { postId: string }) {
  const [content, setContent] = useState('');
  const create = useCreateReply(postId);
  const id = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZCreateForumReply.safeParse({ content });
    if (!parsed.success) return;
    create.mutate(parsed.data.content, {
      onSuccess: () => {
        setContent('');
        toast.success(FORUM_MSG.replyPosted);
      },
      onError: (error) => toast.error(refusalText(error) ?? FORUM_MSG.replyFailed),
    });
  };
  return (
    <Card className="p-4">
      <form onSubmit={submit} className="flex flex-col gap-2">
        <Label htmlFor={id}>{FORUM_MSG.yourReply}</Label>
        <MentionTextarea
          id={id}
          value={content}
          maxLength={FORUMS.replyMax}
          placeholder={FORUM_MSG.replyPlaceholder}
          onChange={(e) => setContent(e.target.value)}
          className="min-h-24"
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={!content.trim() || create.isPending}>
            {FORUM_MSG.postReply}
          </Button>
        </div>
      </form>
    </Card>
  );
}
