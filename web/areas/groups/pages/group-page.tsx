import { isUuid } from '@common/core/ids';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CalendarDays, Lock, LockOpen, LogOut, UserPlus, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { imageVariantUrl } from '@common/core/uploads';
import { Link, useNavigate, useParams } from 'react-router';
import { GROUP_MSG, type Group } from '@common/groups/model';
import { useMe } from '@web/lib/me';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { useDrawnInBackground } from '@web/lib/drawn-in-background';
import { dateFormatter } from '@web/lib/format-time';
import { useLiveTopic, useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { toast } from '@web/lib/toast';
import { useAnswerInvitation, useLeaveGroup, useRequestToJoin, useSetPrivacy } from '../api/group-actions';
import { useGroup, useGroupPosts } from '../api/get-group';
import { groupKeys } from '../api/query-keys';
import { BANNER_SIZES, coverSrcSet, GroupCover } from '../components/group-card';
import { OnceOpened } from '../components/on-demand';
import { GroupTabs } from '../components/group-tabs';
import { PostSkeleton } from '../components/post-skeleton';

/* The admins' dialogs (and the invitation's schema) come in a chunk of their own, once opened (docs/decisions/043). */
const loadDialogs = () => void import('../components/group-dialogs');
const InviteDialog = lazy(() =>
  import('../components/group-dialogs').then((m) => ({ default: m.InviteDialog })),
);
const NewAdminDialog = lazy(() =>
  import('../components/group-dialogs').then((m) => ({ default: m.NewAdminDialog })),
);

// What the group's header does without (its banner is the page's largest paint): the Posts tab's
// code (the composer, the posts with their reactions, link cards and mentions) and the members
// column come in chunks of their own, asked for when the header is drawn (not named in the page's
// HTML: scripts/prerender.mjs follows static imports only).
const GroupPosts = lazy(() => import('../components/group-posts').then((m) => ({ default: m.GroupPosts })));
const MembersSidebar = lazy(() =>
  import('../components/group-panels').then((m) => ({ default: m.MembersSidebar })),
);
const JoinRequestsPanel = lazy(() =>
  import('../components/group-panels').then((m) => ({ default: m.JoinRequestsPanel })),
);

type GroupTab = 'posts' | 'about';
const TABS: readonly { value: GroupTab; label: string }[] = [
  { value: 'posts', label: GROUP_MSG.tabPosts },
  { value: 'about', label: GROUP_MSG.tabAbout },
];

const createdDate = dateFormatter('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** Leaves for /groups once, with the document's notification. */
function useLeaveForList() {
  const navigate = useNavigate();
  const hasLeft = useRef(false);
  return (title: string, description?: string) => {
    if (hasLeft.current) return;
    hasLeft.current = true;
    toast.error(title, description ? { description } : undefined);
    void navigate('/groups', { replace: true });
  };
}

/**
 * /groups/:groupId (members only; visitors are sent to /auth). A malformed id, a missing group or
 * a private one the viewer may not see: 'Group not found' and back to /groups. The
 * page follows the group live: its members, posts and requests refetch when they change.
 */
export function GroupPage() {
  const { groupId = '' } = useParams();
  const isValid = isUuid(groupId);
  const query = useGroup(groupId, isValid);
  const leave = useLeaveForList();
  const queryClient = useQueryClient();
  const error = query.error;
  const isGone = isApiError(error) && error.status === 404;

  useEffect(() => {
    if (!isValid) leave(GROUP_MSG.notFoundTitle, GROUP_MSG.invalidId);
    else if (isGone) leave(GROUP_MSG.notFoundTitle, GROUP_MSG.notFound);
  });

  const name = query.data?.name;
  useEffect(() => {
    if (name) document.title = `${name} · Cofound`;
  }, [name]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) });
  useLiveTopic(isValid && query.data ? `group:${groupId}` : null, refresh, {
    shows: [groupKeys.group(groupId)],
  });
  useRealtimeEvent('group.changed', (e) => {
    if (e.groupId !== groupId) return;
    const key =
      e.what === 'posts'
        ? groupKeys.posts(groupId)
        : e.what === 'requests'
          ? groupKeys.requests(groupId)
          : groupKeys.group(groupId);
    void queryClient.invalidateQueries({ queryKey: key });
    if (e.what === 'members') void queryClient.invalidateQueries({ queryKey: groupKeys.detail(groupId) });
  });

  // The page is drawn in short tasks once the group has come (a phone's main thread stays free).
  const group = useDrawnInBackground(query.data);
  // The banner, the page's largest picture, is asked for as soon as the group has come, while the
  // page is still being drawn: the same copy the banner's <img> picks (same srcset and sizes).
  const cover = query.data?.coverImage;
  if (cover)
    preload(imageVariantUrl(cover, 750), {
      as: 'image',
      imageSrcSet: coverSrcSet(cover),
      imageSizes: BANNER_SIZES,
      fetchPriority: 'high',
    });
  if (!isValid || isGone || query.isPending || (query.data && !group)) return <PageSpinner />;
  if (!group)
    return (
      <Frame>
        <Card>
          <LoadError message={GROUP_MSG.loadFailed} onRetry={query.refetch} retryLabel={GROUP_MSG.tryAgain} />
        </Card>
      </Frame>
    );
  return <GroupView group={group} />;
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6">
      <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
        <Link to="/groups">
          <ArrowLeft aria-hidden="true" />
          {GROUP_MSG.back}
        </Link>
      </Button>
      {children}
    </div>
  );
}

