import { startTransition, useEffect, useMemo, useState } from 'react';
import { GROUP_MSG, type Group } from '@common/groups/model';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { Card } from '@web/components/ui/card';
import { useDrawnInBackground } from '@web/lib/drawn-in-background';
import { useGroupPosts } from '../api/get-group';
import { PostCard } from './post-card';
import { PostComposer } from './post-composer';
import { PostSkeleton } from './post-skeleton';

/**
 * The group's Posts tab: the composer (members) and the posts. A chunk of its own, loaded once the
 * group's header is drawn (pages/group-page.tsx): the posts' code (reactions, link cards, mentions,
 * the composer's upload) is most of the page's, and the banner, the page's largest paint, does not
 * wait for it. The page asks for the posts themselves already (the same query).
 */
export function GroupPosts({ group }: { group: Group }) {
  return (
    <>
      {group.isMember ? <PostComposer groupId={group.id} /> : null}
      <PostList group={group} />
    </>
  );
}

function PostList({ group }: { group: Group }) {
  const query = useGroupPosts(group.id, true);
  const data = useDrawnInBackground(query.data);
  // Below 1024 px the members column follows the posts: the skeleton fills the screen so the
  // column is not in view and pushed down when the posts come.
  if (query.isPending || (query.data && !data))
    return (
      <div className="min-h-svh lg:min-h-0">
        <PostSkeleton />
      </div>
    );
  if (query.isError)
    return (
      <Card>
        <LoadError message={GROUP_MSG.loadFailed} onRetry={query.refetch} retryLabel={GROUP_MSG.tryAgain} />
      </Card>
    );
  if (!data) return null;
  return <Posts group={group} query={query} pages={data.pages} />;
}

/**
 * How the posts are drawn (docs/decisions/043): the first few in the render that mounts the list
 * (a phone's first screen and some), then a few more per task until all are there, each step a
 * background render and a small commit, so no step blocks a phone for long. Once every post is
 * drawn the list stays whole: later changes (a new post, the next page) are drawn at once.
 */
const FIRST_POSTS = 2;
const POSTS_PER_STEP = 2;

function useDrawnInSteps<T>(items: T[]): { shown: T[]; isComplete: boolean } {
  const [count, setCount] = useState(FIRST_POSTS);
  const isComplete = count >= items.length;
  const [wasComplete, setWasComplete] = useState(isComplete);
  if (isComplete && !wasComplete) setWasComplete(true);
  useEffect(() => {
    if (isComplete || wasComplete) return;
    const timer = setTimeout(() => startTransition(() => setCount((c) => c + POSTS_PER_STEP)), 0);
    return () => clearTimeout(timer);
  }, [count, isComplete, wasComplete]);
  const shown = useMemo(
    () => (wasComplete || isComplete ? items : items.slice(0, count)),
    [items, count, isComplete, wasComplete],
  );
  return { shown, isComplete: wasComplete || isComplete };
}

function Posts({
  group,
  query,
  pages,
}: {
  group: Group;
  query: ReturnType<typeof useGroupPosts>;
  pages: NonNullable<ReturnType<typeof useGroupPosts>['data']>['pages'];
}) {
  const posts = useMemo(
    () =>
      pages.flatMap((p) => p.items.map((item) => ({ ...item, receivedAt: p.receivedAt, sentAt: p.sentAt }))),
    [pages],
  );
  const { shown, isComplete } = useDrawnInSteps(posts);
  if (posts.length === 0)
    return <Card className="p-6 text-center text-sm text-muted-foreground">{GROUP_MSG.noPosts}</Card>;
  return (
    <>
      <ul aria-label={GROUP_MSG.tabPosts} className="flex flex-col gap-4">
        {shown.map((p, i) => (
          // Past the first screen a post's layout and paint wait until it nears the screen.
          <li
            key={p.id}
            className={
              i < FIRST_POSTS
                ? undefined
                : '[contain-intrinsic-size:auto_28rem] [content-visibility:auto] [overflow-clip-margin:0.5rem]'
            }
          >
            <PostCard post={p} isMember={group.isMember} isAdmin={group.isAdmin} />
          </li>
        ))}
      </ul>
      {/* After every post: the first few alone would bring the next page's trigger into reach. */}
      {isComplete ? <InfiniteListEnd query={query} errorMessage={GROUP_MSG.loadFailed} /> : null}
    </>
  );
}
