import { isUuid } from '@common/core/ids';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LogOut, MessageSquare, UserPlus, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { FORUM_MSG, type ForumGroup } from '@common/forums/model';
import { useSignInPrompt } from '@web/app/providers/sign-in-prompt';
import { useMe } from '@web/lib/me';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { RelativeTime } from '@web/components/relative-time';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { isApiError } from '@web/lib/api-client';
import { useLiveTopic, useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { useLeaveForumGroup } from '../api/forum-actions';
import { useForumGroup, useForumPosts } from '../api/get-forum-groups';
import { forumKeys } from '../api/query-keys';
import { ForumCover } from '../components/forum-group-card';
import { ForumJoin } from '../components/forum-join';
import { MemberList } from '../components/member-list';
import { NewPostDialog } from '../components/new-post-dialog';
import { PostListItem } from '../components/post-list-item';

/**
 * /forums/group/:groupId: cover, name, description, member and post counts, the latest post; tabs
 * Posts, Members, and for the owner and moderators Pending Requests (with its count) and Manage.
 * Followed live: members, posts and requests refetch when they change.
 */
export function ForumGroupPage() {
  const { groupId = '' } = useParams();
  const isValid = isUuid(groupId);
  const query = useForumGroup(groupId, isValid);
  const queryClient = useQueryClient();
  const isGone = !isValid || (isApiError(query.error) && query.error.status === 404);

  const name = query.data?.name;
  useEffect(() => {
    if (name) document.title = `${name} · Cofound`;
  }, [name]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: forumKeys.group(groupId) });
  useLiveTopic(isValid && query.data ? `forum-group:${groupId}` : null, refresh);
  useRealtimeEvent('forum.changed', (e) => {
    if (e.groupId !== groupId || e.postId) return;
    void queryClient.invalidateQueries({ queryKey: forumKeys.group(groupId) });
  });

  if (isGone)
    return (
      <Frame>
        <Card className="flex flex-col items-center gap-4 p-10 text-center">
          <p className="text-lg font-semibold">{FORUM_MSG.notFound}</p>
        </Card>
      </Frame>
    );
  if (query.isPending) return <PageSpinner />;
  if (!query.data)
    return (
      <Frame>
        <Card>
          <LoadError message={FORUM_MSG.loadFailed} onRetry={query.refetch} />
        </Card>
      </Frame>
    );
  return <GroupView group={query.data} />;
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6">
      <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
        <Link to="/forums">
          <ArrowLeft aria-hidden="true" />
          {FORUM_MSG.backToForums}
        </Link>
      </Button>
      {children}
    </div>
  );
}

