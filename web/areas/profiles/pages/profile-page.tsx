import { MSG } from '@common/core/texts';
import { LogIn, UserX } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { displayName, PROFILE_MSG, type ConnectionList, type ProfileView } from '@common/profiles/model';
import { useMe } from '@web/lib/me';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { useDrawnInBackground } from '@web/lib/drawn-in-background';
import { useProfileView } from '../api/get-profile';
import { useFollowToggle } from '../api/use-follow-toggle';
import { useProfileLiveSync } from '../api/use-profile-live-sync';
import { useAfterFirstPaint } from '../components/after-first-paint';
import { Skeleton } from '../components/person-row';
import { OwnProfileActions, PersonActions } from '../components/profile-actions';
import { ProfileHeader } from '../components/profile-header';

/**
 * /profile (one's own) and /profile/:userId. Visitors may open the route (a shared link) and are
 * asked to sign in here, with the document's words, instead of being sent away.
 */
// The editor (its form and the schemas it checks with) comes in its own chunk, when one edits.
const ProfileEditDialog = lazy(() =>
  import('../components/profile-edit-dialog').then((m) => ({ default: m.ProfileEditDialog })),
);
// What the header's first paint does not need, each in its own chunk, asked for once it is painted:
// the cover editor (one's own banner) and everything under the header.
const loadCoverEditor = () => import('../components/cover-editor');
const loadBelow = () => import('../components/profile-below');
const CoverEditor = lazy(() => loadCoverEditor().then((m) => ({ default: m.CoverEditor })));
const ProfileBelow = lazy(() => loadBelow().then((m) => ({ default: m.ProfileBelow })));

export function ProfilePage() {
  const { userId } = useParams();
  const { viewer, isLoading } = useMe();
  if (isLoading) return <PageSpinner />;
  if (!viewer) return <SignInToView />;
  const id = userId ?? viewer.id;
  // A fresh page per person: tabs, dialogs and the follow queue never carry over.
  return <ProfileContent key={id} userId={id} viewerId={viewer.id} />;
}

function ProfileContent({ userId, viewerId }: { userId: string; viewerId: string }) {
  useProfileLiveSync(userId, viewerId);
  const query = useProfileView(userId);
  // The page is drawn in short tasks once the profile has come (a phone's main thread stays free).
  const view = useDrawnInBackground(query.data);
  const [tab, setTab] = useState<ConnectionList>('friends');
  // /profile?edit=1 (the home page's profile-completion card) opens the editor on one's own profile.
  const [searchParams] = useSearchParams();
  const [isEditing, setIsEditing] = useState(userId === viewerId && searchParams.get('edit') === '1');
  // The editor's chunk loads when it first opens, and the dialog stays mounted from then on.
  const [hasEdited, setHasEdited] = useState(isEditing);
  if (isEditing && !hasEdited) setHasEdited(true);
  // The header is drawn alone first; the rest follows once it is on the screen.
  const isPainted = useAfterFirstPaint(view !== undefined, () => {
    if (!view || view.restricted) return;
    void loadBelow();
    if (view.isSelf) void loadCoverEditor();
  });
  const name = view ? displayName(view.profile) : '';
  const follow = useFollowToggle({
    viewerId,
    userId,
    name,
    isFollowing: view?.connection?.isFollowing ?? false,
  });

  useEffect(() => {
    if (name) document.title = `${name} · Cofound`;
  }, [name]);

  if (query.isPending || (query.data && !view)) return <ProfileSkeleton />;
  if (!view) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <ProfileMessage
        icon={<UserX aria-hidden="true" className="size-7" />}
        text={
          notFound
            ? PROFILE_MSG.notFound
            : userId === viewerId
              ? PROFILE_MSG.loadFailed
              : PROFILE_MSG.loadUserFailed
        }
        action={
          notFound ? (
            <Button asChild variant="outline">
              <Link to="/">Back to News Feed</Link>
            </Button>
          ) : (
            <Button variant="outline" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )
        }
      />
    );
  }

  const showList = (list: ConnectionList) => {
    setTab(list);
    document.getElementById('connections')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-3 py-4 sm:px-6 sm:py-6">
      <ProfileHeader
        view={view}
        followersDelta={view.isSelf ? 0 : follow.followersDelta}
        onShowList={showList}
        coverAction={
          view.isSelf && isPainted ? (
            <Suspense fallback={null}>
              <CoverEditor hasCover={!!view.profile.coverPhotoUrl} />
            </Suspense>
          ) : null
        }
        actions={
          view.isSelf ? (
            <OwnProfileActions onEdit={() => setIsEditing(true)} />
          ) : (
            <PersonActions view={view} viewerId={viewerId} name={name} follow={follow} />
          )
        }
      />

      {view.isSelf && hasEdited ? (
        <Suspense fallback={null}>
          <ProfileEditDialog profile={view.profile} open={isEditing} onOpenChange={setIsEditing} />
        </Suspense>
      ) : null}

      {view.restricted ? null : isPainted ? (
        <Suspense fallback={<CardsSkeleton />}>
          <ProfileBelow
            userId={userId}
            viewerId={viewerId}
            isSelf={view.isSelf}
            stats={statsShown(view, follow.followersDelta)}
            tab={tab}
            onTabChange={setTab}
          />
        </Suspense>
      ) : (
        <CardsSkeleton />
      )}
    </div>
  );
}

function statsShown(view: ProfileView, followersDelta: number) {
  if (!view.stats || view.isSelf) return view.stats;
  return { ...view.stats, followers: view.stats.followers + followersDelta };
}

function SignInToView() {
  const location = useLocation();
  return (
    <ProfileMessage
      icon={<LogIn aria-hidden="true" className="size-7" />}
      text={PROFILE_MSG.signInToView}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/auth" state={{ from: location.pathname }}>
              Sign In
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/auth?tab=signup" state={{ from: location.pathname }}>
              {MSG.createAccount}
            </Link>
          </Button>
        </div>
      }
    />
  );
}

function ProfileMessage({ icon, text, action }: { icon: ReactNode; text: string; action: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16 sm:py-24">
      <Card className="flex flex-col items-center gap-4 p-8 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          {icon}
        </div>
        <h1 className="text-lg font-semibold">{text}</h1>
        {action}
      </Card>
    </div>
  );
}

/** The header's shape while the profile loads. */
function ProfileSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading profile"
      className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-3 py-4 sm:px-6 sm:py-6"
    >
      <Card className="overflow-hidden">
        <Skeleton className="h-32 rounded-none sm:h-48" />
        <div className="px-4 pb-6 sm:px-6">
          <Skeleton className="-mt-12 size-24 rounded-full ring-4 ring-card sm:-mt-16 sm:size-32" />
          <div className="mt-4 space-y-3">
            <Skeleton className="h-7 w-48" />
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-64 max-w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        </div>
      </Card>
      <CardsSkeleton />
    </div>
  );
}

/** The two cards' places under the header, while their code or the header's paint is on its way. */
function CardsSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Skeleton className="h-64 rounded-xl" />
      <Skeleton className="h-64 rounded-xl" />
    </div>
  );
}
