import {
  Ban,
  Clock,
  MessageCircle,
  MoreHorizontal,
  Pencil,
  UserCheck,
  UserMinus,
  UserPlus,
  UserRoundPlus,
} from 'lucide-react';
import { useState } from 'react';
import { CONNECTION_MSG, type ProfileView, PROFILE_REPORT_TARGET } from '@common/profiles/model';
import { useChat } from '@web/areas/messages/public';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { Spinner } from '@web/components/ui/spinner';
import {
  useAnswerFriendRequest,
  useRemoveFriend,
  useSendFriendRequest,
  useSetBlocked,
} from '../api/use-connection-mutations';
import type { useFollowToggle } from '../api/use-follow-toggle';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { ReportMenuItem } from '@web/components/report/report-actions';

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
  const [confirming, setConfirming] = useState<'unfriend' | 'block' | null>(null);
  const status = view.connection?.status ?? 'none';

  if (view.blockedByYou) {
    return (
      <Button variant="outline" onClick={() => setBlocked.mutate(false)} disabled={setBlocked.isPending}>
        {setBlocked.isPending ? <Spinner /> : <Ban aria-hidden="true" />}
        Unblock
      </Button>
    );
  }

  const closeConfirm = () => setConfirming(null);

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
        <Button variant="secondary" onClick={() => setConfirming('unfriend')} className="max-sm:flex-1">
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

      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="More actions">
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {status === 'request_received' ? (
            <DropdownMenuItem onSelect={() => answer.mutate({ userId, accept: false })}>
              <UserMinus aria-hidden="true" />
              Reject friend request
            </DropdownMenuItem>
          ) : null}
          <ReportMenuItem target={{ ...PROFILE_REPORT_TARGET, id: userId }} ownerId={userId} />
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirming('block')}>
            <Ban aria-hidden="true" />
            Block
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <ConfirmDialog
        open={confirming === 'unfriend'}
        onOpenChange={(open) => (open ? undefined : closeConfirm())}
        title={CONNECTION_MSG.removeFriendConfirm(name)}
        description="You will stop following each other. You can send a new friend request later."
        confirmLabel="Remove friend"
        isBusy={removeFriend.isPending}
        onConfirm={() => removeFriend.mutate(undefined, { onSuccess: closeConfirm })}
      />
      <ConfirmDialog
        open={confirming === 'block'}
        onOpenChange={(open) => (open ? undefined : closeConfirm())}
        title={`Block ${name}?`}
        description="Your connections with them are removed, and neither of you can follow, befriend or message the other. You can unblock them later."
        confirmLabel="Block"
        isBusy={setBlocked.isPending}
        onConfirm={() => setBlocked.mutate(true, { onSuccess: closeConfirm })}
      />
    </div>
  );
}