function GroupView({ group }: { group: Group }) {
  const { viewer } = useMe();
  const canReadInside = !group.isPrivate || group.isMember;
  const [tab, setTab] = useState<GroupTab>('posts');
  // The posts are asked for with the header, not once their code has come (GroupPosts reads the same query).
  useGroupPosts(group.id, canReadInside);
  return (
    <Frame>
      <Card className="overflow-hidden">
        <GroupCover
          url={group.coverImage}
          isBanner
          className="aspect-[3/1] max-h-72 w-full bg-muted object-cover"
        />
        <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:justify-between sm:p-6">
          <div className="flex min-w-0 flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-bold tracking-tight break-words">{group.name}</h1>
              {group.isPrivate ? (
                <Badge variant="outline" className="gap-1">
                  <Lock aria-hidden="true" className="size-3" />
                  {GROUP_MSG.private}
                </Badge>
              ) : null}
            </div>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
              <span className="flex items-center gap-1.5">
                <Users aria-hidden="true" className="size-4" />
                {GROUP_MSG.members(group.memberCount)}
              </span>
              <span className="flex items-center gap-1.5">
                <CalendarDays aria-hidden="true" className="size-4" />
                {GROUP_MSG.created(createdDate(group.createdAt))}
              </span>
            </div>
          </div>
          <GroupActions group={group} viewerId={viewer?.id ?? ''} />
        </div>
        {group.membership.invitationId ? <InvitationBanner group={group} /> : null}
      </Card>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <GroupTabs
          label={group.name}
          tabs={TABS}
          value={tab}
          onChange={setTab}
          panelClassName={tab === 'posts' ? 'flex flex-col gap-4' : undefined}
        >
          {tab === 'about' ? (
            <Card className="flex flex-col gap-3 p-4 sm:p-6">
              <h2 className="text-lg font-semibold">{GROUP_MSG.about}</h2>
              <p className="text-sm break-words whitespace-pre-line">{group.description}</p>
              <dl className="grid gap-1 text-sm text-muted-foreground">
                <div className="flex gap-2">
                  <dt>{GROUP_MSG.created('').trim()}:</dt>
                  <dd>{createdDate(group.createdAt)}</dd>
                </div>
                <div className="flex gap-2">
                  <dt>{GROUP_MSG.privacy}:</dt>
                  <dd>{group.isPrivate ? GROUP_MSG.private : GROUP_MSG.public}</dd>
                </div>
              </dl>
            </Card>
          ) : canReadInside ? (
            <Suspense fallback={<PostsPlaceholder />}>
              <GroupPosts group={group} />
            </Suspense>
          ) : (
            <Card className="p-6 text-sm text-muted-foreground">{GROUP_MSG.onlyMembers}</Card>
          )}
        </GroupTabs>
        <aside aria-label="Group details" className="flex min-w-0 flex-col gap-4">
          <Suspense fallback={null}>
            {group.isAdmin ? <JoinRequestsPanel groupId={group.id} /> : null}
            {canReadInside ? (
              <MembersSidebar
                groupId={group.id}
                removal={
                  group.isAdmin && viewer
                    ? { groupId: group.id, ownerId: group.createdBy, viewerId: viewer.id }
                    : null
                }
              />
            ) : null}
          </Suspense>
        </aside>
      </div>
    </Frame>
  );
}