function GroupView({ group }: { group: ForumGroup }) {
  // Visitors see Create New Post too, and are asked to sign in to 'create a post'.
  const { viewer, isLoading: isMeLoading } = useMe();
  const { prompt } = useSignInPrompt();
  return (
    <Frame>
      <Card className="overflow-hidden">
        <ForumCover
          url={group.coverImage}
          title={group.name}
          className="aspect-[3/1] max-h-64 w-full bg-muted object-cover"
        />
        <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:justify-between sm:p-6">
          <div className="flex min-w-0 flex-col gap-2">
            <h1 className="text-2xl font-bold tracking-tight break-words">{group.name}</h1>
            {group.description ? (
              <p className="text-sm break-words whitespace-pre-line text-muted-foreground">
                {group.description}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
              <span className="flex items-center gap-1.5">
                <Users aria-hidden="true" className="size-4" />
                {FORUM_MSG.members(group.memberCount)}
              </span>
              <span className="flex items-center gap-1.5">
                <MessageSquare aria-hidden="true" className="size-4" />
                {FORUM_MSG.posts(group.postCount)}
              </span>
            </div>
          </div>
          <GroupActions group={group} />
        </div>
        {group.latestPost ? (
          <div className="border-t border-border px-4 py-3 text-sm sm:px-6">
            <span className="text-muted-foreground">{FORUM_MSG.latestPost}: </span>
            <Link to={`/forums/post/${group.latestPost.id}`} className="font-medium hover:underline">
              {group.latestPost.title}
            </Link>
            <span className="text-muted-foreground">
              {' '}
              · <RelativeTime value={group.latestPost.createdAt} />
            </span>
            {group.latestPost.preview ? (
              <p className="mt-1 break-words text-muted-foreground">{group.latestPost.preview}</p>
            ) : null}
          </div>
        ) : null}
      </Card>

      <Tabs defaultValue="posts" className="min-w-0">
        <TabsList aria-label={group.name} className="w-full overflow-x-auto sm:w-fit">
          <TabsTrigger value="posts">{FORUM_MSG.tabPosts}</TabsTrigger>
          <TabsTrigger value="members">{FORUM_MSG.tabMembers}</TabsTrigger>
          {group.canModerate ? (
            <>
              <TabsTrigger value="pending" className="gap-1.5">
                {FORUM_MSG.tabPending}
                {group.pendingCount > 0 ? (
                  <span className="rounded-full bg-destructive px-1.5 text-xs font-semibold text-destructive-foreground tabular-nums">
                    {group.pendingCount}
                  </span>
                ) : null}
              </TabsTrigger>
              <TabsTrigger value="manage">{FORUM_MSG.tabManage}</TabsTrigger>
            </>
          ) : null}
        </TabsList>
        <TabsContent value="posts" className="mt-4 flex flex-col gap-3">
          {group.canPost ? (
            <div className="flex justify-end">
              <NewPostDialog groupId={group.id} />
            </div>
          ) : viewer || isMeLoading ? null : (
            <div className="flex justify-end">
              <Button onClick={() => prompt(FORUM_MSG.signInPost)}>{FORUM_MSG.createPost}</Button>
            </div>
          )}
          <PostList groupId={group.id} />
        </TabsContent>
        <TabsContent value="members" className="mt-4">
          <MemberList group={group} mode="members" />
        </TabsContent>
        {group.canModerate ? (
          <>
            <TabsContent value="pending" className="mt-4">
              <MemberList group={group} mode="pending" />
            </TabsContent>
            <TabsContent value="manage" className="mt-4">
              <MemberList group={group} mode="manage" />
            </TabsContent>
          </>
        ) : null}
      </Tabs>
    </Frame>
  );
}

function GroupActions({ group }: { group: ForumGroup }) {
  const { viewer } = useMe();
  const { prompt } = useSignInPrompt();
  const leave = useLeaveForumGroup(group.id);
  const m = group.membership;
  if (!viewer)
    return (
      <Button onClick={() => prompt(FORUM_MSG.signInJoin)}>
        <UserPlus aria-hidden="true" />
        {FORUM_MSG.joinGroup}
      </Button>
    );
  if (m?.role === 'owner') return null;
  // A non-member asks ('Join Group'); a pending one sees 'Request Pending' and what they may do meanwhile.
  if (!m || m.status === 'pending') return <ForumJoin group={group} />;
  return (
    <Button variant="outline" disabled={leave.isPending} onClick={() => leave.mutate()}>
      <LogOut aria-hidden="true" />
      {FORUM_MSG.leave}
    </Button>
  );
}

function PostList({ groupId }: { groupId: string }) {
  const query = useForumPosts(groupId, true);
  if (query.isPending)
    return (
      <div className="flex justify-center p-6">
        <Spinner />
      </div>
    );
  if (query.isError) return <LoadError message={FORUM_MSG.loadFailed} onRetry={query.refetch} />;
  const posts = query.data.pages.flatMap((p) => p.items);
  if (posts.length === 0)
    return (
      <Card className="p-10 text-center">
        <p className="text-muted-foreground">{FORUM_MSG.noPosts}</p>
      </Card>
    );
  return (
    <>
      <ul aria-label={FORUM_MSG.tabPosts} className="flex flex-col gap-3">
        {posts.map((p) => (
          <li key={p.id}>
            <PostListItem post={p} />
          </li>
        ))}
      </ul>
      <InfiniteListEnd query={query} errorMessage={FORUM_MSG.loadFailed} />
    </>
  );
}
