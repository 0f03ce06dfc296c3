import {
  Ban,
  Clock,
  MessageCircle,
  Pencil,
  UserCheck,
  UserMinus,
  UserPlus,
  UserRoundPlus,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { CONNECTION_MSG, type ProfileView } from '@common/profiles/model';
import { useChat } from '@web/areas/messages/public';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import {
  useAnswerFriendRequest,
  useRemoveFriend,
  useSendFriendRequest,
  useSetBlocked,
} from '../api/use-connection-mutations';
import type { useFollowToggle } from '../api/use-follow-toggle';
import { MoreButton } from './more-button';
import type { Confirming } from './person-more-menu';

// The menu, its dialogs and the report form come in their own chunk (some twenty files of menu,
// dialog and report code) when they are about to be used: the "more" button is pointed at, focused
// or pressed, or "Friends" asks to confirm the removal. The first view loads none of it.
const PersonMoreMenu = lazy(() => import('./person-more-menu').then((m) => ({ default: m.PersonMoreMenu })));

type FollowToggle = ReturnType<typeof useFollowToggle>;

/** Own profile: the way into editing. */
export function OwnProfileActions({ onEdit }: { onEdit: () => void }) {
  return (
    <Button variant="outline" onClick={onEdit}>
      <Pencil aria-hidden="true" />
      Edit Profile
    </Button>
  );
}

/**
 * Someone else's profile: Follow / Unfollow, Connect ('Request Sent' once sent), Friends (removes
 * the friend after confirmation), Message, and Block in the "more" menu. Someone the viewer
 * blocked gets only Unblock.
 */
export function PersonActions({
  view,
  viewerId,
  name,
  follow,
}: {
  view: ProfileView;
  viewerId: string;
  name: string;
  follow: FollowToggle;
}) {
  const userId = view.profile.id;
  const person = { viewerId, userId, name };
  const { openChat } = useChat();
  const sendRequest = useSendFriendRequest(person);
  const removeFriend = useRemoveFriend(person);
  const answer = useAnswerFriendRequest(viewerId);
  const setBlocked = useSetBlocked(person);
  const [confirming, setConfirming] = useState<Confirming>(null);
  // The menu's code is wanted (and stays once it came). The menu is open or closed here, so a
  // press on the stand-in opens it once its code has come, like the real button would.
  const [isMenuWanted, setIsMenuWanted] = useState(false);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const wantMenu = () => setIsMenuWanted(true);
  const openMenu = () => {
    setIsMenuOpen(true);
    wantMenu();
  };
  const standIn = (
    <MoreButton
      onPointerEnter={wantMenu}
      onFocus={wantMenu}
      // As Radix's trigger: a press opens it (the click follows for the keyboard's Enter and Space).
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) openMenu();
      }}
      onClick={openMenu}
    />
  );
  const status = view.connection?.status ?? 'none';

  if (view.blockedByYou) {
    return (
      <Button variant="outline" onClick={() => setBlocked.mutate(false)} disabled={setBlocked.isPending}>
        {setBlocked.isPending ? <Spinner /> : <Ban aria-hidden="true" />}
        Unblock
      </Button>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {status === 'friends' ? null : (
        <Button
          variant={follow.isFollowing ? 'outline' : 'default'}
          onClick={follow.toggle}
          className="min-w-28 max-sm:flex-1"
        >
          {follow.isFollowing ? <UserMinus aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
          {follow.isFollowing ? CONNECTION_MSG.unfollow : CONNECTION_MSG.follow}
        </Button>
      )}

      {status === 'friends' ? (
        <Button
          variant="secondary"
          onClick={() => {
            setConfirming('unfriend');
            wantMenu();
          }}
          className="max-sm:flex-1"
        >
          <UserCheck aria-hidden="true" />
          {CONNECTION_MSG.friends}
        </Button>
      ) : status === 'friend_requested' ? (
        <Button variant="outline" disabled className="max-sm:flex-1">
          <Clock aria-hidden="true" />
          {CONNECTION_MSG.requestSentLabel}
        </Button>
      ) : status === 'request_received' ? (
        <Button
          variant="secondary"
          onClick={() => answer.mutate({ userId, accept: true })}
          disabled={answer.isPending}
          className="max-sm:flex-1"
        >
          <UserCheck aria-hidden="true" />
          {CONNECTION_MSG.accept}
          <span className="sr-only"> friend request</span>
        </Button>
      ) : (
        <Button
          variant="outline"
          onClick={() => sendRequest.mutate()}
          disabled={sendRequest.isPending}
          className="max-sm:flex-1"
        >
          <UserRoundPlus aria-hidden="true" />
          {CONNECTION_MSG.connect}
        </Button>
      )}

      <Button variant="outline" onClick={() => openChat(userId)} className="max-sm:flex-1">
        <MessageCircle aria-hidden="true" />
        {CONNECTION_MSG.message}
      </Button>

      {isMenuWanted ? (
        <Suspense fallback={standIn}>
          <PersonMoreMenu
            userId={userId}
            name={name}
            hasRequest={status === 'request_received'}
            isOpen={isMenuOpen}
            onOpenChange={setIsMenuOpen}
            confirming={confirming}
            onConfirming={setConfirming}
            onReject={() => answer.mutate({ userId, accept: false })}
            unfriend={{
              isBusy: removeFriend.isPending,
              confirm: (done) => removeFriend.mutate(undefined, { onSuccess: done }),
            }}
            block={{
              isBusy: setBlocked.isPending,
              confirm: (done) => setBlocked.mutate(true, { onSuccess: done }),
            }}
          />
        </Suspense>
      ) : (
        standIn
      )}
    </div>
  );
}