function GroupActions({ group, viewerId }: { group: Group; viewerId: string }) {
  const [isInviting, setIsInviting] = useState(false);
  const [isNaming, setIsNaming] = useState(false);
  const leave = useLeaveGroup(group.id);
  // Here, not in JoinButton: joining unmounts the button, and a mutation's callbacks need a mounted caller.
  const join = useRequestToJoin(group.id);
  const privacy = useSetPrivacy(group.id);

  const doLeave = (newAdminId: string | null) =>
    leave.mutate(newAdminId, {
      onSuccess: () => {
        setIsNaming(false);
        toast.success(GROUP_MSG.leftGroup);
      },
      onError: (e) => {
        if (isApiError(e) && e.status === 409 && e.message === GROUP_MSG.lastAdmin) return setIsNaming(true);
        toast.error(
          GROUP_MSG.leaveFailed,
          isApiError(e) && e.message ? { description: e.message } : undefined,
        );
      },
    });

  return (
    <div className="flex flex-wrap gap-2">
      {group.isAdmin ? (
        <>
          <Button
            variant="outline"
            onPointerEnter={loadDialogs}
            onFocus={loadDialogs}
            onClick={() => setIsInviting(true)}
          >
            <UserPlus aria-hidden="true" />
            {GROUP_MSG.invite}
          </Button>
          <Button
            variant="outline"
            disabled={privacy.isPending}
            onClick={() =>
              privacy.mutate(!group.isPrivate, {
                onSuccess: () => toast.success(GROUP_MSG.privacyChanged),
                onError: (e) => toast.error(isApiError(e) ? e.message : GROUP_MSG.unexpected),
              })
            }
          >
            {group.isPrivate ? <LockOpen aria-hidden="true" /> : <Lock aria-hidden="true" />}
            {group.isPrivate ? GROUP_MSG.makePublic : GROUP_MSG.makePrivate}
          </Button>
          <OnceOpened open={isInviting}>
            <InviteDialog groupId={group.id} open={isInviting} onOpenChange={setIsInviting} />
          </OnceOpened>
        </>
      ) : null}
      {group.isMember ? (
        <>
          <Button variant="outline" onClick={() => doLeave(null)} disabled={leave.isPending}>
            <LogOut aria-hidden="true" />
            {GROUP_MSG.leaveGroup}
          </Button>
          <OnceOpened open={isNaming}>
            <NewAdminDialog
              groupId={group.id}
              viewerId={viewerId}
              open={isNaming}
              onOpenChange={setIsNaming}
              onConfirm={doLeave}
              isBusy={leave.isPending}
            />
          </OnceOpened>
        </>
      ) : group.membership.invitationId ? null : (
        <JoinButton group={group} join={join} />
      )}
    </div>
  );
}

/**
 * A non-member's way in (docs/decisions/026): 'Join Group' for a public group (a member at once),
 * 'Request to Join' for a private one, then a disabled 'Request Pending' with what happens next.
 */
function JoinButton({ group, join }: { group: Group; join: ReturnType<typeof useRequestToJoin> }) {
  if (group.membership.requestPending)
    return (
      <div className="flex flex-col items-start gap-1">
        <Button disabled>{GROUP_MSG.requestPending}</Button>
        <p className="max-w-xs text-xs text-muted-foreground">{GROUP_MSG.pendingMeanwhile}</p>
      </div>
    );
  const hintId = `join-hint-${group.id}`;
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        disabled={join.isPending}
        aria-describedby={group.isPrivate ? undefined : hintId}
        onClick={() =>
          join.mutate(undefined, {
            onSuccess: (res) => toast.success(res.joined ? GROUP_MSG.joined : GROUP_MSG.requestSent),
            onError: (e) =>
              toast.error(
                GROUP_MSG.joinFailed,
                isApiError(e) && e.message ? { description: e.message } : undefined,
              ),
          })
        }
      >
        <UserPlus aria-hidden="true" />
        {group.isPrivate ? GROUP_MSG.requestToJoin : GROUP_MSG.joinGroup}
      </Button>
      {/* Said once, here: the posts below keep their reactions and comments closed without repeating why. */}
      {group.isPrivate ? null : (
        <p id={hintId} className="max-w-xs text-xs text-muted-foreground">
          {GROUP_MSG.joinToTakePart}
        </p>
      )}
    </div>
  );
}

/** A pending invitation: accept (joins) or decline, where the notification leads. */
function InvitationBanner({ group }: { group: Group }) {
  const answer = useAnswerInvitation(group.id);
  const invitationId = group.membership.invitationId!;
  const act = (accept: boolean) =>
    answer.mutate(
      { invitationId, accept },
      {
        onSuccess: () => toast.success(accept ? GROUP_MSG.invitationAccepted : GROUP_MSG.invitationDeclined),
        onError: (e) => toast.error(isApiError(e) ? e.message : GROUP_MSG.unexpected),
      },
    );
  return (
    <div
      role="region"
      aria-label={GROUP_MSG.invitationTitle}
      className="flex flex-col gap-3 border-t border-border bg-muted/50 p-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
    >
      <p className="text-sm">You have been invited to join this group.</p>
      <div className="flex gap-2">
        <Button onClick={() => act(true)} disabled={answer.isPending}>
          {GROUP_MSG.acceptInvitation}
        </Button>
        <Button variant="outline" onClick={() => act(false)} disabled={answer.isPending}>
          {GROUP_MSG.declineInvitation}
        </Button>
      </div>
    </div>
  );
}

/**
 * The Posts tab while its code loads: the posts' outline, filling the screen below 1024 px so the
 * members column (which follows the posts there) is not in view and pushed down when they come.
 */
function PostsPlaceholder() {
  return (
    <div className="min-h-svh lg:min-h-0">
      <PostSkeleton />
    </div>
  );
}
